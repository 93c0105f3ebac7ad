#!/bin/bash
# Build the one initramfs all kernels boot: busybox-static:arm64, the static
# aarch64 dlgen and initramfs/init, packed by the kernel's usr/gen_init_cpio.
# Usage: scripts/mkinitramfs.sh DLGEN_AARCH64 OUT.cpio.gz
set -eu
. "$(dirname "$0")/lib.sh"
dlgen=${1:?usage: mkinitramfs.sh DLGEN OUT}
out=${2:?usage: mkinitramfs.sh DLGEN OUT}
sysroot=$("$DLCAP_TOP/scripts/sysroot.sh" | tail -1)
ver=$(tarball_version)
src=$DLCAP_CACHE/src/$ver/linux
[ -r "$src/usr/gen_init_cpio.c" ] || die "no kernel tree at $src (build a kernel first)"

gen=$DLCAP_CACHE/tools/gen_init_cpio
if [ ! -x "$gen" ] || [ "$src/usr/gen_init_cpio.c" -nt "$gen" ]; then
	mkdir -p "${gen%/*}"
	gcc -O2 -o "$gen" "$src/usr/gen_init_cpio.c"
fi
sed -e "s|@SYSROOT@|$sysroot|g" -e "s|@DLGEN@|$(readlink -f "$dlgen")|g" \
    -e "s|@INIT@|$DLCAP_TOP/initramfs/init|g" \
    "$DLCAP_TOP/initramfs/files.list" > "$out.list"
"$gen" "$out.list" | gzip -9n > "$out.tmp"
mv "$out.tmp" "$out"
rm -f "$out.list"
