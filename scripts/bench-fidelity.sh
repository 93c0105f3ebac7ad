#!/bin/bash
# Timing fidelity of QEMU modes: boot the same plan N times per mode and
# tabulate late jobs, response and lateness, wake-up latency (start -
# release, p50/p99/max over the point's jobs), host seconds per guest
# second, and whether repeats produce byte-identical jobs.csv.
# Usage: scripts/bench-fidelity.sh KERNEL TOPO PLAN N OUT.csv MODE...
#   MODE: NAME=TIMING[:ICOUNT[:APPEND]], e.g. shift1=virtual:shift=1,sleep=off
#         or rt=realtime; for TIMING quantum, ICOUNT is QUANTUM/SHIFT/RATES,
#         e.g. q10=quantum:10000/0/capacity (QEMU_QUANTUM, QEMU_SHIFT,
#         QEMU_RATES of scripts/run-batch.sh; an empty field: its default).
#         Raw runs: results/raw/fidelity/KERNEL-TOPO-PLAN/NAME-i (kept).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
[ $# -ge 6 ] || usage
kernel=$1 topo=$2 plan=$3 n=$4 out=$5; shift 5
base=$DLCAP_TOP/results/raw/fidelity/$kernel-$topo-$plan
mkdir -p "$base"
tmp=$out.tmp
mkdir -p "$(dirname "$out")"
echo "mode,run,point,task,jobs,late_jobs,mean_response_ms,max_response_ms,max_lateness_ms,host_s,guest_s,host_per_guest,identical_to_run1,wakeup_p50_us,wakeup_p99_us,wakeup_max_us" > "$tmp"
for m in "$@"; do
	name=${m%%=*} spec=${m#*=}
	IFS=: read -r timing icount append <<< "$spec"
	for ((i = 1; i <= n; i++)); do
		d=$base/$name-$i
		if [ ! -e "$d/.done" ]; then
			say "$name run $i of $n ($timing${icount:+ $icount}${append:+, guest: $append})"
			env=(QEMU_TIMING="$timing" QEMU_APPEND="$append")
			if [ "$timing" = quantum ]; then
				IFS=/ read -r q sh r <<< "$icount"
				env+=(QEMU_QUANTUM="$q" QEMU_SHIFT="$sh" QEMU_RATES="$r")
			else
				env+=(QEMU_ICOUNT="$icount")
			fi
			env "${env[@]}" "$DLCAP_TOP/scripts/run-batch.sh" "$kernel" "$topo" "$plan" "$d" > "$d.log" 2>&1 ||
				{ cat "$d.log" >&2; die "$name run $i failed"; }
			touch "$d/.done"
		fi
		for pt in "$d"/*/; do
			pt=${pt%/}
			[ -r "$pt/jobs.csv" ] || continue
			# host time of this point alone (run-batch's manifest)
			host=$(manifest_host_seconds "$pt/manifest.txt")
			guest=$(jq -r '.duration_ns / 1e9' "$pt/summary.json")
			same=-
			if [ "$i" -gt 1 ]; then
				# jobs.csv byte for byte against the first run's
				if cmp -s "$pt/jobs.csv" "$base/$name-1/$(basename "$pt")/jobs.csv"; then same=yes; else same=no; fi
			fi
			# Wake-up latency of the point's jobs: start - release, in us.
			wake=$(csv_awk 'FNR == 1 { header(); next } { print $col("start_ns") - $col("release_ns") }' "$pt/jobs.csv" | sort -n |
				awk '{ v[NR] = $1 } END { if (!NR) { print "-,-,-"; exit }
					i = int(NR * 0.99); if (i < NR * 0.99) i++
					printf "%.1f,%.1f,%.1f", v[int((NR + 1) / 2)] / 1e3, v[i] / 1e3, v[NR] / 1e3 }')
			"$DLCAP_TOP/scripts/summary.sh" "$pt" |
				csv_awk -v m="$name" -v r="$i" -v pt="$(basename "$pt")" -v h="$host" -v g="$guest" -v s="$same" -v w="$wake" \
				'FNR == 1 { header(); next }
				{ printf "%s,%d,%s,%s,%d,%d,%s,%s,%s,%s,%s,%.2f,%s,%s\n", m, r, pt, $col("task"), $col("jobs"),
					$col("late_jobs"), $col("mean_response_ms"), $col("max_response_ms"),
					$col("max_lateness_ms"), h, g, h / g, s, w }' >> "$tmp"
		done
	done
done
mv "$tmp" "$out"
say "wrote $out"
