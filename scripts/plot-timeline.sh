#!/bin/bash
# Timeline of one point: which task ran on which CPU, job by job (PNG, PDF).
# Usage: scripts/plot-timeline.sh POINTDIR OUTPREFIX [FROM_MS TO_MS] [TITLE]
#   A job is drawn from its start to its end on the CPU it started on (jobs
#   that migrate, jobs.csv column migrations > 0, are drawn on their first CPU);
#   times are ms since the point's first release; default window 0-200 ms.
# Writes OUTPREFIX.csv (the table plotted), OUTPREFIX.png and OUTPREFIX.pdf.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/plot.sh"
dir=${1:?usage: plot-timeline.sh POINTDIR OUTPREFIX [FROM_MS TO_MS] [TITLE]}
out=${2:?usage: plot-timeline.sh POINTDIR OUTPREFIX [FROM_MS TO_MS] [TITLE]}
t0=${3:-0} t1=${4:-200} title=${5:-$(basename "$dir")}
title=${title//\'/\'\'}	# gnuplot's quote escape
[ -r "$dir/jobs.csv" ] || die "$dir has no jobs.csv"
caps=$(jq -r '.cpu_capacity | join(" ")' "$dir/summary.json") || die "$dir/summary.json: no cpu_capacity"
ncpu=$(echo "$caps" | wc -w)
mkdir -p "$(dirname "$out")"
csv_awk 'FNR == 1 { header(); print "task_index,task,cpu,start_ms,end_ms,late"; next }
	{ name = $col("task") "/" $col("instance"); if (!(name in idx)) idx[name] = n++
	  rel = $col("release_ns"); if (first == "" || rel < first) first = rel
	  nm[NR] = name; cpu[NR] = $col("cpu_start"); st[NR] = $col("start_ns"); en[NR] = $col("end_ns")
	  lt[NR] = ($col("lateness_ns") > 0) }
	END { for (i = 2; i <= NR; i++)
		printf "%d,%s,%d,%.3f,%.3f,%d\n", idx[nm[i]], nm[i], cpu[i],
			(st[i] - first) / 1e6, (en[i] - first) / 1e6, lt[i] }' \
	"$dir/jobs.csv" > "$out.csv.tmp"
mv "$out.csv.tmp" "$out.csv"
ntask=$(tail -n +2 "$out.csv" | cut -d, -f1 | sort -un | wc -l)
names=$(tail -n +2 "$out.csv" | cut -d, -f1,2 | sort -t, -k1,1n -u | cut -d, -f2 | tr '\n' ' ')
plot_both "$out" "1000,$((160 + 34 * ncpu))" "7in,$(awk -v n="$ncpu" 'BEGIN { printf "%.1f", 1.2 + 0.25 * n }')in" \
	"$DLCAP_TOP/plots/timeline.gp" \
	"data='$out.csv'; ncpu=$ncpu; caps='$caps'; ntask=$ntask; names='$names'; title='$title'; t0=$t0; t1=$t1"
say "wrote $out.csv $out.png $out.pdf"
