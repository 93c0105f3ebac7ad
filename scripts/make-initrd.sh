#!/bin/bash
# A boot's initrd: the initramfs, then every file of INDIR as /share/in/NAME
# in a cpio of its own (the kernel unpacks concatenated archives in order).
# Fixed mtimes (INDIR's files are stamped @0), owners and gzip -n, so the
# same inputs give the same bytes: a different byte makes the guest unpack
# it in a different number of instructions, and the whole boot shifts.
#
# Usage: scripts/make-initrd.sh INITRAMFS INDIR OUT
#          writes OUT (and the cpio's file list as INDIR.list)
#        scripts/make-initrd.sh --tools
#          one line naming the tools that pack the inputs (gen_init_cpio's
#          SHA-256, or none while it is not built, and gzip's version): part
#          of every point's key (scripts/point-keys.sh)
# gen_init_cpio is the kernel's, in DLCAP_CACHE/tools (scripts/mkinitramfs.sh).
# Exit status: 0; 1 gen_init_cpio missing; 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
gen=$DLCAP_CACHE/tools/gen_init_cpio
if [ "${1:-}" = --tools ] && [ $# = 1 ]; then
	echo "gen_init_cpio sha256 $( [ -e "$gen" ] && hash_files "$gen" || echo none), $(gzip --version | head -1)"
	exit 0
fi
[ $# = 3 ] || usage
initramfs=$1 indir=${2%/} out=$3
[ -x "$gen" ] || die "no $gen (scripts/mkinitramfs.sh builds it)"
touch -d @0 "$indir"/*
{
	echo "dir /share 0755 0 0"
	echo "dir /share/in 0755 0 0"
	for f in "$indir"/*; do
		echo "file /share/in/${f##*/} $f 0644 0 0"
	done
} > "$indir.list"
{ cat "$initramfs"; "$gen" -t 0 "$indir.list" | gzip -9n; } > "$out"
