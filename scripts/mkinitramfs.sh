#!/bin/bash
# Build the one initramfs all kernels boot: busybox-static:arm64, the static
# aarch64 dlgen, initramfs/init, csv.awk and dl.sh, packed by the kernel's
# usr/gen_init_cpio.
# Usage: scripts/mkinitramfs.sh DLGEN_AARCH64 OUT.cpio.gz
set -eu
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
dlgen=${1:?usage: mkinitramfs.sh DLGEN OUT}
out=${2:?usage: mkinitramfs.sh DLGEN OUT}
sysroot=$("$DLCAP_TOP/scripts/sysroot.sh" | tail -1)
tarball=$(variant_tarball stock) || exit 2	# the stock build extracts it
ver=$(tarball_version "$tarball")
src=$DLCAP_CACHE/src/$ver/linux
[ -r "$src/usr/gen_init_cpio.c" ] || die "no kernel tree at $src (build a kernel first)"

gen=$DLCAP_CACHE/tools/gen_init_cpio
if [ ! -x "$gen" ] || [ "$src/usr/gen_init_cpio.c" -nt "$gen" ]; then
	mkdir -p "${gen%/*}"
	gcc -O2 -o "$gen" "$src/usr/gen_init_cpio.c"
fi
# Reproducible bytes: every entry gets mtime 0 (gen_init_cpio takes a file's
# own mtime, so the files are staged as copies with mtime 0). The same
# inputs then give the same initramfs, on any machine, and the guest spends
# the same instructions unpacking it (a boot in virtual mode repeats).
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$sysroot/bin/busybox" "$stage/busybox"
cp "$dlgen" "$stage/dlgen"
cp "$DLCAP_TOP/initramfs/init" "$stage/init"
cp "$DLCAP_TOP/initramfs/csv.awk" "$stage/csv.awk"
cp "$DLCAP_TOP/initramfs/dl.sh" "$stage/dl.sh"
touch -d @0 "$stage"/*
sed -e "s|@SYSROOT@/bin/busybox|$stage/busybox|g" -e "s|@DLGEN@|$stage/dlgen|g" \
    -e "s|@INIT@|$stage/init|g" -e "s|@CSVAWK@|$stage/csv.awk|g" -e "s|@DLSH@|$stage/dl.sh|g" \
    "$DLCAP_TOP/initramfs/files.list" > "$stage/list"
grep -v '^#' "$stage/list" | grep -q '@' && die "initramfs/files.list names a file this script does not stage"
mkdir -p "$(dirname "$out")"
# a temporary name of its own: two makes building it at once (two sweeps
# started together) each write whole bytes, the same, and rename
tmp=$(mktemp "$out.XXXXXX")
"$gen" -t 0 "$stage/list" | gzip -9n > "$tmp" || { rm -f "$tmp"; exit 1; }
chmod 644 "$tmp"
mv "$tmp" "$out"
