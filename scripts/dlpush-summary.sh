#!/bin/bash
# dlprobe dlpush's rows summed up against the quantum (EXPERIMENTS.md
# section 2, results/fidelity-v4/dlpush-q/README.md): how many quanta a
# whole move crosses, the two values the part on the CPU left takes, and
# which rows moved from an earlier run of the same plan.
# Usage: scripts/dlpush-summary.sh IN.csv [BEFORE.csv]   (CSV on stdout)
#   IN.csv, BEFORE.csv  scripts/bench-fidelity-v2.sh dlpush.csv tables
#   (columns quantum_ns, cpu_from, cpu_to, p50_ns, leave_p50_ns,
#   leave_p99_ns); a row is a (quantum_ns, cpu_from, cpu_to)
# A row's quanta: floor(p50_ns / quantum_ns), the quanta its median move
# crosses whole. Its side: the part on the CPU left's p50 (leave_p50_ns)
# is "low" or "high" of the split of the file's leave_p50_ns values at
# their largest gap (all rows, every quantum: one split per file).
# Output rows: per (quantum_ns, quanta), then per quantum_ns with quanta
# "all", then quantum_ns and quanta "all" (every row). Columns:
# quantum_ns, quanta, rows, p50_min_ns, p50_max_ns, quanta_changed (rows
# whose quanta BEFORE's same row had otherwise), leave_low_min_ns,
# leave_low_max_ns, leave_high_min_ns, leave_high_max_ns (the group's rows
# on each side; "-" for none), leave_p99_max_ns, leave_moved (rows on the
# other side in BEFORE, by BEFORE's own split). Without BEFORE, or for a
# row BEFORE lacks, the two counts are "-".
# Exit status: 0; 2 bad usage, a missing column, or fewer than 2 rows.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || [ $# = 2 ] || { sed -n '2,22p' "$0" >&2; exit 2; }
for f in "$@"; do [ -r "$f" ] || { echo "dlpush-summary.sh: no $f" >&2; exit 2; }; done
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# per file: its rows with quanta and side (file index, key, quanta, side)
sides() {
	csv_awk -v fi="$1" 'FNR == 1 { header(); next }
	{ n++; k[n] = $col("quantum_ns") "," $col("cpu_from") "," $col("cpu_to"); q[n] = int($col("p50_ns") / $col("quantum_ns"))
	  p50[n] = $col("p50_ns"); l[n] = $col("leave_p50_ns"); p99[n] = $col("leave_p99_ns") }
	END {
		if (n < 2) { printf "dlpush-summary.sh: %s: %d row(s), a split needs 2\n", FILENAME, n > "/dev/stderr"; exit 2 }
		# the largest gap between consecutive sorted leave_p50 values
		for (i = 1; i <= n; i++) s[i] = l[i] + 0
		for (i = 2; i <= n; i++) for (j = i; j > 1 && s[j] < s[j - 1]; j--) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
		gap = -1; for (i = 2; i <= n; i++) if (s[i] - s[i - 1] > gap) { gap = s[i] - s[i - 1]; cut = s[i - 1] }
		for (i = 1; i <= n; i++) print fi, k[i], q[i], (l[i] + 0 <= cut ? "low" : "high"), p50[i], l[i], p99[i]
	}' "$2"
}
sides 1 "$1" > "$tmp"
[ $# = 2 ] && sides 2 "$2" >> "$tmp"
awk -v before=$(($# - 1)) '
$1 == 2 { bq[$2] = $3; bs[$2] = $4; next }
{ key[++n] = $2; split($2, kk, ","); Q[n] = kk[1]; q[n] = $3; side[n] = $4; p50[n] = $5; l[n] = $6; p99[n] = $7 }
function group(g, qq, qa,   i, r, pl, ph, c, m, lo1, lo2, hi1, hi2, mx, known) {
	r = 0; c = 0; m = 0; known = 0; pl = ph = lo1 = lo2 = hi1 = hi2 = mx = ""
	for (i = 1; i <= n; i++) {
		if (qq != "all" && Q[i] != qq) continue
		if (qa != "all" && q[i] != qa) continue
		r++
		if (pl == "" || p50[i] < pl) pl = p50[i]; if (ph == "" || p50[i] > ph) ph = p50[i]
		if (side[i] == "low") { if (lo1 == "" || l[i] < lo1) lo1 = l[i]; if (lo2 == "" || l[i] > lo2) lo2 = l[i] }
		else { if (hi1 == "" || l[i] < hi1) hi1 = l[i]; if (hi2 == "" || l[i] > hi2) hi2 = l[i] }
		if (mx == "" || p99[i] > mx) mx = p99[i]
		if (before && (key[i] in bq)) { known++; if (bq[key[i]] != q[i]) c++; if (bs[key[i]] != side[i]) m++ }
	}
	if (!before || known < r) { c = "-"; m = "-" }
	printf "%s,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", qq, qa, r, pl, ph, c,
		lo1 == "" ? "-" : lo1, lo2 == "" ? "-" : lo2, hi1 == "" ? "-" : hi1, hi2 == "" ? "-" : hi2, mx, m
}
END {
	print "quantum_ns,quanta,rows,p50_min_ns,p50_max_ns,quanta_changed,leave_low_min_ns,leave_low_max_ns,leave_high_min_ns,leave_high_max_ns,leave_p99_max_ns,leave_moved"
	for (i = 1; i <= n; i++) if (!((Q[i]) in sq)) { sq[Q[i]] = 1; qs[++nq] = Q[i] }
	for (a = 1; a <= nq; a++) {
		split("", seen); nqa = 0
		for (i = 1; i <= n; i++) if (Q[i] == qs[a] && !((q[i]) in seen)) { seen[q[i]] = 1; qa[++nqa] = q[i] }
		for (b = 2; b <= nqa; b++) for (j = b; j > 1 && qa[j] < qa[j - 1]; j--) { t = qa[j]; qa[j] = qa[j - 1]; qa[j - 1] = t }
		for (b = 1; b <= nqa; b++) group(a, qs[a], qa[b])
		group(a, qs[a], "all")
	}
	group(0, "all", "all")
}' "$tmp"
