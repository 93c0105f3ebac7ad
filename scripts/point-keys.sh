#!/bin/bash
# Each point's key: everything that can change its bytes. The boot (kernel
# Image, .config and patches, initramfs, DTB, topology file, timing and
# QEMU options, the QEMU binary, the tools that pack the initrd) and every
# input staged into it (what the plan's points name, the whole plan, knobs,
# capacities: a byte of any of them moves every job of the boot,
# EXPERIMENTS.md sections 13 and 15), plus the point's own plan line.
# scripts/run-batch.sh keeps a finished point whose key is unchanged and
# reruns one whose key moved.
# The boot's parts are named "input NAME: VALUE" lines; a point's key is
# the SHA-256 of those lines and "point: PLAN LINE", and its manifest.txt
# carries the same lines (scripts/point-collect.sh), from which
# scripts/results-manifest.sh makes its row: one identity.
#
# Usage: scripts/point-keys.sh [--parts FILE] KERNEL TOPOLOGY_FILE TIMING INITRAMFS INDIR QEMU_ARGS
#   KERNEL      variant name (kernels/variants/KERNEL: its PATCHES)
#   TOPOLOGY_FILE, INITRAMFS  the files of that name the boot uses
#   TIMING      quantum, virtual or realtime
#   INDIR       the inputs staged for the guest, as before its first boot
#               (scripts/run-batch.sh; scripts/make-initrd.sh packs every
#               file of it): INDIR/plan lists every point ("NAME TASKSET
#               ..."), the rest are what the points name, knobs, capacities
#   QEMU_ARGS   the boot's QEMU command line, one argument per line
#               (scripts/qemu-command.sh): the binary, -kernel IMAGE (its
#               .config three folders up), -dtb DTB and -initrd INITRD are
#               read from it; where they are is not keyed, their bytes are
#   --parts FILE  also write the keyed parts of the boot as shell
#               assignments into FILE, for manifests (scripts/point-collect.sh):
#               "inputs" holds the input lines
# Prints one "NAME KEY" line per point, in the plan's order.
# Exit status: 0; 2 bad usage.
set -eu
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
parts=
[ "${1:-}" = --parts ] && [ $# -gt 1 ] && { parts=$2; shift 2; }
[ $# = 6 ] || usage
kernel=$1 topofile=$2 timing=$3 initramfs=$4 indir=${5%/} qargs=$6
[ -r "$DLCAP_TOP/kernels/variants/$kernel" ] ||
	{ echo "point-keys: no kernel variant '$kernel' (kernels/variants/)" >&2; exit 2; }
[ -r "$qargs" ] && [ -r "$indir/plan" ] ||
	{ echo "point-keys: no $qargs or no $indir/plan" >&2; exit 2; }
mapfile -t qemu < "$qargs"
# arg_after OPTION: the argument after OPTION on the command line
arg_after() { printf '%s\n' "${qemu[@]}" | awk -v o="$1" 'p == o { print; exit } { p = $0 }'; }
qemu_bin=${qemu[0]} image=$(arg_after -kernel) initrd=$(arg_after -initrd) dtb=$(arg_after -dtb)

imgsum=$(hash_files "$image")
cfgsum=$(hash_files "$(dirname "$image")/../../../.config")
initsum=$(hash_files "$initramfs")
dtbsum=$(hash_files "$dtb")
topsum=$(hash_files "$topofile")
insum=$(cd "$indir" && for f in *; do echo "$f $(hash_files "$f")"; done | hash_files /dev/stdin)
PATCHES=
. "$DLCAP_TOP/kernels/variants/$kernel"
patchsum=none
if [ -n "$PATCHES" ]; then
	# the patches the kernel was built from (a series' cover letter is not one)
	mapfile -t pfiles < <(series_patches $PATCHES)
	patchsum=$(hash_files "${pfiles[@]}")
fi
qsum=$(hash_files "$(command -v "$qemu_bin")")
qver="$("$qemu_bin" --version | head -1), sha256 $qsum"
# the whole QEMU command line but for where its files are (their bytes are
# keyed above; compared whole, not by word), and the tools that pack the
# inputs into the initrd
qcmd=$(printf '%s\n' "${qemu[@]:1}" | I=$image R=$initrd D=$dtb awk '
	{ a = $0 == ENVIRON["I"] ? "IMAGE" : $0 == ENVIRON["R"] ? "INITRD" : $0 == ENVIRON["D"] ? "DTB" : $0
	  printf "%s%s", (NR > 1 ? " " : ""), a }')
initrd_tools=$("$DLCAP_TOP/scripts/make-initrd.sh" --tools)
inputs=$(printf 'input %s: %s\n' image_sha256 "$imgsum" config_sha256 "$cfgsum" \
	patches_sha256 "$patchsum" initramfs_sha256 "$initsum" dtb_sha256 "$dtbsum" \
	topology_sha256 "$topsum" staged_inputs_sha256 "$insum" timing "$timing" \
	command "$qcmd" initrd_tools "$initrd_tools" qemu_sha256 "$qsum")

if [ -n "$parts" ]; then
	{
		printf '%s=%q\n' kernel "$kernel" patches "${PATCHES:-none}" imgsum "$imgsum" \
			cfgsum "$cfgsum" patchsum "$patchsum" initsum "$initsum" dtbsum "$dtbsum" \
			topsum "$topsum" insum "$insum" timing "$timing" qver "$qver" \
			initrd_tools "$initrd_tools" command "${qemu[*]}" inputs "$inputs"
	} > "$parts"
fi
# Names compared exactly (a regex would let "u2.5-s1" match "u205-s1"); a
# point's line is the first that names it.
awk 'NF && !seen[$1]++ { print $1 }' "$indir/plan" | while read -r n; do
	line=$(awk -v n="$n" '$1 == n { print; exit }' "$indir/plan")
	echo "$n $(printf '%s\n' "$inputs" "point: $line" | sha256sum | cut -c1-16)"
done
