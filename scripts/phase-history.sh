#!/bin/bash
# The same starts in several boot histories (issue 28: the quantum mode's
# tick-phase and boot-history sweep, EXPERIMENTS.md section 2), side by
# side: scripts/bench-fidelity.sh tables of plans that run the same points
# in different orders, one mode name per history.
# Usage: scripts/phase-history.sh DIR IN.csv...
#   IN.csv  scripts/bench-fidelity.sh output (columns mode, point, task,
#           jobs, late_jobs, max_lateness_ms); its mode names the history
# Writes DIR/runs.csv (every input row, one header) and DIR/spread.csv: per
# (point, task) the late jobs in each history (columns late_MODE, in the
# order the modes first appear), their minimum, maximum and spread
# (max - min), and the largest lateness over the histories; and
# DIR/summary.csv: per (group, task), the group being a point's name less
# its trailing digits (c0..c9: c): phases (points), starts (points x
# histories), starts_late (starts with a late job), late_min, late_max
# (late jobs of one start), phases_moved (phases whose histories differ)
# and spread_max.
# Exit status: 0; 2 bad usage, a missing column, or a (point, task) that a
# history lacks.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
out=$1
shift
for f in "$@"; do [ -r "$f" ] || { echo "phase-history.sh: no $f" >&2; exit 2; }; done
mkdir -p "$out"
trap 'rm -f "$out/runs.csv.tmp" "$out/spread.csv.tmp" "$out/summary.csv.tmp"' EXIT
awk 'FNR == 1 && NR != 1 { next } { print }' "$@" > "$out/runs.csv.tmp"
csv_awk -v src="$*" '
FNR == 1 { header(); next }
{
	m = $col("mode"); k = $col("point") SUBSEP $col("task")
	if (!(m in seen)) { seen[m] = 1; mode[nm++] = m }
	if (!(k in have)) { have[k] = 1; key[nk++] = k }
	late[m, k] = $col("late_jobs"); got[m, k] = 1
	if (!((k) in ml) || $col("max_lateness_ms") > ml[k]) ml[k] = $col("max_lateness_ms")
}
END {
	printf "point,task"
	for (i = 0; i < nm; i++) printf ",late_%s", mode[i]
	print ",late_min,late_max,spread,max_lateness_ms"
	for (j = 0; j < nk; j++) {
		k = key[j]; split(k, pt, SUBSEP); lo = ""; hi = ""
		printf "%s,%s", pt[1], pt[2]
		for (i = 0; i < nm; i++) {
			if (!((mode[i], k) in got)) {
				printf "phase-history.sh: %s: history %s has no point %s task %s\n", src, mode[i], pt[1], pt[2] > "/dev/stderr"
				exit 2
			}
			x = late[mode[i], k]; printf ",%d", x
			if (lo == "" || x < lo) lo = x; if (hi == "" || x > hi) hi = x
		}
		printf ",%d,%d,%d,%s\n", lo, hi, hi - lo, ml[k]
	}
}' "$out/runs.csv.tmp" > "$out/spread.csv.tmp"
csv_awk '
FNR == 1 {
	header()
	for (i = 3; i <= NF && $i ~ /^late_/ && $i != "late_min"; i++) nh++
	next
}
{
	g = $col("point"); sub(/[0-9]+$/, "", g); k = g SUBSEP $col("task")
	if (!(k in ph)) order[n++] = k
	ph[k]++
	for (i = 3; i < 3 + nh; i++) {
		st[k]++; if ($i > 0) sl[k]++
		if (!(k in lo) || $i < lo[k]) lo[k] = $i
		if (!(k in hi) || $i > hi[k]) hi[k] = $i
	}
	if ($col("spread") > 0) mv[k]++
	if ($col("spread") > sm[k]) sm[k] = $col("spread")
}
END {
	print "group,task,phases,starts,starts_late,late_min,late_max,phases_moved,spread_max"
	for (j = 0; j < n; j++) {
		k = order[j]; split(k, p, SUBSEP)
		printf "%s,%s,%d,%d,%d,%d,%d,%d,%d\n", p[1], p[2], ph[k], st[k], sl[k], lo[k], hi[k], mv[k], sm[k]
	}
}' "$out/spread.csv.tmp" > "$out/summary.csv.tmp"
mv "$out/runs.csv.tmp" "$out/runs.csv"
mv "$out/spread.csv.tmp" "$out/spread.csv"
mv "$out/summary.csv.tmp" "$out/summary.csv"
say "wrote $out/{runs,spread,summary}.csv"
