#!/bin/bash
# scripts/pull-misfit.sh over a sweep's raw points, summed per (topology,
# policy, U) and per (topology, policy) over every U (u = all): the counts
# EXPERIMENTS.md section 19 quotes, as a committed CSV (the raw points are
# not committed). A GROUP=POL,POL... argument adds rows that pool those
# policies (e.g. the capacity-aware ones), per U and over every U.
# Points come from the raw index (results/raw/sweeps/NAME/index.csv); a
# point without jobs.csv, tasks.csv or summary.json is left out (counted in
# no column; pull-misfit.sh names it on stderr).
#
# Usage: scripts/pull-misfit-summary.sh [--trace] NAME [GROUP=POL,POL...]...
#   (results/raw/sweeps/NAME; results/ is $DLCAP_RESULTS when set);
#   a sweep file's line "derive pull-misfit.csv = pull-misfit-summary.sh
#   {name} ..." writes it with the sweep's results
# Prints CSV: topology,policy,u,policies,points,jobs,late_jobs,late_points,
#   moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit,pulled_points,
#   pulled_u_min,pulled_u_max,misfit_share,misfit_share_max
#   policies         how many policies the row pools (1, or a GROUP's size)
#   points           points summed
#   jobs .. pulled_to_misfit, late_jobs   sums of pull-misfit.sh's columns
#                    (pushed_/pulled_ empty when a point has no reasons.csv)
#   late_points      points with at least one late job
#   pulled_points    points with at least one job pulled onto a misfit CPU;
#   pulled_u_min/max the smallest and largest U among them (empty: none)
#   misfit_share     moved_to_misfit / jobs
#   misfit_share_max the largest misfit_share of the row's U values (a
#                    per-U row: its own)
# --trace: pull-misfit.sh --trace summed instead (the trace's decisions:
#   wake-ups local/fit/..., pushes to a CPU the task does not fit by reason)
# Prints CSV: topology,policy,u,policies,points,path,reason,events,moved,
#   moved_to_misfit
#   points           the row's points that have a placements.trace
#   path .. moved_to_misfit  pull-misfit.sh --trace's, summed; every
#                    (path, reason) of the sweep in every row group, 0 where
#                    its points have none (a count that falls to 0 in a
#                    rerun is still a row), in the order they first appear
# Rows: each (topology, policy) in the index's order, its U values in the
# index's order, then its u = all row; then each GROUP the same way.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
trace=
[ "${1:-}" = --trace ] && { trace=--trace; shift; }
[ $# -ge 1 ] || die "usage: pull-misfit-summary.sh [--trace] NAME [GROUP=POL,POL...]..."
name=$1; shift
groups=
for g in "$@"; do
	[[ $g =~ ^[A-Za-z0-9_.-]+=[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$ ]] ||
		die "'$g' is not GROUP=POLICY,POLICY..."
	groups="$groups $g"
done
res=${DLCAP_RESULTS:-$DLCAP_TOP/results}
raw=$res/raw/sweeps/$name
[ -r "$raw/index.csv" ] || die "no $raw/index.csv (the sweep's raw points: make sweep-$name)"
dirs=()
while read -r dir; do dirs+=("$raw/$dir"); done < <(csv_awk 'FNR == 1 { header(); next } { print $col("dir") }' "$raw/index.csv")
[ ${#dirs[@]} -gt 0 ] || die "$raw/index.csv: no point"
per=$(mktemp)
trap 'rm -f "$per"' EXIT
"$DLCAP_TOP/scripts/pull-misfit.sh" $trace "${dirs[@]}" > "$per"
if [ -n "$trace" ]; then
	echo "topology,policy,u,policies,points,path,reason,events,moved,moved_to_misfit"
else
	echo "topology,policy,u,policies,points,jobs,late_jobs,late_points,moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit,pulled_points,pulled_u_min,pulled_u_max,misfit_share,misfit_share_max"
fi
csv_awk -v raw="$raw" -v groups="$groups" -v trace="${trace:+1}" '
# add(K, U): this per-point row to row K (topology SUBSEP policy SUBSEP u)
function add(k, u,   r) {
	if (trace) {
		if (!((k, d) in seenp)) { seenp[k, d] = 1; pts[k]++ }
		r = $col("path") "," $col("reason")
		ev[k, r] += $col("events"); mv[k, r] += $col("moved"); ms[k, r] += $col("moved_to_misfit")
		return
	}
	if (!(k in pts)) { pts[k] = 0; nopush[k] = 0 }
	pts[k]++; jobs[k] += $col("jobs"); late[k] += $col("late"); moved[k] += $col("moved")
	mis[k] += $col("moved_to_misfit")
	if ($col("pushed_to_misfit") == "") nopush[k] = 1
	push[k] += $col("pushed_to_misfit"); pull[k] += $col("pulled_to_misfit")
	if ($col("late") > 0) latep[k]++
	if ($col("pulled_to_misfit") > 0) {
		pullp[k]++
		if (!(k in umin) || u + 0 < umin[k] + 0) umin[k] = u
		if (!(k in umax) || u + 0 > umax[k] + 0) umax[k] = u
	}
}
# row(K, NPOL): print row K (--trace: its rows)
function row(k, npol,   p, s, i) {
	split(k, p, SUBSEP)
	if (trace) {
		for (i = 0; i < nr; i++)
			printf "%s,%s,%s,%d,%d,%s,%d,%d,%d\n", p[1], p[2], p[3], npol, pts[k], rs[i],
				ev[k, rs[i]], mv[k, rs[i]], ms[k, rs[i]]
		return
	}
	s = jobs[k] ? sprintf("%.5f", mis[k] / jobs[k]) : ""
	printf "%s,%s,%s,%d,%d,%d,%d,%d,%d,%d,%s,%s,%d,%s,%s,%s,%s\n", p[1], p[2], p[3], npol, pts[k],
		jobs[k], late[k], latep[k], moved[k], mis[k], nopush[k] ? "" : push[k], nopush[k] ? "" : pull[k],
		pullp[k], umin[k], umax[k], s, smax[k]
}
FILENAME ~ /index\.csv$/ {
	if (FNR == 1) { header(); next }
	d = raw "/" $col("dir")
	topo[d] = $col("topology"); pol[d] = $col("policy"); uu[d] = $col("u")
	if (pol[d] in members) { printf "pull-misfit-summary.sh: group %s has the name of a policy\n", pol[d] > "/dev/stderr"; bad = 1; exit 2 }
	known[pol[d]] = 1
	next
}
FNR == 1 {
	for (g in members) for (i = split(members[g], m, ","); i > 0; i--) if (!(m[i] in known)) {
		printf "pull-misfit-summary.sh: group %s: the sweep has no policy %s\n", g, m[i] > "/dev/stderr"; bad = 1; exit 2 }
	header(); next
}
{
	d = $col("point")
	if (!(d in topo)) { printf "pull-misfit-summary.sh: %s is in no index row\n", d > "/dev/stderr"; bad = 1; exit 2 }
	t = topo[d]; p = pol[d]; u = uu[d]
	if (trace && !(($col("path") "," $col("reason")) in seenr)) { seenr[$col("path") "," $col("reason")] = 1; rs[nr++] = $col("path") "," $col("reason") }
	if (!((t SUBSEP p) in tp)) { tp[t SUBSEP p] = 1; tps[ntp++] = t SUBSEP p }
	if (!((t SUBSEP p SUBSEP u) in tpu)) { tpu[t SUBSEP p SUBSEP u] = 1; us[t SUBSEP p, nu[t SUBSEP p]++] = u }
	add(t SUBSEP p SUBSEP u, u); add(t SUBSEP p SUBSEP "all", u)
	for (g in members) if (index("," members[g] ",", "," p ",")) {
		if (!((t SUBSEP g) in tg)) { tg[t SUBSEP g] = 1; tgs[ntg++] = t SUBSEP g }
		if (!((t SUBSEP g SUBSEP u) in tpu)) { tpu[t SUBSEP g SUBSEP u] = 1; us[t SUBSEP g, nu[t SUBSEP g]++] = u }
		add(t SUBSEP g SUBSEP u, u); add(t SUBSEP g SUBSEP "all", u)
	}
}
BEGIN {
	n = split(groups, gs, " ")
	for (i = 1; i <= n; i++) {
		e = index(gs[i], "="); g = substr(gs[i], 1, e - 1)
		members[g] = substr(gs[i], e + 1); npol[g] = split(members[g], tmp, ",")
	}
}
END {
	if (bad) exit 2
	# misfit_share_max: a per-U row its own share, an all row the largest
	for (k in pts) {
		if (trace) break
		split(k, kp, SUBSEP)
		if (kp[3] == "all" || !jobs[k]) continue
		s = mis[k] / jobs[k]; a = kp[1] SUBSEP kp[2] SUBSEP "all"
		smax[k] = sprintf("%.5f", s)
		if (!(a in best) || s > best[a]) { best[a] = s; smax[a] = sprintf("%.5f", s) }
	}
	for (i = 0; i < ntp; i++) {
		for (j = 0; j < nu[tps[i]]; j++) row(tps[i] SUBSEP us[tps[i], j], 1)
		row(tps[i] SUBSEP "all", 1)
	}
	for (i = 0; i < ntg; i++) {
		split(tgs[i], q, SUBSEP)
		for (j = 0; j < nu[tgs[i]]; j++) row(tgs[i] SUBSEP us[tgs[i], j], npol[q[2]])
		row(tgs[i] SUBSEP "all", npol[q[2]])
	}
}' "$raw/index.csv" "$per"
