#!/bin/bash
# dlprobe clockwrap's scan summed per boot and point (issue 28 finding 5;
# EXPERIMENTS.md section 2): how many of a scan's steps saw a reader
# behind the cycle_last clock_settime published, behind a tick's, and a
# CLOCK_REALTIME jump of more than 100 s.
# Usage: scripts/clockwrap-table.sh DIR
#   DIR  a scripts/bench-fidelity-v2.sh OUTDIR with clockwrap.csv
#        (FIDELITY_V2_PLAN=clockwrap, make bench-clockwrap)
# Writes DIR/summary.csv: qemu, quantum_ns, point, set_nsec, steps, reads,
# then for each kind (settime, tick) the steps with a reader behind, the
# readings behind and the deepest (ns); predicted (readings the vDSO
# arithmetic turns into > 100 s), steps_jump, jumps, jump_max_s.
# Exit status: 0; 2 bad usage or a clockwrap.csv without a column.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
in=$1/clockwrap.csv
[ -r "$in" ] || { echo "clockwrap-table.sh: no $in" >&2; exit 2; }
trap 'rm -f "$1/summary.csv.tmp"' EXIT
csv_awk '
FNR == 1 { header(); next }
{
	k = $col("qemu") SUBSEP $col("point")
	if (!(k in steps)) { order[n++] = k; q[k] = $col("quantum_ns"); z[k] = $col("set_nsec") }
	steps[k]++; reads[k] += $col("reads")
	bs[k] += $col("behind_settime"); if ($col("behind_settime") > 0) ss[k]++
	if ($col("settime_max_ns") > ms[k]) ms[k] = $col("settime_max_ns")
	bt[k] += $col("behind_tick"); if ($col("behind_tick") > 0) st[k]++
	if ($col("tick_max_ns") > mt[k]) mt[k] = $col("tick_max_ns")
	pr[k] += $col("predicted"); j[k] += $col("jumps"); if ($col("jumps") > 0) sj[k]++
	if ($col("jump_max_s") > mj[k]) mj[k] = $col("jump_max_s")
}
END {
	print "qemu,quantum_ns,point,set_nsec,steps,reads,steps_settime,behind_settime,settime_max_ns,steps_tick,behind_tick,tick_max_ns,predicted,steps_jump,jumps,jump_max_s"
	for (i = 0; i < n; i++) {
		k = order[i]; split(k, p, SUBSEP)
		printf "%s,%s,%s,%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%.3f\n", p[1], q[k], p[2], z[k], steps[k], reads[k],
			ss[k], bs[k], ms[k], st[k], bt[k], mt[k], pr[k], sj[k], j[k], mj[k]
	}
}' "$in" > "$1/summary.csv.tmp"
mv "$1/summary.csv.tmp" "$1/summary.csv"
say "wrote $1/summary.csv"
