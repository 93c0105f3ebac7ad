#!/bin/bash
# Two builds of everything that boots, in different folders and at
# different times, give the same bytes: the stock kernel Image, dlgen's
# static aarch64 binary, the initramfs and dlcap's QEMU are built again from
# scratch under a fresh cache folder (another path, now) and compared with
# the cache's.
# Usage: scripts/check-reproducible.sh [VARIANT]   (default stock; ~5 min of
#   kernel build and ~7 min of QEMU build on 2 cores; QEMU_REPRO=0 skips
#   QEMU). The DTB is made by QEMU and dtc from the topology file each boot,
#   and the runner's point keys hash it.
# Exit status: 0 all identical; 1 otherwise.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
variant=${1:-stock}
a_img=$(kernel_image "$variant") || exit 2
[ -r "$a_img" ] || "$DLCAP_TOP/scripts/kernel-build.sh" "$variant" > /dev/null
if [ "${QEMU_REPRO:-1}" = 1 ]; then
	a_qemu=$("$DLCAP_TOP/scripts/qemu-build.sh" | tail -1)	# up to date, or built now
	[ -x "$a_qemu" ] || die "no dlcap QEMU in $DLCAP_CACHE"
fi
other=$(mktemp -d /tmp/dlcap-repro.XXXXXX)
trap 'rm -rf "$other"' EXIT
mkdir -p "$other/cache"
# the sysroot's packages are downloads, not builds: share them
ln -s "$DLCAP_CACHE/debs" "$other/cache/debs"
say "building $variant, dlgen and the initramfs again under $other"
start=$(date +%s)
DLCAP_CACHE=$other/cache "$DLCAP_TOP/scripts/kernel-build.sh" "$variant" > "$other/kernel.log" 2>&1 ||
	{ tail -20 "$other/kernel.log" >&2; die "the second kernel build failed"; }
b_img=$(DLCAP_CACHE=$other/cache kernel_image "$variant")
# dlgen in another folder: a copy of the sources elsewhere
cp -r "$DLCAP_TOP/dlgen" "$other/dlgen-src"
rm -rf "$other/dlgen-src/build"
sysroot=$(DLCAP_CACHE=$other/cache "$DLCAP_TOP/scripts/sysroot.sh")
make -s -C "$other/dlgen-src" cross SYSROOT="$sysroot" > "$other/dlgen.log" 2>&1 ||
	{ cat "$other/dlgen.log" >&2; die "the second dlgen build failed"; }
DLCAP_CACHE=$other/cache "$DLCAP_TOP/scripts/mkinitramfs.sh" "$other/dlgen-src/build/dlgen.aarch64" \
	"$other/cache/initramfs.cpio.gz" > /dev/null 2>&1 || die "the second initramfs failed"
if [ "${QEMU_REPRO:-1}" = 1 ]; then
	# the pristine source is a download, not a build: copied (qemu-build.sh
	# would fetch it again); the patched tree and the build are the other
	# folder's own
	vdir=$(basename "$(dirname "$(dirname "$a_qemu")")")	# build/VERSION/SERIES/qemu-system-aarch64
	pristine=$DLCAP_CACHE/qemu/src/$vdir/qemu
	[ -d "$pristine" ] || die "no pristine QEMU source at $pristine"
	mkdir -p "$other/cache/qemu/src/$vdir"
	cp -a --reflink=auto "$pristine" "$other/cache/qemu/src/$vdir/"
	DLCAP_CACHE=$other/cache "$DLCAP_TOP/scripts/qemu-build.sh" > "$other/qemu.out" 2> "$other/qemu.log" ||
		{ tail -20 "$other/qemu.log" >&2; die "the second QEMU build failed"; }
	b_qemu=$(tail -1 "$other/qemu.out")
fi
say "second build done in $(( $(date +%s) - start )) s"
bad=0
cmpf() {	# WHAT A B
	local x y
	x=$(sha256sum < "$2" | cut -c1-16) y=$(sha256sum < "$3" | cut -c1-16)
	if [ "$x" = "$y" ]; then echo "PASS: $1 identical ($x)"; else echo "FAIL: $1 differs ($x vs $y)"; bad=1; fi
}
cmpf "kernel Image ($variant)" "$a_img" "$b_img"
cmpf "dlgen.aarch64" "$DLCAP_TOP/dlgen/build/dlgen.aarch64" "$other/dlgen-src/build/dlgen.aarch64"
cmpf "initramfs" "$DLCAP_TOP/initramfs/build/initramfs.cpio.gz" "$other/cache/initramfs.cpio.gz"
[ "${QEMU_REPRO:-1}" = 1 ] && cmpf "dlcap's QEMU" "$a_qemu" "$b_qemu"
exit $bad
