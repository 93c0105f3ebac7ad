#!/bin/bash
# Install the Debian packages dlcap needs, only those that are missing.
# Usage: scripts/deps.sh [host|all]
#   host: what host-side tests need (native gcc, json-c, trace-cmd)
#   all : everything for building kernels, booting QEMU and plotting (default)
set -eu

want=${1:-all}
host_pkgs="gcc make pkg-config libjson-c-dev clang libclang-rt-14-dev trace-cmd"
# the kernel trees the variants name (kernels/variants/*: SOURCE=):
# linux-source-6.1 from bookworm, linux-source-6.12 from bookworm-security
sources=$(. "$(dirname "$0")/lib.sh" && . "$DLCAP_TOP/scripts/lib/kernel.sh" && for v in "$DLCAP_TOP"/kernels/variants/*; do
	variant_source "${v##*/}" || exit 2; done | sort -u) || exit 2
all_pkgs="$host_pkgs $sources gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	bc bison flex rsync libssl-dev libelf-dev cpio xz-utils gzip
	device-tree-compiler gnuplot-nox
	slurm-wlm munge"
# QEMU 10 from bookworm-backports: 7.2 starves vCPUs under -icount. dlcap's
# own QEMU (scripts/qemu-build.sh) is built from the source of that package
# with meson >= 1.5 and pycotap, which bookworm has only in backports.
bp_pkgs="qemu-system-arm meson python3-pycotap"
qemu_build_pkgs="ninja-build libglib2.0-dev libpixman-1-dev libfdt-dev zlib1g-dev
	python3-venv python3-setuptools dpkg-dev bzip2"

case "$want" in
host) pkgs=$host_pkgs; bp= ;;
all) pkgs="$all_pkgs $qemu_build_pkgs"; bp=$bp_pkgs ;;
*) echo "deps.sh: unknown set '$want' (want host|all)" >&2; exit 2 ;;
esac

missing() {
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
	done
}

need=$(missing $pkgs)
need_bp=
if [ -n "$bp" ]; then
	need_bp=$(missing $bp)
	# Installed, but the old 7.2 from bookworm itself: upgrade from backports.
	if [ -z "$need_bp" ] && command -v qemu-system-aarch64 >/dev/null &&
	   qemu-system-aarch64 --version | grep -q 'version [0-7]\.'; then
		need_bp=$bp
	fi
	# bookworm's own meson (1.0) is too old for QEMU 10
	if ! echo "$need_bp" | grep -qw meson && command -v meson >/dev/null &&
	   ! printf '1.5\n%s\n' "$(meson --version)" | sort -V -C; then
		need_bp="$need_bp meson"
	fi
fi
[ -z "$need$need_bp" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing packages: $need $need_bp; run as root or install them" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if [ -n "$need_bp" ] && ! grep -rqs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d/; then
	echo "deps: adding bookworm-backports to /etc/apt/sources.list.d/dlcap-backports.sources"
	cat > /etc/apt/sources.list.d/dlcap-backports.sources <<SRC
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi
echo "deps: apt-get update"
apt-get update -qq
# Say which kernel tree the apt sources lack, and where it comes from,
# rather than apt-get's "Unable to locate package".
for p in $sources; do
	echo "$need" | grep -qx -- "$p" || continue
	apt-cache policy "$p" 2> /dev/null | grep -q 'Candidate: [0-9]' && continue
	echo "deps.sh: no apt source has $p: Debian ships it in bookworm-security (deb http://deb.debian.org/debian-security bookworm-security main) or bookworm-backports; add one to /etc/apt/sources.list.d/" >&2
	exit 1
done
if [ -n "$need" ]; then
	echo "deps: installing" $need
	apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
if [ -n "$need_bp" ]; then
	echo "deps: installing from bookworm-backports:" $need_bp
	apt-get install -y -qq --no-install-recommends -t bookworm-backports $need_bp >/dev/null
fi
