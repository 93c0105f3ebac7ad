#!/bin/bash
# Per point of the fair-server A/B of issue 33 (experiments/plans/
# fsoff-hikey960.plan) and of the headline sweeps' points on the same sets,
# what decides whether 6.12's fair server costs nonidle-fit its work, as
# CSV on stdout, one row per point.
# Usage: scripts/fsoff-table.sh POINTDIR...
#        scripts/fsoff-table.sh --by-source POINTS.csv
#        scripts/fsoff-table.sh --pairs POINTS.csv
#   POINTDIR  a point of a dlgen task set generated like the headline
#             sweeps' (its summary.json "input" ends in uU-sS.json, the
#             file experiments/tasksets/headline-hikey960-uU-sS.json
#             holds: offered work is counted from it)
#   --by-source  from the rows of a table this script wrote, one line per
#             (policy, u, seed, source), and one per (policy, source) over
#             every set (u and seed "all"): n (points), work_frac (mean,
#             min, max; sd: over a set's points, one per boot history;
#             for "all", se: the standard error of the mean over the sets,
#             from each set's sd and n, empty with a set of one point),
#             then the means of late_jobs, big_little, lone_push and
#             dl_r_to_fair
#   --pairs   the on and the off point of a set run in one boot, one line
#             per (policy, u, seed) and per policy ("all"): pairs, off_minus_on
#             (mean of off - on work_frac), its sd, off_more (pairs where off
#             did more work)
# Columns: source (on, off: the A/B's fair servers, from the point's
#   fair_server.txt; the others left the 6.12 servers as booted, 6.1 has
#   none: sweep612, sweep61 a point of the headline sweeps' own boots, which
#   stage their sets as uU-sS.json; traced61, plain61, plain612 a point of
#   fsoff61-hikey960*.plan, traced, and of fsoff-plain-hikey960*.plan,
#   untraced, on 6.1 and 6.12), kernel, policy (series, nonidle-fit,
#   best-fit, unaware, from knobs.txt), u, seed, replicate (R when the
#   boot ran a point prelude[-sS]-rR before, as a sweep's replicate R or
#   the fsoff plans' -rR; else 1), point (its folder), jobs,
#   late_jobs, offered_work_ns, met_work_ns, work_frac (as
#   scripts/sweep-aggregate.sh counts them, scripts/lib/work.awk: releases at offset + k x period
#   before the duration, met = ended by its deadline and not cut), big_busy_ns
#   and big_little (the busy time of the admitted big tasks, dl_runtime x
#   1024 > 462 x dl_deadline, and its share on CPUs of less than the top
#   capacity, tasks.csv busy_ns_by_cpu), then from trace.txt (empty without
#   a trace): dl_r_to_fair (sched_switch from a -deadline task still
#   runnable, prev_prio=-1 and prev_state R or R+, to a fair task,
#   next_prio >= 100, not idle: the fair server's mark, and a CBS throttle's
#   when a fair task is next) and dl_r_to_idle (the same to idle: a throttle
#   with nothing else queued), then from placements.trace: lone_push (push
#   events made in hardirq with a reschedule pending on an idle CPU: 6.12's
#   push of a lone task whose budget the timer refilled), lone_push_big (of
#   those, big tasks: density > 462 x 1024 in units of 2^20) and
#   big_to_little (every placement of a big task onto a CPU of less than
#   the top capacity).
# Exit status: 0; 2 with one line naming what is missing or inconsistent.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/tasksets.sh"
[ $# -ge 1 ] || usage
case "$1" in
--by-source)
	[ $# = 2 ] || usage
	echo "policy,u,seed,source,n,work_frac,work_frac_min,work_frac_max,work_frac_sd,work_frac_se,late_jobs,big_little,lone_push,dl_r_to_fair"
	csv_awk 'FNR == 1 { header(); next }
	# one line per (policy, set, source); the "all" line of (policy, source)
	# from its sets
	{
		ks = $col("policy") "," $col("u") "," $col("seed") "," $col("source")
		ka = $col("policy") ",all,all," $col("source")
		if (!(ks in n)) { order[++nk] = ks; set[ka, ++ns[ka]] = ks }
		if (!(ka in seen)) { seen[ka] = 1; alls[++na] = ka }
		x = $col("work_frac"); n[ks]++; s[ks] += x; q[ks] += x * x
		if (!(ks in lo) || x < lo[ks]) lo[ks] = x
		if (!(ks in hi) || x > hi[ks]) hi[ks] = x
		late[ks] += $col("late_jobs"); lit[ks] += $col("big_little")
		lone[ks] += $col("lone_push")
		if ($col("dl_r_to_fair") != "") { fair[ks] += $col("dl_r_to_fair"); nf[ks]++ }
	}
	function fmean(f, c) { return c ? sprintf("%.1f", f / c) : "" }
	function sd(k) { return n[k] > 1 ? sqrt((q[k] - s[k] * s[k] / n[k]) / (n[k] - 1)) : -1 }
	END {
		for (i = 1; i <= nk; i++) {
			k = order[i]; v = sd(k)
			printf "%s,%d,%.4f,%.4f,%.4f,%s,,%.1f,%.4f,%.1f,%s\n", k, n[k], s[k] / n[k], lo[k], hi[k],
				v < 0 ? "" : sprintf("%.4f", v), late[k] / n[k], lit[k] / n[k], lone[k] / n[k], fmean(fair[k], nf[k])
		}
		for (i = 1; i <= na; i++) {
			a = alls[i]; m = 0; var = 0; ok = 1; N = 0; L = 0; T = 0; O = 0; F = 0; NF_ = 0; lw = 2; hw = -1
			for (j = 1; j <= ns[a]; j++) {
				k = set[a, j]; m += s[k] / n[k]; v = sd(k)
				if (v < 0) ok = 0; else var += v * v / n[k]
				N += n[k]; L += late[k]; T += lit[k]; O += lone[k]; F += fair[k]; NF_ += nf[k]
				if (lo[k] < lw) lw = lo[k]; if (hi[k] > hw) hw = hi[k]
			}
			printf "%s,%d,%.4f,%.4f,%.4f,,%s,%.1f,%.4f,%.1f,%s\n", a, N, m / ns[a], lw, hw,
				ok ? sprintf("%.4f", sqrt(var) / ns[a]) : "", L / N, T / N, O / N, fmean(F, NF_)
		}
	}' "$2" | LC_ALL=C sort -t, -k1,1r -k2,2g -k3,3g -k4,4
	exit 0 ;;
--pairs)
	[ $# = 2 ] || usage
	echo "policy,u,seed,pairs,off_minus_on,off_minus_on_sd,off_more"
	csv_awk 'FNR == 1 { header(); next }
	$col("source") == "on" || $col("source") == "off" {
		pr = $col("u") "-" $col("seed") "-" $col("replicate")
		for (t = 1; t <= 2; t++) {
			k = $col("policy") "," (t == 1 ? $col("u") "," $col("seed") : "all,all")
			if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
			wf[k, $col("source"), pr] = $col("work_frac")
			if ($col("source") == "on") pairs[k, ++np[k]] = pr
		}
	}
	END {
		for (i = 1; i <= nk; i++) {
			k = keys[i]; d = 0; d2 = 0; m = 0; c = 0
			for (j = 1; j <= np[k]; j++) {
				pr = pairs[k, j]
				if (!((k, "off", pr) in wf)) continue
				x = wf[k, "off", pr] - wf[k, "on", pr]; c++; d += x; d2 += x * x; m += x > 0
			}
			sdv = c > 1 ? sqrt((d2 - d * d / c) / (c - 1)) : 0
			if (c) printf "%s,%d,%+.4f,%.4f,%d\n", k, c, d / c, sdv, m
		}
	}' "$2" | LC_ALL=C sort -t, -k1,1r -k2,2g -k3,3g
	exit 0 ;;
esac
# the sets, named as taskset_rows wants them (uU-sS.json)
sets=$(mktemp -d)
trap 'rm -rf "$sets"' EXIT
for j in "$DLCAP_TOP"/experiments/tasksets/headline-hikey960-u*-s*.json; do
	ln -s "$j" "$sets/${j##*/headline-hikey960-}"
done
taskset_rows "$sets" > "$sets/rows.csv"
echo "source,kernel,policy,u,seed,replicate,point,jobs,late_jobs,offered_work_ns,met_work_ns,work_frac,big_busy_ns,big_little,dl_r_to_fair,dl_r_to_idle,lone_push,lone_push_big,big_to_little"
declare -A fnvof=()
for d in "$@"; do
	d=${d%/}
	for f in summary.json tasks.csv jobs.csv knobs.txt manifest.txt placements.trace rc; do
		[ -r "$d/$f" ] || bad "$d/$f: missing"
	done
	[ "$(cat "$d/rc")" = 0 ] || bad "$d: rc $(cat "$d/rc")"
	[ ! -e "$d/FAILED" ] || bad "$d: FAILED"
	in=$(jq -r .input "$d/summary.json")
	[[ $in =~ u([0-9.]+)-s([0-9]+)\.json$ ]] || bad "$d/summary.json: input $in is not a uU-sS.json set"
	u=${BASH_REMATCH[1]} seed=${BASH_REMATCH[2]}
	[ -e "$sets/u$u-s$seed.json" ] || bad "$d: no experiments/tasksets/headline-hikey960-u$u-s$seed.json"
	# the point ran those bytes: dlgen's hash of its input is the file's
	fnv=$(jq -r .input_fnv1a64 "$d/summary.json")
	[ -z "${fnvof[u$u-s$seed]:-}" ] || [ "${fnvof[u$u-s$seed]}" = "$fnv" ] ||
		bad "$d: input hash $fnv, another point of u$u-s$seed ran ${fnvof[u$u-s$seed]}"
	fnvof[u$u-s$seed]=$fnv
	# replicate R: the boot ran a prelude point named prelude[-sS]-rR first
	rep=$(sed -n 's/^history: //p' "$d/manifest.txt" | tr ' ' '\n' | sed -n 's/^prelude\(-s[0-9]*\)\{0,1\}-r\([0-9]*\)$/\2/p' | head -1)
	rep=${rep:-1}
	kernel=$(sed -n 's/^kernel: \([^ ]*\) .*/\1/p' "$d/manifest.txt")
	release=$(jq -r .kernel_release "$d/summary.json")
	if [ -r "$d/fair_server.txt" ]; then
		source=$(sed -n 's|^fair_server runtime/period ns: ||p' "$d/fair_server.txt" | tr ' ' '\n' |
			awk -F'[=/]' '{ r[$2] = 1; n++ } END {
				if (n == 0) print "?"; else if (length(r) != 1) print "mixed"
				else for (v in r) print v == 0 ? "off" : v == 50000000 ? "on" : "runtime" v }')
	else
		case $release in 6.1.*) tree=61 ;; *) tree=612 ;; esac
		case ${in##*/} in
		u*) source=sweep$tree ;;	# the sweeps stage their sets as uU-sS.json
		*) if [ -r "$d/trace.txt" ]; then source=traced$tree; else source=plain$tree; fi ;;
		esac
	fi
	policy=$(awk '{ v = $0; sub(/.*\[/, "", v); sub(/\].*/, "", v); k[$1] = v }
		END {
			if (k["dl_admission:"] == "cpus" && k["dl_placement:"] == "unaware") print "unaware"
			else if (k["dl_placement:"] == "best-fit") print "best-fit"
			else if (k["dl_nonidle:"] == "fit") print "nonidle-fit"
			else if (k["dl_nonidle:"] == "edf" && k["dl_placement:"] == "fit" && k["dl_admission:"] == "capacity" && k["dl_fallback:"] == "max-capacity") print "series"
			else print "other"
		}' "$d/knobs.txt")
	caps=$(jq -r '.cpu_capacity | join(" ")' "$d/summary.json")
	dur=$(jq -r .duration_ns "$d/summary.json")
	work=$(csv_awk -f "$DLCAP_TOP/scripts/lib/work.awk" -v u="$u" -v seed="$seed" -v dur="$dur" -v caps="$caps" -v setsf="$sets/rows.csv" -v dir="$d" '
	BEGIN { nc = split(caps, cap, " "); top = 0; for (i = 1; i <= nc; i++) if (cap[i] > top) top = cap[i] }
	FNR == 1 { header(); next }
	FILENAME == setsf { work_set(u, seed, dur); next }
	FILENAME ~ /tasks.csv$/ {
		t = $col("task")
		if (!(t in WORK_IN)) { printf "%s/tasks.csv: task %s is not in set u%s-s%s\n", dir, t, u, seed > "/dev/stderr"; bad = 1; exit 2 }
		offw += work_offered(t)
		if ($col("admitted") == 1 && $col("dl_runtime_ns") * 1024 > 462 * $col("dl_deadline_ns")) {
			m = split($col("busy_ns_by_cpu"), parts, ";")
			for (i = 1; i <= m; i++) {
				if (split(parts[i], kv, "=") != 2) continue
				bigb += kv[2]; if (cap[kv[1] + 1] < top) bigl += kv[2]
			}
		}
		next
	}
	{
		l = $col("lateness_ns"); jobs++
		if (l > 0) late++
		metw += work_met()
	}
	END {
		if (bad) exit 2
		printf "%d,%d,%.0f,%.0f,%.6f,%.0f,%.4f\n", jobs, late, offw, metw, offw ? metw / offw : 1, bigb, bigb ? bigl / bigb : 0
	}' "$sets/rows.csv" "$d/tasks.csv" "$d/jobs.csv") || bad "$d: work not counted"
	sw=,
	if [ -r "$d/trace.txt" ]; then
		sw=$(awk '$0 ~ /sched_switch:/ {
			delete kv
			for (i = 1; i <= NF; i++) if (split($i, a, "=") == 2) kv[a[1]] = a[2]
			if (kv["prev_prio"] == -1 && kv["prev_state"] ~ /^R\+?$/ && kv["next_prio"] >= 100) {
				if (kv["next_pid"] == 0) idle++; else fair++
			}
		} END { printf "%d,%d\n", fair, idle }' "$d/trace.txt")
	fi
	pl=$(awk -v caps="$caps" '
	BEGIN { nc = split(caps, cap, " "); top = 0; for (i = 1; i <= nc; i++) if (cap[i] > top) top = cap[i] }
	/sched_dl_place:/ {
		delete kv
		for (i = 1; i <= NF; i++) if (split($i, a, "=") == 2) kv[a[1]] = a[2]
		big = kv["density"] > 462 * 1024
		if (/path=push/ && $1 ~ /^<idle>/ && $3 ~ /N/ && $3 ~ /h/) { lone++; if (big) loneb++ }
		if (big && kv["to"] != "" && cap[kv["to"] + 1] < top) tol++
	} END { printf "%d,%d,%d\n", lone, loneb, tol }' "$d/placements.trace")
	echo "$source,$kernel,$policy,$u,$seed,$rep,$d,$work,$sw,$pl"
done
