#!/bin/bash
# Markdown tables of scripts/bench-fidelity-v2.sh's CSVs (columns by name).
# Usage: scripts/fidelity-v2-table.sh DIR   (DIR/{wakeup,monotonic,handoff,loop}.csv;
#        a file that is missing is left out)
# Writes DIR/monotonic-summary.csv (when DIR/monotonic.csv is there), the
# clock table's rows: per (qemu, topology, quantum_ns) in the order they
# first appear, over its CPUs: cpus, reads, behind_max (reads behind the
# largest published) and its % of reads, window_ns (the largest window),
# cpus_never_behind ("none" or a list), behind_handed and its %,
# handed_window_ns, steps_back, jumps (sums, or the largest for windows).
# Exit status: 0; 2 bad usage or a CSV without a column the tables need.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
dir=$1
[ -d "$dir" ] || bad "no folder $dir"

# table_head TITLE COLUMN...: a table's title line, then its Markdown header and
# separator (one "|---" per column)
table_head() {
	local title=$1
	shift
	printf '%s\n\n|' "$title"
	printf ' %s |' "$@"
	printf '\n|'
	printf -- '---|%.0s' "$@"
	printf '\n'
}

if [ -r "$dir/wakeup.csv" ]; then
	table_head "Wake-up latency (us; SCHED_FIFO, 1 ms absolute timer, 50 us work; spinners: SCHED_OTHER on other CPUs)" qemu topology point CPU spinners periods p50 p99 max overruns 'host s'
	csv_awk 'FNR == 1 { header(); next }
		{ printf "| %s | %s | %s | %d | %d | %d | %.2f | %.2f | %.2f | %d | %s |\n", $col("qemu"), $col("topology"),
			$col("point"), $col("cpu"), $col("spinners"), $col("periods"), $col("lat_p50_ns") / 1e3,
			$col("lat_p99_ns") / 1e3, $col("lat_max_ns") / 1e3, $col("overruns"), $col("host_s") }' "$dir/wakeup.csv"
	echo
	table_head "Index bias (p99, last CPU minus CPU 0, 7 spinners) and load ladder (p99 with 7 spinners / p99 alone), by CPU" qemu topology 'p99 CPU 0, busy8' 'p99 last CPU, busy8' difference 'ladder CPU 0' 'ladder last CPU'
	csv_awk 'FNR == 1 { header(); next }
		{ k = $col("qemu") SUBSEP $col("topology"); keys[k] = 1
		  c = $col("cpu"); s = $col("spinners") ? "busy" : "alone"
		  p99[k, c, s] = $col("lat_p99_ns") / 1e3
		  if (!(k in last) || c > last[k]) last[k] = c }
		END { for (k in keys) {
			split(k, f, SUBSEP); l = last[k]
			a = ((k, 0, "busy") in p99) ? sprintf("%.2f", p99[k, 0, "busy"]) : "-"
			b = ((k, l, "busy") in p99) ? sprintf("%.2f", p99[k, l, "busy"]) : "-"
			d = (a != "-" && b != "-") ? sprintf("%+.2f", b - a) : "-"
			r0 = ((k, 0, "alone") in p99 && a != "-") ? sprintf("%.2f x", a / p99[k, 0, "alone"]) : "-"
			rl = ((k, l, "alone") in p99 && b != "-") ? sprintf("%.2f x", b / p99[k, l, "alone"]) : "-"
			printf "| %s | %s | %s | %s (CPU %d) | %s | %s | %s |\n", f[1], f[2], a, b, l, d, r0, rl } }' "$dir/wakeup.csv" | sort
	echo
fi

