#!/bin/bash
# Per point of the fair-server A/B of issue 33 (experiments/plans/
# fsoff-hikey960.plan) and of the headline sweeps' points on the same sets,
# what decides whether 6.12's fair server costs nonidle-fit its work, as
# CSV on stdout, one row per point.
# Usage: scripts/fsoff-table.sh POINTDIR...
#        scripts/fsoff-table.sh --by-set POINTS.csv
#   POINTDIR  a point of a dlgen task set generated like the headline
#             sweeps' (its summary.json "input" ends in uU-sS.json, the
#             file experiments/tasksets/headline-hikey960-uU-sS.json
#             holds: offered work is counted from it)
#   --by-set  from the rows of a table this script wrote, one line per
#             (policy, u, seed), and one per policy over every set (u and
#             seed "all"): reps (boots, or boots x sets, that ran both on and off),
#             work_frac of on and off (mean, min, max over replicates),
#             wf_off_minus_on (mean of off - on within each boot, and its
#             sample standard deviation) and
#             off_more (in how many boots off did more work), the sweeps'
#             work_frac (sweep612, sweep61), the traced 6.1 control's (mean,
#             min, max), then the means of late_jobs, big_little and
#             lone_push per source, and dl_r_to_fair summed over the on, the
#             off and the traced 6.1 points
# Columns: source (on, off: the A/B's fair servers, from the point's
#   fair_server.txt; sweep612: a 6.12 point that left the servers as booted;
#   sweep61: 6.1, which has none; traced61: a traced 6.1 point, the control
#   of fsoff61-hikey960*.plan), kernel, policy (series, nonidle-fit,
#   best-fit, unaware, from knobs.txt), u, seed, replicate (R when the
#   boot ran a point prelude[-sS]-rR before, as a sweep's replicate R or
#   fsoff-hikey960-rR.plan; else 1), point (its folder), jobs,
#   late_jobs, offered_work_ns, met_work_ns, work_frac (as
#   scripts/sweep-aggregate.sh counts them: releases at offset + k x period
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
bad() { echo "fsoff-table.sh: $*" >&2; exit 2; }
[ $# -ge 1 ] || usage
if [ "$1" = --by-set ]; then
	[ $# = 2 ] || usage
	echo "policy,u,seed,reps,wf_on,wf_on_min,wf_on_max,wf_off,wf_off_min,wf_off_max,wf_off_minus_on,wf_off_minus_on_sd,off_more,wf_sweep612,wf_sweep61,wf_traced61,wf_traced61_min,wf_traced61_max,late_on,late_off,late_sweep612,late_sweep61,late_traced61,little_on,little_off,little_sweep612,little_sweep61,little_traced61,lone_on,lone_off,lone_sweep612,lone_traced61,dl_r_to_fair_on,dl_r_to_fair_off,dl_r_to_fair_traced61"
	csv_awk 'FNR == 1 { header(); next }
	function add(k, s, v) { n[k, s]++; sum[k, s] += v
		if (!((k, s) in lo) || v < lo[k, s]) lo[k, s] = v
		if (!((k, s) in hi) || v > hi[k, s]) hi[k, s] = v }
	function mean(k, s, f) { return n[k, s] ? sprintf(f, sum[k, s] / n[k, s]) : "" }
	# a row counts for its set and for the line of its policy over all sets
	# ("all"); a pair: the on and the off point of one set in one boot
	function row(k, s, pr) {
		if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
		add(k, "wf" s, $col("work_frac")); add(k, "late" s, $col("late_jobs"))
		add(k, "lit" s, $col("big_little")); add(k, "lone" s, $col("lone_push"))
		fair[k, s] += $col("dl_r_to_fair")
		if (s == "on" || s == "off") wfr[k, s, pr] = $col("work_frac")
		if (s == "on") pairs[k, ++np[k]] = pr
	}
	{
		s = $col("source"); pr = $col("u") "-" $col("seed") "-" $col("replicate")
		row($col("policy") "," $col("u") "," $col("seed"), s, pr)
		row($col("policy") ",all,all", s, pr)
	}
	END {
		for (i = 1; i <= nk; i++) {
			k = keys[i]; d = 0; d2 = 0; m = 0; n2 = 0
			# off - on within each boot (a replicate runs both)
			for (j = 1; j <= np[k]; j++) {
				pr = pairs[k, j]
				if (!((k, "off", pr) in wfr)) continue
				x = wfr[k, "off", pr] - wfr[k, "on", pr]
				n2++; d += x; d2 += x * x; m += x > 0
			}
			sd = n2 > 1 ? sqrt((d2 - d * d / n2) / (n2 - 1)) : 0
			printf "%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%d,%d,%d\n", k, n2,
				mean(k, "wfon", "%.4f"), lo[k, "wfon"], hi[k, "wfon"],
				mean(k, "wfoff", "%.4f"), lo[k, "wfoff"], hi[k, "wfoff"],
				n2 ? sprintf("%+.4f", d / n2) : "", sprintf("%.4f", sd), m,
				mean(k, "wfsweep612", "%.4f"), mean(k, "wfsweep61", "%.4f"),
				mean(k, "wftraced61", "%.4f"), lo[k, "wftraced61"], hi[k, "wftraced61"],
				mean(k, "lateon", "%.1f"), mean(k, "lateoff", "%.1f"), mean(k, "latesweep612", "%.1f"), mean(k, "latesweep61", "%.1f"), mean(k, "latetraced61", "%.1f"),
				mean(k, "liton", "%.4f"), mean(k, "litoff", "%.4f"), mean(k, "litsweep612", "%.4f"), mean(k, "litsweep61", "%.4f"), mean(k, "littraced61", "%.4f"),
				mean(k, "loneon", "%.1f"), mean(k, "loneoff", "%.1f"), mean(k, "lonesweep612", "%.1f"), mean(k, "lonetraced61", "%.1f"),
				fair[k, "on"], fair[k, "off"], fair[k, "traced61"]
		}
	}' "$2" | LC_ALL=C sort -t, -k1,1r -k2,2g -k3,3g
	exit 0
fi
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
		case $release in 6.1.*) source=sweep61 ;; *) source=sweep612 ;; esac
		# a traced 6.1 point is the control of fsoff61-hikey960*.plan
		[ "$source" != sweep61 ] || [ ! -r "$d/trace.txt" ] || source=traced61
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
	work=$(csv_awk -v u="$u" -v seed="$seed" -v dur="$dur" -v caps="$caps" -v setsf="$sets/rows.csv" -v dir="$d" '
	BEGIN { nc = split(caps, cap, " "); top = 0; for (i = 1; i <= nc; i++) if (cap[i] > top) top = cap[i] }
	FNR == 1 { header(); next }
	FILENAME == setsf {
		if ($col("u") != u || $col("seed") != seed) next
		t = $col("task"); inset[t] = 1; wk[t] = $col("run_ns")
		o = $col("offset_ns"); p = $col("period_ns")
		rel[t] = o < dur ? int((dur - 1 - o) / p) + 1 : 0
		next
	}
	FILENAME ~ /tasks.csv$/ {
		t = $col("task")
		if (!(t in inset)) { printf "%s/tasks.csv: task %s is not in set u%s-s%s\n", dir, t, u, seed > "/dev/stderr"; bad = 1; exit 2 }
		offw += rel[t] * wk[t]
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
		if (l <= 0 && $col("cut") == 0) metw += wk[$col("task")]
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
