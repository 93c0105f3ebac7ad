#!/bin/bash
# run.sh TOPOLOGY PLAN TAG [QEMU]: one boot of dlcap's run-batch.sh with the
# wfe-count QEMU, its counters in stats-TAG.txt (10 ms windows)
set -eu
topo=$1 plan=$2 tag=$3
cd /work/wt/wfe/main
export QEMU_BIN=${4:-/work/wt/wfe/bin/qemu-system-aarch64}
export INITRAMFS=${INITRAMFS:-/work/wt/wfe/initramfs.cpio.gz} DLGEN_HOST=/work/wt/wfe/bin/dlgen
export QT_STATS_FILE=/work/wt/wfe/stats-$tag.txt QT_STATS_WINDOW_NS=10000000
kernel=${KERNEL:-patched}
scripts/run-batch.sh --keys "$kernel" "$topo" "$plan" /work/wt/wfe/out-$tag
time nice -n 19 scripts/run-batch.sh "$kernel" "$topo" "$plan" /work/wt/wfe/out-$tag
