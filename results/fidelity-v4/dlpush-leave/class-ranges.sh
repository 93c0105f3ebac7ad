#!/bin/bash
# class-ranges.csv from classes.csv: per boot and class, the directions
# (rows), their moves and the range of their leave and whole-move p50s (what EXPERIMENTS.md
# section 2 cites). Columns by header name. Run here: ./class-ranges.sh
set -euo pipefail
cd "$(dirname "$0")"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{
	k = $c["boot"] "," $c["class"]
	if (!(k in n)) { order[++nk] = k; lo[k] = hi[k] = $c["leave_p50_ns"]; wlo[k] = whi[k] = $c["whole_p50_ns"] }
	n[k]++; m[k] += $c["moves"]
	v = $c["leave_p50_ns"] + 0
	if (v < lo[k]) lo[k] = v
	if (v > hi[k]) hi[k] = v
	w = $c["whole_p50_ns"] + 0
	if (w < wlo[k]) wlo[k] = w
	if (w > whi[k]) whi[k] = w
}
END {
	print "boot,class,directions,moves,leave_p50_min_ns,leave_p50_max_ns,whole_p50_min_ns,whole_p50_max_ns"
	for (i = 1; i <= nk; i++) { k = order[i]; print k "," n[k] "," m[k] "," lo[k] "," hi[k] "," wlo[k] "," whi[k] }
}' classes.csv > class-ranges.csv
