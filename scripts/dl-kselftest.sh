#!/bin/bash
# Juri Lelli's SCHED_DEADLINE kselftests (RFC, LKML 2026-03-06) in the
# guest, as dlcap writes them (kselftest/, dlselftest; EXPERIMENTS.md
# section 23): experiments/plans/dl-kselftest.plan, one point per test, in
# one boot per (kernel, topology).
# Usage: scripts/dl-kselftest.sh [KERNEL:TOPOLOGY...]
#   default: stock-6.12:symmetric8 stock-6.12:hikey960 stock:symmetric8
#   stock:hikey960 (the kernels must be built: make build-only KERNEL=...)
# Boots the tree's initramfs plus /usr/bin/dlselftest (an extra cpio, as
# scripts/bench-fidelity-v2.sh does: the default initramfs, and so every
# other boot, stays as it is). Raw runs: results/raw/dl-kselftest/KERNEL/
# TOPOLOGY (kept; a point is run again only when its inputs change,
# scripts/run-batch.sh); the table: scripts/dl-kselftest-table.sh.
# Exit status: 0; 1 a boot or point failed (a test's "not ok" is not a
# failed point); 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/initrd.sh"
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(stock-6.12:symmetric8 stock-6.12:hikey960 stock:symmetric8 stock:hikey960)
plan=$DLCAP_TOP/experiments/plans/dl-kselftest.plan
for r in "${runs[@]}"; do
	k=${r%%:*} t=${r#*:}
	[ "$k" != "$r" ] && [ -n "$k" ] && [ -n "$t" ] ||
		bad "'$r' is not KERNEL:TOPOLOGY"
	[ -r "$DLCAP_TOP/kernels/variants/$k" ] || bad "no kernel variant '$k'"
	[ -r "$DLCAP_TOP/experiments/topologies/$t.topo" ] || bad "no topology '$t'"
done

# The guest's dlselftest, appended to the tree's initramfs as a cpio of its own.
make -s -C "$DLCAP_TOP/kselftest" cross
make -s -C "$DLCAP_TOP/dlgen"	# the host dlgen, whose version run-batch records
raw=$DLCAP_TOP/results/raw/dl-kselftest
mkdir -p "$raw"
initramfs=$raw/initramfs.cpio.gz
initramfs_plus "$DLCAP_TOP/kselftest/build/dlselftest.aarch64" dlselftest "$initramfs"

for r in "${runs[@]}"; do
	k=${r%%:*} t=${r#*:}
	d=$raw/$k/$t
	mkdir -p "$raw/$k"
	say "dlselftest: $k on $t"
	INITRAMFS=$initramfs "$DLCAP_TOP/scripts/run-batch.sh" "$k" "$t" "$plan" "$d" \
		> "$d.log" 2>&1 || { tail -20 "$d.log" >&2; die "$k on $t failed (log $d.log)"; }
done
