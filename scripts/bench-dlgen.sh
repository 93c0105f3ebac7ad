#!/bin/bash
# dlgen's accuracy and per-job cost, from one run of experiments/plans/
# bench-dlgen.plan (points emulated, loops, cost: the "mode" column):
# per work mode, CPU class and requested run, the jobs,
# how many did their work within max(0.5% of the request, 10 us), and the
# excess work (work_ns - request) p50/p99/max in us; for the 1 us tasks the
# per-job cost, response - thread CPU time (work_ns x 1024 / capacity): the
# timer wake-up and dlgen's bookkeeping, in us (reported for every task).
# Also OUT-logging.csv: dlgen --bench-log (bookkeeping alone, ns per job) in
# the guest (point bench-log) and natively on this host.
# Usage: scripts/bench-dlgen.sh RUNDIR OUT.csv
set -euo pipefail
. "$(dirname "$0")/lib.sh"
run=${1:?usage: bench-dlgen.sh RUNDIR OUT.csv} out=${2:?usage: bench-dlgen.sh RUNDIR OUT.csv}
mkdir -p "$(dirname "$out")"
{
echo "mode,task,cpu_class,run_us,jobs,within_tolerance,excess_p50_us,excess_p99_us,excess_max_us,cost_p50_us,cost_p99_us"
for mode in emulated loops cost; do
	d=$run/$mode
	[ -r "$d/jobs.csv" ] || { echo "bench-dlgen: no $d/jobs.csv" >&2; exit 1; }
	caps=$(jq -r '.cpu_capacity | join(" ")' "$d/summary.json")
	for t in $(csv_awk 'FNR == 1 { header(); next } { print $col("task") }' "$d/jobs.csv" | sort -u); do
		run_ns=$(csv_awk -v t="$t" 'FNR == 1 { header(); next } $col("task") == t { print $col("run_ns"); exit }' "$d/tasks.csv")
		# per job not cut: excess work, cost (response - thread CPU time), CPU
		csv_awk -v t="$t" -v r="$run_ns" -v caps="$caps" 'BEGIN { split(caps, c, " ") }
			FNR == 1 { header(); next }
			$col("task") == t && !$col("cut") {
				w = $col("work_ns"); cpu = $col("cpu_start")
				print (w - r) / 1000, ($col("response_ns") - w * 1024 / c[cpu + 1]) / 1000, cpu
			}' "$d/jobs.csv" |
		sort -g | awk -v mode="$mode" -v t="$t" -v r="$run_ns" -v caps="$caps" '
		{ ex[NR] = $1; cost[NR] = $2; cpu = $3
		  tol = r * 0.005 / 1000; if (tol < 10) tol = 10
		  if ($1 <= tol && $1 >= -tol) ok++ }
		END {
			n = NR; split(caps, c, " ")
			# costs sorted separately
			for (i = 1; i <= n; i++) cs[i] = cost[i]
			for (i = 2; i <= n; i++) { v = cs[i]; j = i - 1; while (j > 0 && cs[j] > v) { cs[j + 1] = cs[j]; j-- } cs[j + 1] = v }
			p = int(0.99 * n); if (p < 0.99 * n) p++
			h = int(0.5 * n); if (h < 0.5 * n) h++
			printf "%s,%s,%s,%.0f,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f\n", mode, t, c[cpu + 1], r / 1000, n, ok,
				ex[h], ex[p], ex[n], cs[h], cs[p]
		}'
	done
done
} > "$out.tmp"
mv "$out.tmp" "$out"
column -s, -t "$out"
# dlgen's own bookkeeping per job, in the guest and natively on this host.
guest=$(sed -n 's/.*per-job bookkeeping: \([0-9.]*\) ns.*/\1/p' "$run/bench-log/dlgen.log" 2>/dev/null)
# the mode the point ran in, from its manifest (no comma: it is a CSV field)
timing=$(sed -n 's/^timing: \([a-z]*\).*/\1/p' "$run/bench-log/manifest.txt" 2>/dev/null)
host=$("$(dirname "$0")/../dlgen/build/dlgen" --bench-log 1000000 | sed -n 's/.*bookkeeping: \([0-9.]*\) ns.*/\1/p')
{
	echo "where,ns_per_job"
	echo "guest: stock kernel on HiKey960 in the ${timing:-unknown} timing mode,${guest:-none}"
	echo "host: native dlgen on $(nproc) CPUs,$host"
} > "${out%.csv}-logging.csv"
column -s, -t "${out%.csv}-logging.csv"
