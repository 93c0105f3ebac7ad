#!/bin/bash
# The host wall time of a sweep's boots, per plan run, from the run.txt
# that scripts/run-batch.sh appends to its OUTDIR after each invocation
# ("plan: PLAN" and "host seconds: S, boots: B, ..."): what a boot cost on
# the host that ran it (QEMU's start to its exit, boot and teardown
# included), which no point's manifest holds (their host_s is a point's
# own time on the console). An invocation that booted nothing (its points
# were there, or restored from results/checkpoint) counts 0 seconds and 0
# boots: the seconds are those of the boots made on this host.
# Usage: scripts/boot-seconds.sh OUTDIR...   (CSV on stdout)
# Columns: kernel, topology (the OUTDIR's last two folders, RAW/KERNEL/TOPO
# as scripts/sweep.sh lays them out), plan, runs (invocations recorded),
# boots, host_s (their sums), plan_host_s_min, plan_host_s_max (host_s
# again); then one row kernel, topology and plan "all": the sums over
# the plans, and the smallest and largest plan's host_s.
# An OUTDIR without run.txt has no rows. Exit status: 0; 2 bad usage or a
# run.txt entry without its plan or host seconds line.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
echo "kernel,topology,plan,runs,boots,host_s,plan_host_s_min,plan_host_s_max"
for d in "$@"; do
	[ -r "$d/run.txt" ] || continue
	awk -v k="$(basename "$(dirname "$d")")" -v t="$(basename "$d")" '
	function entry_end() {
		if (!inentry) return
		if (p == "" || s == "") { printf "boot-seconds.sh: %s: the entry of line %d has no %s line\n", FILENAME, start, p == "" ? "plan:" : "host seconds:" > "/dev/stderr"; bad = 1; exit 2 }
		if (!(p in runs)) order[++n] = p
		runs[p]++; boots[p] += b; secs[p] += s
	}
	/^===== / { entry_end(); inentry = 1; start = FNR; p = ""; s = ""; b = 0; next }
	/^plan: / { p = $2 }
	/^host seconds: / { s = $3; sub(/,$/, "", s); b = $5; sub(/,$/, "", b)
		if (s !~ /^[0-9]+$/ || b !~ /^[0-9]+$/) { printf "boot-seconds.sh: %s:%d: not \"host seconds: S, boots: B, ...\"\n", FILENAME, FNR > "/dev/stderr"; bad = 1; exit 2 } }
	END {
		if (bad) exit 2
		entry_end(); if (bad) exit 2
		for (i = 1; i <= n; i++) { q = order[i]; printf "%s,%s,%s,%d,%d,%d,%d,%d\n", k, t, q, runs[q], boots[q], secs[q], secs[q], secs[q] }
	}' "$d/run.txt"
done > "$rows"
cat "$rows"
awk -F, 'NR == 1 { lo = hi = $6 } { r += $4; b += $5; s += $6; if ($6 < lo) lo = $6; if ($6 > hi) hi = $6 }
	END { if (NR) printf "all,all,all,%d,%d,%d,%d,%d\n", r, b, s, lo, hi }' "$rows"
