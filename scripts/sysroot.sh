#!/bin/bash
# Fetch the arm64 userland dlcap puts into the guest, without installing
# arm64 packages system-wide: apt-get download + dpkg-deb -x into a sysroot
# in the cache. Prints the sysroot path.
# Usage: scripts/sysroot.sh [trace]
#   (default) DLCAP_CACHE/sysroot-arm64:
#     libjson-c-dev:arm64, libjson-c5:arm64  -> static json-c for dlgen
#     busybox-static:arm64                   -> the guest's shell and tools
#   trace: DLCAP_CACHE/sysroot-arm64-trace, trace-cmd:arm64 and the
#     libraries it runs with, which points with trace=on stage
#     (initramfs/trace-point.sh)
set -eu
. "$(dirname "$0")/lib.sh"

case "${1:-}" in
'') pkgs="libjson-c-dev libjson-c5 busybox-static" sysroot=$DLCAP_CACHE/sysroot-arm64 ;;
trace) pkgs="trace-cmd libtraceevent1 libtracefs1 libzstd1 libc6" sysroot=$DLCAP_CACHE/sysroot-arm64-trace ;;
*) usage ;;
esac
stamp=$sysroot/.dlcap-pkgs
dl=$DLCAP_CACHE/debs
# deb_of PKG: the downloaded .deb the sysroot is made of
deb_of() { ls "$dl/${1}"_*_arm64.deb 2>/dev/null | tail -1; }
# write_versions DIR: "PACKAGE VERSION" of each, for the results' manifests
write_versions() {
	local p
	for p in $pkgs; do dpkg-deb --showformat='${Package} ${Version}\n' -W "$(deb_of "$p")"; done > "$1/.dlcap-versions"
}
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$pkgs" ]; then
	[ -s "$sysroot/.dlcap-versions" ] || write_versions "$sysroot"
	echo "$sysroot"
	exit 0
fi
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	say "dpkg --add-architecture arm64 (package lists only; nothing arm64 is installed)"
	dpkg --add-architecture arm64
	apt-get update -qq
fi
mkdir -p "$dl"
# apt downloads as its sandbox user _apt, which cannot write into root's
# cache ("Download is performed unsandboxed as root"): say that root does.
apt_dl=(apt-get -qq -o APT::Sandbox::User=root download)
rm -rf "$sysroot.new"; mkdir -p "$sysroot.new"
for p in $pkgs; do
	if ! ls "$dl/${p}"_*_arm64.deb >/dev/null 2>&1; then
		say "downloading $p:arm64"
		(cd "$dl" && "${apt_dl[@]}" "$p:arm64") ||
			{ apt-get update -qq && (cd "$dl" && "${apt_dl[@]}" "$p:arm64"); } ||
			die "cannot download $p:arm64"
	fi
	dpkg-deb -x "$(deb_of "$p")" "$sysroot.new"
done
write_versions "$sysroot.new"
echo "$pkgs" > "$sysroot.new/.dlcap-pkgs"
rm -rf "$sysroot"; mv "$sysroot.new" "$sysroot"
echo "$sysroot"
