#!/bin/bash
# What a CFS task got beside an RT hog on one CPU, per point of
# experiments/plans/fair-server.plan, as CSV on stdout.
# Usage: scripts/fair-server-table.sh RUNDIR...
#   RUNDIR: a run of fair-server.plan; the kernel is its grandparent
#   folder's name (results/raw/KERNEL/TOPOLOGY/fair-server)
# Columns: kernel, point, cpu and its capacity, server (the fair server's
# runtime/period in ms, "none" before 6.12), hog_s (how long the hog ran);
# then, of the CFS task while the hog ran: ms_per_s (its CPU time per
# second), bursts (its runs: job ends less than BURST_GAP_MS = 5 ms apart;
# a burst the hog's end may have cut is left out) and their CPU time
# (burst_ms_mean, _min, _max), first_ms (from the hog's start to the CFS
# task's first finished job; empty when none finished) and max_gap_ms (the
# longest time it finished no job). A job's CPU time is its work_ns x 1024 /
# capacity (dlgen's emulated work: work_ns is capacity-1024 time).
# Exit status: 0; 2 with one line naming what is missing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
echo "kernel,point,cpu,capacity,server,hog_s,ms_per_s,bursts,burst_ms_mean,burst_ms_min,burst_ms_max,first_ms,max_gap_ms"
for d in "$@"; do
	k=$(basename "$(dirname "$(dirname "$d")")")
	for p in "$d"/*/; do
		p=${p%/}
		[ -r "$p/taskset.json" ] || continue
		for f in dlgen.log jobs.csv summary.json; do
			[ -r "$p/$f" ] || bad "$p/$f: missing"
		done
		srv=$(sed -n 's|^fair_server runtime/period ns: ||p' "$p/dlgen.log")
		case "$srv" in
		none) ;;
		*/*) srv=$(echo "$srv" | awk -F/ '{ printf "%g/%g", $1 / 1e6, $2 / 1e6 }') ;;
		*) bad "$p/dlgen.log: no 'fair_server runtime/period ns:' line" ;;
		esac
		caps=$(jq -r '.cpu_capacity | join(" ")' "$p/summary.json") || bad "$p/summary.json: no cpu_capacity"
		csv_awk -v caps="$caps" -v pt="$p" -v k="$k" -v srv="$srv" -v bgap=5e6 '
			BEGIN { split(caps, cap, " ") }
			FNR == 1 { header(); next }
			$col("task") == "hog" {
				s = $col("start_ns") + 0; e = $col("end_ns") + 0
				if (!nh++ || s < h0) h0 = s
				if (e > h1) h1 = e
			}
			$col("task") == "cfs" {
				n++; end[n] = $col("end_ns") + 0
				c = $col("cpu_end"); cpu[c] = 1
				ms[n] = $col("work_ns") * 1024 / cap[c + 1] / 1e6
			}
			END {
				ncpu = 0; for (c in cpu) { ncpu++; the = c }
				if (!nh || !n || ncpu != 1) { printf "%s/jobs.csv: %d hog jobs, %d cfs jobs on %d CPUs (want both, one CPU)\n", pt, nh, n, ncpu > "/dev/stderr"; exit 2 }
				prev = h0; gap = 0; first = -1; nb = 0; total = 0
				for (i = 1; i <= n; i++) {
					if (end[i] < h0 || end[i] > h1) continue
					if (first < 0) first = end[i] - h0
					if (end[i] - prev > gap) gap = end[i] - prev
					if (nb == 0 || end[i] - prev > bgap) b[++nb] = 0
					b[nb] += ms[i]; total += ms[i]
					prev = end[i]
				}
				if (h1 - prev > gap) gap = h1 - prev
				if (nb && h1 - prev <= bgap) nb--	# the last burst may be cut
				for (i = 1; i <= nb; i++) {
					bsum += b[i]
					if (i == 1 || b[i] < lo) lo = b[i]
					if (i == 1 || b[i] > hi) hi = b[i]
				}
				np = split(pt, pp, "/")
				printf "%s,%s,%d,%d,%s,%.2f,%.1f,%d,%s,%s,%s,%s,%.1f\n", k, pp[np], the, cap[the + 1], srv,
					(h1 - h0) / 1e9, total / ((h1 - h0) / 1e9), nb,
					nb ? sprintf("%.1f", bsum / nb) : "", nb ? sprintf("%.1f", lo) : "", nb ? sprintf("%.1f", hi) : "",
					first < 0 ? "" : sprintf("%.1f", first / 1e6), gap / 1e6
			}' "$p/jobs.csv" || exit 2
	done
done