if [ -r "$dir/monotonic.csv" ]; then
	# summed over the CPUs of each (qemu, topology, quantum) into
	# DIR/monotonic-summary.csv, the table's source (and EXPERIMENTS.md's)
	trap 'rm -f "$dir/monotonic-summary.csv.tmp"' EXIT
	csv_awk 'FNR == 1 { header(); next }
		{ k = $col("qemu") SUBSEP $col("topology") SUBSEP $col("quantum_ns")
		  if (!(k in reads)) order[++n] = k
		  cpus[k]++; reads[k] += $col("reads"); behind[k] += $col("behind_max"); hb[k] += $col("behind_handed")
		  if ($col("window_ns") > win[k]) win[k] = $col("window_ns")
		  if ($col("handed_window_ns") > hwin[k]) hwin[k] = $col("handed_window_ns")
		  back[k] += $col("steps_back"); jumps[k] += $col("jumps")
		  if (!$col("behind_max")) never[k] = never[k] (never[k] == "" ? "" : " ") $col("cpu") }
		END { print "qemu,topology,quantum_ns,cpus,reads,behind_max,behind_max_pct,window_ns,cpus_never_behind,behind_handed,behind_handed_pct,handed_window_ns,steps_back,jumps"
			for (i = 1; i <= n; i++) { k = order[i]; split(k, f, SUBSEP)
			printf "%s,%s,%s,%d,%d,%d,%.6f,%d,%s,%d,%.6f,%d,%d,%d\n", f[1], f[2], f[3], cpus[k], reads[k], behind[k],
				100 * behind[k] / reads[k], win[k], never[k] == "" ? "none" : never[k], hb[k],
				100 * hb[k] / reads[k], hwin[k], back[k], jumps[k] } }' "$dir/monotonic.csv" > "$dir/monotonic-summary.csv.tmp"
	mv "$dir/monotonic-summary.csv.tmp" "$dir/monotonic-summary.csv"
	table_head "Cross-CPU CLOCK_MONOTONIC (a reader per CPU; behind: below the largest reading already published, or below the value handed by the previous CPU)" qemu topology 'quantum ns' reads 'reads behind the largest' 'window (us)' 'CPUs never behind' 'reads behind a handed value' 'handed window (us)' 'steps back in a CPU' 'jumps > 100 ms'
	csv_awk 'FNR == 1 { header(); next }
		{ printf "| %s | %s | %s | %d | %.2f%% | %.2f | %s | %.2f%% | %.2f | %d | %d |\n", $col("qemu"), $col("topology"),
			$col("quantum_ns"), $col("reads"), $col("behind_max_pct"), $col("window_ns") / 1e3, $col("cpus_never_behind"),
			$col("behind_handed_pct"), $col("handed_window_ns") / 1e3, $col("steps_back"), $col("jumps") }' "$dir/monotonic-summary.csv"
	echo
fi

if [ -r "$dir/handoff.csv" ]; then
	table_head "Hand-off between two CPUs (us; A starts; one-way = receiver's clock - giver's stamp; round trip on A's clock)" qemu topology mode A T 'A to T p50 / p99' 'T to A p50 / p99' 'round trip p50 / p99' 'host s'
	csv_awk 'FNR == 1 { header(); next }
		{ printf "| %s | %s | %s | %d | %d | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %s |\n", $col("qemu"),
			$col("topology"), $col("mode"), $col("cpu_a"), $col("cpu_t"), $col("at_p50_ns") / 1e3,
			$col("at_p99_ns") / 1e3, $col("ta_p50_ns") / 1e3, $col("ta_p99_ns") / 1e3,
			$col("rtt_p50_ns") / 1e3, $col("rtt_p99_ns") / 1e3, $col("host_s") }' "$dir/handoff.csv"
	echo
fi

if [ -r "$dir/loop.csv" ]; then
	table_head "A fixed loop on the lowest- and the highest-capacity CPU with k busy (fastest chunk, ns): time ratio against the capacity ratio" qemu topology busy 'low CPU' 'high CPU' ratio 'capacity ratio' error 'ratio of the medians'
	for t in $(csv_awk 'FNR == 1 { header(); next } { print $col("topology") }' "$dir/loop.csv" | sort -u); do
		caps=$(eval "$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$t.topo")" && echo "$TOPO_CAPS")
		csv_awk -v t="$t" -v caps="$caps" 'BEGIN { n = split(caps, c, " "); for (i = 1; i <= n; i++) cap[i - 1] = c[i] }
			FNR == 1 { header(); next }
			$col("topology") != t { next }
			{ k = $col("qemu") SUBSEP $col("spinners") + 1; cpu = $col("cpu")
			  if (!(k in seen)) { seen[k] = 1; order[++m] = k }
			  if (!((k, "lo") in mn) || cap[cpu] < lc[k]) { lc[k] = cap[cpu]; mn[k, "lo"] = $col("chunk_min_ns"); md[k, "lo"] = $col("chunk_p50_ns") }
			  if (!((k, "hi") in mn) || cap[cpu] > hc[k]) { hc[k] = cap[cpu]; mn[k, "hi"] = $col("chunk_min_ns"); md[k, "hi"] = $col("chunk_p50_ns") } }
			END { for (i = 1; i <= m; i++) { k = order[i]; split(k, f, SUBSEP)
				if (lc[k] == hc[k]) continue
				r = mn[k, "lo"] / mn[k, "hi"]; e = hc[k] / lc[k]
				printf "| %s | %s | %d | %d (cap %d) | %d (cap %d) | %.6f | %.6f | %+.4f%% | %.6f |\n", f[1], t, f[2],
					mn[k, "lo"], lc[k], mn[k, "hi"], hc[k], r, e, 100 * (r / e - 1), md[k, "lo"] / md[k, "hi"] } }' "$dir/loop.csv"
	done
	echo
fi
