#!/bin/bash
# The boot-history sweep of the wake-up index goal (issue 28): CPU 7 minus
# CPU 0 wake-up latency, paired within a boot, over boots of different
# histories (experiments/plans/wake-sweep/*.plan, each run by
# scripts/bench-fidelity-v2.sh into a folder of its own).
# Usage: scripts/wake-sweep.sh OUTDIR HISTORY_DIR...
#   HISTORY_DIR  a bench-fidelity-v2.sh OUTDIR: its wakeup.csv has points
#                wakeA-busyN and wakeB-busyN (N = 8, 7 spinners; N = 1,
#                alone), its qemu column names the history
#   WAKE_SWEEP_CPUS  "A B", the two CPUs compared (default "0 7"): B - A
# Writes
#   OUTDIR/wakeup.csv   every history's wakeup.csv rows (one header)
#   OUTDIR/pairs.csv    history, first (the CPU whose point ran first),
#                       busy, each CPU's p50/p99/mean (columns p50_cpuA_ns
#                       ...) and CPU B - CPU A (ns)
#   OUTDIR/summary.csv  busy, stat (p50, p99, mean), histories, the mean
#                       difference, its sd, the 95% Student t interval over
#                       histories, min and max, and whether the interval
#                       lies within +-500 ns (the goal)
# Exit status: 0; 2 bad usage or a folder without a point the pairs need.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
cpus=${WAKE_SWEEP_CPUS:-0 7}
read -r cpu_a cpu_b rest <<< "$cpus"
case "${cpu_a:-x}:${cpu_b:-x}:$rest" in
*[!0-9:]*|*:*:?*) echo "wake-sweep: WAKE_SWEEP_CPUS '$cpus': not two CPU numbers" >&2; exit 2 ;;
esac
[ "$((10#$cpu_a))" != "$((10#$cpu_b))" ] || { echo "wake-sweep: WAKE_SWEEP_CPUS '$cpus': the same CPU twice" >&2; exit 2; }
cpu_a=$((10#$cpu_a)) cpu_b=$((10#$cpu_b))
out=$1
shift
for d in "$@"; do
	[ -r "$d/wakeup.csv" ] || { echo "wake-sweep: no $d/wakeup.csv" >&2; exit 2; }
done
mkdir -p "$out"
awk 'FNR == 1 && NR != 1 { next } { print }' "${@/%//wakeup.csv}" > "$out/wakeup.csv.tmp"
mv "$out/wakeup.csv.tmp" "$out/wakeup.csv"

csv_awk -v src="$out/wakeup.csv" -v A="$cpu_a" -v B="$cpu_b" '
function bad(msg) { printf "wake-sweep: %s: %s\n", src, msg > "/dev/stderr"; failed = 1; exit 2 }
FNR == 1 { header(); next }
$col("point") ~ /^wake[0-9]+-busy[18]$/ {
	h = $col("qemu"); p = $col("point")
	c = p; sub(/^wake/, "", c); sub(/-busy.*/, "", c); b = substr(p, length(p), 1)
	if (c != A && c != B) next
	c = c == A ? 0 : 1
	if (!(h in seen)) { seen[h] = 1; hist[nh++] = h }
	if (!((h, b) in first)) first[h, b] = c
	p50[h, b, c] = $col("lat_p50_ns"); p99[h, b, c] = $col("lat_p99_ns"); mn[h, b, c] = $col("lat_mean_ns")
	have[h, b, c] = 1
}
END {
	if (failed) exit 2
	printf "history,first,busy,p50_cpu%d_ns,p50_cpu%d_ns,d_p50_ns,p99_cpu%d_ns,p99_cpu%d_ns,d_p99_ns,mean_cpu%d_ns,mean_cpu%d_ns,d_mean_ns\n", A, B, A, B, A, B
	for (i = 0; i < nh; i++) {
		h = hist[i]
		for (b = 8; b >= 1; b -= 7) {
			if (!((h, b, 0) in have) && !((h, b, 1) in have)) continue
			if (!((h, b, 0) in have) || !((h, b, 1) in have)) bad(h ": wake" A "-busy" b " or wake" B "-busy" b " missing")
			printf "%s,%d,%d,%d,%d,%d,%d,%d,%d,%.1f,%.1f,%.1f\n", h, first[h, b] ? B : A, b,
				p50[h, b, 0], p50[h, b, 1], p50[h, b, 1] - p50[h, b, 0],
				p99[h, b, 0], p99[h, b, 1], p99[h, b, 1] - p99[h, b, 0],
				mn[h, b, 0], mn[h, b, 1], mn[h, b, 1] - mn[h, b, 0]
		}
	}
}' "$out/wakeup.csv" > "$out/pairs.csv.tmp"
mv "$out/pairs.csv.tmp" "$out/pairs.csv"

# 97.5% quantiles of Student t, 1 to 30 degrees of freedom
csv_awk '
BEGIN { split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086 2.080 2.074 2.069 2.064 2.060 2.056 2.052 2.048 2.045 2.042", tq, " ") }
FNR == 1 { header(); next }
{
	b = $col("busy")
	if (!(b in nb)) order[nbusy++] = b
	k = nb[b]++
	d["p50", b, k] = $col("d_p50_ns"); d["p99", b, k] = $col("d_p99_ns"); d["mean", b, k] = $col("d_mean_ns")
}
END {
	print "busy,stat,histories,mean_diff_ns,sd_ns,ci_lo_ns,ci_hi_ns,min_diff_ns,max_diff_ns,within_500ns"
	for (i = 0; i < nbusy; i++) {
		b = order[i]; n = nb[b]
		for (s = 1; s <= 3; s++) {
			st = s == 1 ? "p50" : s == 2 ? "p99" : "mean"
			sum = 0; lo = hi = d[st, b, 0]
			for (k = 0; k < n; k++) { x = d[st, b, k]; sum += x; if (x < lo) lo = x; if (x > hi) hi = x }
			m = sum / n; ss = 0
			for (k = 0; k < n; k++) ss += (d[st, b, k] - m) ^ 2
			if (n < 2 || n > 31) { printf "wake-sweep: %d histories: the t interval needs 2 to 31\n", n > "/dev/stderr"; exit 2 }
			sd = sqrt(ss / (n - 1)); hw = tq[n - 1] * sd / sqrt(n)
			printf "%d,%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%s\n", b, st, n, m, sd, m - hw, m + hw, lo, hi,
				(m - hw >= -500 && m + hw <= 500) ? "yes" : "no"
		}
	}
}' "$out/pairs.csv" > "$out/summary.csv.tmp"
mv "$out/summary.csv.tmp" "$out/summary.csv"
say "wrote $out/{wakeup,pairs,summary}.csv"
