#!/bin/bash
# Where a traced wake-up point's latency goes, period by period (issue 28):
# from a dlprobe wakeup point run with trace=on (its trace.txt, or
# trace.txt.gz, and probe.csv), the SCHED_FIFO probe's sched_waking (raised in the timer
# interrupt on its CPU) and its switch-in, grouped by the period's index
# modulo 4 (HZ=250: the 4 ms tick spans 4 periods of 1 ms, so tick work
# shows as one group). The deadline is not traced: a waking time is given
# against the period's grid, above the earliest waking of the point.
# Usage: scripts/wake-trace.sh POINTDIR...
# Output (CSV on stdout): point (POINTDIR's last part), cpu, k_mod_4,
#   periods, waking_ns (mean waking time above the earliest, on the
#   1 ms grid), switch_ns (mean waking to switch-in), latency_ns (their
#   sum, relative)
# The wake-ups kept are dlprobe's: PERIODS (probe.csv) of them after the
# 20 of its warm-up, which begin at the first three 1 ms gaps.
# Exit status: 0; 2 bad usage or a point without what it needs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
echo "point,cpu,k_mod_4,periods,waking_ns,switch_ns,latency_ns"
for d in "$@"; do
	t=$d/trace.txt
	[ -r "$t" ] || t=$t.gz
	[ -r "$t" ] && [ -r "$d/probe.csv" ] ||
		{ echo "wake-trace: $d: no trace.txt[.gz] or probe.csv (a wakeup point with trace=on)" >&2; exit 2; }
	read -r cpu periods < <(csv_awk 'FNR == 1 { header(); next } { print $col("cpu"), $col("periods"); exit }' "$d/probe.csv")
	case "$cpu$periods" in ''|*[!0-9]*) echo "wake-trace: $d/probe.csv: no cpu or periods" >&2; exit 2 ;; esac
	gzip -dcf "$t" | awk -v cpu="$cpu" -v periods="$periods" -v point="${d##*/}" -v src="$t" '
	function num(s) { sub(/:$/, "", s); return s + 0 }
	# the probe (SCHED_FIFO 50: prio 49) woken for this CPU, then switched in on it
	/ sched_waking: / && / prio=49 / && $0 ~ ("target_cpu=0*" cpu "$") { w = num($3); next }
	/ sched_switch: / && / next_prio=49$/ && $2 == sprintf("[%03d]", cpu) && w != "" {
		ws[n] = w; ss[n] = num($3); n++; w = ""
	}
	END {
		for (i = 0; i + 3 < n; i++)
			if (ws[i + 1] - ws[i] > 0.0009 && ws[i + 1] - ws[i] < 0.0011 &&
			    ws[i + 2] - ws[i + 1] > 0.0009 && ws[i + 2] - ws[i + 1] < 0.0011 &&
			    ws[i + 3] - ws[i + 2] > 0.0009 && ws[i + 3] - ws[i + 2] < 0.0011)
				break
		i0 = i + 20
		if (i0 + periods > n) { printf "wake-trace: %s: fewer than %d periodic wake-ups of a prio-49 task on CPU %d\n", src, periods + 20, cpu > "/dev/stderr"; exit 2 }
		for (i = i0; i < i0 + periods; i++) {
			k = int((ws[i] - ws[i0]) * 1000 + 0.5)
			x = (ws[i] - ws[i0] - k / 1000) * 1e9
			if (i == i0 || x < lo) lo = x
			g = k % 4; c[g]++; sx[g] += x; sg[g] += (ss[i] - ws[i]) * 1e9
		}
		for (g = 0; g < 4; g++) {
			if (!c[g]) continue
			a = sx[g] / c[g] - lo; b = sg[g] / c[g]
			printf "%s,%d,%d,%d,%.0f,%.0f,%.0f\n", point, cpu, g, c[g], a, b, a + b
		}
	}'
done
