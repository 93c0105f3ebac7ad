# Shared settings for dlcap scripts; sourced, not run.
# shellcheck shell=bash

DLCAP_CACHE=${DLCAP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dlcap}
DLCAP_TARBALL=${DLCAP_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
DLCAP_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
say() { echo "[$(basename "$0" .sh)] $*" >&2; }

# Version of the Debian linux-source package that installed the tarball,
# e.g. 6.1.192-3: it names the extracted tree and the build folders.
tarball_version() {
	local v
	v=$(dpkg-query -S "$DLCAP_TARBALL" 2>/dev/null | cut -d: -f1)
	[ -n "$v" ] && v=$(dpkg-query -W -f='${Version}' "$v" 2>/dev/null)
	[ -n "$v" ] || v=$(stat -c %s-%Y "$DLCAP_TARBALL")
	echo "$v"
}

hash_files() { cat "$@" | sha256sum | cut -c1-16; }
