#!/bin/bash
# Per point and task: how many jobs each placement reason released
# (reasons.csv of scripts/placement-reasons.sh), one line per point and task:
#   point,task,jobs,reasons   (reasons: "fit:60 local:2", most frequent first)
# Usage: scripts/reasons-table.sh POINTDIR...   (points without reasons.csv
# are skipped with a note on stderr)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -gt 0 ] || die "usage: reasons-table.sh POINTDIR..."
echo "point,task,jobs,reasons"
for d in "$@"; do
	[ -r "$d/reasons.csv" ] || { echo "reasons-table.sh: $d: no reasons.csv; skipped" >&2; continue; }
	csv_awk -v point="$(basename "$(dirname "$d")")/$(basename "$d")" '
	FNR == 1 { header(); next }
	{ t = $col("task"); n[t]++; c[t SUBSEP $col("reason")]++; if (!(t in seen)) { seen[t] = 1; order[++k] = t } }
	END {
		for (i = 1; i <= k; i++) {
			t = order[i]; s = ""
			# most frequent first (few reasons: a selection sort is enough)
			split("", done)
			while (1) {
				best = ""; bn = 0
				for (key in c) { split(key, p, SUBSEP); if (p[1] == t && !(key in done) && c[key] > bn) { bn = c[key]; best = key } }
				if (best == "") break
				done[best] = 1; split(best, p, SUBSEP); s = s (s == "" ? "" : " ") p[2] ":" bn
			}
			printf "%s,%s,%d,%s\n", point, t, n[t], s
		}
	}' "$d/reasons.csv"
done
