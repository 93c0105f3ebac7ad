#!/bin/bash
# The QEMU command line that boots a kernel on a topology in a timing mode,
# as scripts/run-batch.sh runs it: one argument per line, the QEMU binary
# first. Names the files it boots; reads none but the topology.
#
# Usage: scripts/qemu-command.sh TOPOLOGY_FILE MEM IMAGE INITRD DTB
#   TOPOLOGY_FILE  a .topo file (CPU model, CPUs, GIC, the vCPUs' rates)
#   MEM            guest memory (-m)
#   IMAGE INITRD DTB  the kernel, initrd and device tree to boot
# Environment:
#   QEMU_TIMING   quantum (default), virtual or realtime (scripts/run-batch.sh)
#   QEMU_QUANTUM  quantum mode: the quantum in ns of virtual time (default
#                 $QEMU_QUANTUM_DEFAULT; EXPERIMENTS.md section 2)
#   QEMU_SHIFT    quantum mode: a capacity-1024 vCPU executes one instruction
#                 every 2^QEMU_SHIFT ns (default $QEMU_SHIFT_DEFAULT)
#   QEMU_RATES    quantum mode: "capacity" (rate = capacity/1024), "equal",
#                 or unset: what the topology file says (default capacity)
#   QEMU_ICOUNT   -icount options of the virtual mode (default shift=0,sleep=off)
#   QEMU_APPEND   extra guest kernel command-line arguments
#   QEMU_BIN      the QEMU to boot (default: dlcap's in the quantum mode,
#                 qemu-system-aarch64 from PATH otherwise)
# Exit status: 0; 2 bad usage or a bad QEMU_* setting (one line on stderr).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/qemu.sh"
[ $# = 5 ] || usage
topofile=$1 mem=$2 image=$3 initrd=$4 dtb=$5
timing=${QEMU_TIMING:-quantum}
qemu_bin=$(qemu_bin_for "$timing") || exit 2
rates_mode=	# QEMU_RATES only means something to the quantum mode
[ "$timing" = quantum ] && rates_mode=${QEMU_RATES:-}
topo_vars=$("$DLCAP_TOP/scripts/topo.sh" "$topofile" ${rates_mode:+"$rates_mode"}) || exit 2
eval "$topo_vars"
accel=$(qemu_accel "$timing" "$TOPO_RATES") || exit 2
mapfile -t accel <<< "$accel"

# skew_tick=1 staggers the CPUs' ticks: with all ticks at the same instant,
# 8 busy vCPUs overran 11 ms budgets with 10 ms of work whenever releases
# fell 2 ms after a tick (EXPERIMENTS.md section 2; QEMU_APPEND=skew_tick=0
# turns it off again).
# No device does I/O while points run (EXPERIMENTS.md section 13): the
# inputs ride in a cpio appended to the initramfs, the results come back as
# frames on the console (initramfs/init), the RTC follows the virtual clock
# and QEMU's own random numbers (it refills any /chosen/rng-seed at reset)
# come from a fixed seed. A boot then repeats exactly.
printf '%s\n' "$qemu_bin" -M "virt,gic-version=$TOPO_GIC" -cpu "$TOPO_CPU" \
	-smp "$TOPO_NCPUS" -m "$mem" -nographic -no-reboot -nic none "${accel[@]}" \
	-rtc base=2020-01-01T00:00:00,clock=vm -seed 1 \
	-kernel "$image" -initrd "$initrd" -dtb "$dtb" \
	-append "console=ttyAMA0 panic=-1 dlcap.guest=1 skew_tick=1${QEMU_APPEND:+ $QEMU_APPEND}"
