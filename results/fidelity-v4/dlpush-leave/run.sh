#!/bin/bash
# run.sh PLAN TAG QUANTUM_NS [--keys]: one boot of run-batch.sh (stock kernel, symmetric8)
# from the h/leave worktree, with a private DLCAP_CACHE (symlinks to the main cache's
# stock kernel build, read only) and the copied quantum QEMU
set -eu
plan=$1 tag=$2 q=$3
cd /work/wt/leave
export DLCAP_CACHE=/work/wt/leave-scratch/cache
export QEMU_TIMING=quantum QEMU_BIN=/work/wt/leave-scratch/bin/qemu-system-aarch64 QEMU_QUANTUM=$q
export INITRAMFS=${INITRAMFS:-/work/wt/leave-scratch/initramfs-leave2.cpio.gz}
export DLGEN_HOST=/work/wt/leave/dlgen/build/dlgen
topo=${TOPO:-symmetric8}
if [ "${4:-}" = --keys ]; then scripts/run-batch.sh --keys stock $topo "$plan" /work/wt/leave-scratch/out-$tag; exit; fi
QEMU_TIMEOUT=${QEMU_TIMEOUT:-2400} time nice -n 19 scripts/run-batch.sh stock $topo "$plan" /work/wt/leave-scratch/out-$tag
