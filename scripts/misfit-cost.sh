#!/bin/bash
# What a dl_misfit move costs (issue 30 part 1: "migrations per job, and
# the per-migration cost"), from a traced point's trace.txt (trace=on;
# or trace.txt.gz), its tasks.csv (tid, dl_runtime_ns, dl_deadline_ns),
# jobs.csv (its rows are the jobs), summary.json (cpu_capacity) and
# knobs.txt (the dl_misfit value in brackets; none without one).
#
# A misfit move (kernels/patches/dl-misfit): a -deadline task (prio -1)
# switched out on CPU N for migration/N, which migrates it
# (sched_migrate_task in migration/N's context) from a CPU it does not fit
# to one it fits (capacity >= the kernel's density, dl_runtime << 20 /
# dl_deadline, >> 10), and its next switch-in, on the new CPU. Its kind,
# by where migration/N was woken (sched_waking's CPU):
#   stop-pull     from the new CPU: patch 1, the new CPU became free of
#                 -deadline work and took the task (pull_misfit_dl())
#   stop-pick     from the CPU left, the new CPU running no -deadline task
#                 at the switch-in: patch 2, the task picked or replenished
#                 at once while a CPU it fits was free (push_misfit_dl())
#   stop-preempt  from the CPU left, the new CPU's task a -deadline one,
#                 preempted by the switch-in: patch 6's swap
#   stop-other    woken anywhere else (patch 5's hotplug path)
#   stop-nomove   a stopper that preempted a task on a CPU it does not fit
#                 and let it run there again without moving it (its checks
#                 failed): from_cpu = to_cpu, no migrate_ns, trigger_ns or
#                 run_ns
# and, for comparison, the migrations of -deadline tasks neither woken
# (between sched_waking and sched_wakeup: a placement) nor by a stopper:
#   push          in the context of the CPU left (push_dl_task())
#   pull          in the context of the new CPU (pull_dl_task())
#
# Usage: scripts/misfit-cost.sh [--summary] POINTDIR...
# Output (CSV on stdout), one row per move:
#   point (POINTDIR's last part), dl_misfit, phase (setup: before the
#   set's start, summary.json's start_ns, as dlgen sets the tasks up; run:
#   up to the last job's end_ns in jobs.csv; end: after it), kind, task,
#   instance, tid, from_cpu, to_cpu, from_capacity, to_capacity,
#   fits_from, fits_to (1 if the task fits that CPU), migrate_ns (the
#   sched_migrate_task's time, trace clock), then, empty where they do not
#   apply or the trace lacks the event:
#   stopper_ns  migration/N's switch-in to its switch-out on the CPU left
#   gap_ns      the task's switch-out there to its switch-in on the new CPU
#   trigger_ns  the new CPU becoming free of -deadline work (its last switch
#               from a -deadline task, or from the stopper after one, to a
#               task of no -deadline class) to the task's switch-in there;
#               empty for stop-preempt (the CPU was never free)
#   run_ns      sched_migrate_task to the switch-in on the new CPU
# --summary: per point (scope point, name the point) and per dl_misfit
#   value (scope policy, name the value, over every POINTDIR with it), per
#   phase, kind and CPU class (from_capacity, to_capacity): moves, jobs,
#   moves_per_job, lost_events (trace-cmd.log's "lost cpuN:" sum) and
#   p50/p99/max (nearest rank) of stopper_ns, gap_ns, trigger_ns and
#   run_ns. Kind stop is every misfit move (not stop-nomove), and has a run row with empty
#   capacities and 0 moves where there are none.
# Times are emulated: a LITTLE CPU (462 of 1024 on HiKey960) runs at 1/2.2
# the rate, and each vCPU has a clock of its own (quantum mode), so a time
# between two CPUs (gap, trigger, run) is good to about a quantum.
# A stopper migration of a -deadline task that is not from a CPU it does
# not fit to one it fits is left out and counted on stderr.
# Exit status: 0; 2 bad usage or a point without what it needs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
summary=0
[ "${1:-}" = --summary ] && { summary=1; shift; }
[ $# -ge 1 ] || { sed -n '2,/^# Exit status/p' "$0" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "point,dl_misfit,phase,kind,task,instance,tid,from_cpu,to_cpu,from_capacity,to_capacity,fits_from,fits_to,migrate_ns,stopper_ns,gap_ns,trigger_ns,run_ns" > "$tmp/moves.csv"
echo "point,dl_misfit,jobs,lost_events" > "$tmp/points.csv"
for d in "$@"; do
	d=${d%/}
	t=$d/trace.txt
	[ -r "$t" ] || t=$t.gz
	for f in "$t" "$d/tasks.csv" "$d/jobs.csv" "$d/summary.json"; do
		[ -r "$f" ] || { echo "misfit-cost: $d: no ${f##*/} (a point run with trace=on)" >&2; exit 2; }
	done
	point=${d##*/}
	caps=$(awk '/"cpu_capacity"/ { on = 1; next } on && /\]/ { exit } on { gsub(/[ ,]/, ""); printf "%s ", $0 }' "$d/summary.json")
	[ -n "$caps" ] || { echo "misfit-cost: $d/summary.json: no cpu_capacity" >&2; exit 2; }
	pol=$(sed -n 's/^dl_misfit:.*\[\([a-z-]*\)\].*/\1/p' "$d/knobs.txt" 2>/dev/null)
	pol=${pol:-none}
	start=$(sed -n 's/^ *"start_ns": *\([0-9]*\),*$/\1/p' "$d/summary.json")
	[ -n "$start" ] || { echo "misfit-cost: $d/summary.json: no start_ns" >&2; exit 2; }
	read -r jobs end < <(csv_awk 'FNR == 1 { header(); next } { n++; e = $col("end_ns") + 0; if (e > m) m = e }
		END { printf "%d %.0f\n", n, m }' "$d/jobs.csv")
	lost=$(awk '/^lost cpu[0-9]+: [0-9]+$/ { s += $3 } END { print s + 0 }' "$d/trace-cmd.log" 2>/dev/null || echo 0)
	echo "$point,$pol,$jobs,$lost" >> "$tmp/points.csv"
	{ cat "$d/tasks.csv"; echo "#trace"; gzip -dcf "$t"; } | csv_awk -v point="$point" -v pol="$pol" -v caps="$caps" -v src="$t" -v start="$start" -v end="$end" '
	BEGIN { n = split(caps, c, " "); for (i = 1; i <= n; i++) cap[i - 1] = c[i] }
	!intrace && FNR == 1 { header(); next }
	!intrace && $0 == "#trace" { intrace = 1; FS = " "; next }
	!intrace {
		tid = $col("tid"); task[tid] = $col("task"); inst[tid] = $col("instance")
		# the kernel: dl_density = (runtime << BW_SHIFT) / deadline; fits
		# if capacity >= dl_density >> (BW_SHIFT - SCHED_CAPACITY_SHIFT)
		need[tid] = int(int($col("dl_runtime_ns") * 1048576 / $col("dl_deadline_ns")) / 1024)
		next
	}
	# trace lines: COMM-PID [CPU] SECONDS: EVENT: key=value...
	!match($0, /\[[0-9]+\] +[0-9]+\.[0-9]+: [a-z_]+:/) { next }
	{
		head = substr($0, RSTART, RLENGTH); ctx = substr($0, 1, RSTART - 1)
		sub(/^ +/, "", ctx); sub(/ +$/, "", ctx); sub(/-[0-9]+$/, "", ctx)
		split(head, h, /[][ :]+/)	# "", CPU, SECONDS, EVENT
		cpu = h[2] + 0; ev = h[4]; split(h[3], s, ".")
		now = s[1] * 1000000000 + substr(s[2] "000000000", 1, 9)
		delete a
		m = split(substr($0, RSTART + RLENGTH), w, " ")
		for (i = 1; i <= m; i++) if ((j = index(w[i], "=")) > 0) a[substr(w[i], 1, j - 1)] = substr(w[i], j + 1)
	}
	ev == "sched_waking" {
		if (a["comm"] ~ /^migration\//) { sn = substr(a["comm"], 11) + 0; wake_cpu[sn] = cpu }
		waking[a["pid"]] = 1
		next
	}
	ev == "sched_wakeup" { delete waking[a["pid"]]; next }
	ev == "sched_switch" {
		pp = a["prev_pid"]; np = a["next_pid"]
		if (a["prev_comm"] ~ /^migration\// && (cpu in stop_mv)) {
			k = stop_mv[cpu]; delete stop_mv[cpu]
			if (stop_end[k] == "") stop_end[k] = now
		}
		if (a["prev_prio"] == -1 && a["next_comm"] ~ /^migration\//) {
			# a candidate move: the task preempted by its stopper
			k = ++nc; cand[pp] = k; c_pid[k] = pp; c_from[k] = cpu; c_out[k] = now
			c_waker[k] = (cpu in wake_cpu) ? wake_cpu[cpu] : -1; delete wake_cpu[cpu]
			stop_in[k] = now; stop_mv[cpu] = k
		}
		if (np in cand) {
			k = cand[np]; delete cand[np]
			c_in[k] = now; c_incpu[k] = cpu; c_inprev_dl[k] = (a["prev_prio"] == -1)
			c_free[k] = (cpu in lastfree) ? lastfree[cpu] : ""
		}
		if (np in bal) {
			k = bal[np]; delete bal[np]
			if (cpu == b_to[k]) b_in[k] = now
		}
		# free of -deadline work: from a -deadline task (or the stopper
		# after one) to a task of another class
		if (a["next_prio"] == -1) dlbusy[cpu] = 1
		else if (a["next_comm"] !~ /^migration\// && dlbusy[cpu]) { dlbusy[cpu] = 0; lastfree[cpu] = now }
		next
	}
	ev == "sched_migrate_task" && a["prio"] == -1 {
		p = a["pid"]; from = a["orig_cpu"]; to = a["dest_cpu"]
		if (ctx ~ /^migration\//) {
			if (!(p in need)) { skipped_unknown++; next }
			# the latest candidate of the task, its switch-in on the new
			# CPU perhaps already read (the CPUs clocks differ)
			for (k = nc; k > 0 && c_pid[k] != p; k--) ;
			if (k == 0 || c_from[k] != from || c_mig[k] != "") { unmatched++; next }
			c_mig[k] = now; c_to[k] = to
			next
		}
		if (p in waking) next	# a wake-up placement
		if (!(p in need)) next
		k = ++nb; b_pid[k] = p; b_from[k] = from; b_to[k] = to; b_mig[k] = now
		b_kind[k] = cpu == from ? "push" : (cpu == to ? "pull" : "balance")
		bal[p] = k
		next
	}
	# a row; at: the time its phase is of (the migration, or the stopper start)
	function pr(kind, p, from, to, at, mig, stopper, gap, trig, run) {
		printf "%s,%s,%s,%s,%s,%s,%s,%d,%d,%s,%s,%d,%d,%s,%s,%s,%s,%s\n", point, pol,
			at < start + 0 ? "setup" : (at <= end + 0 ? "run" : "end"), kind, task[p], inst[p], p,
			from, to, cap[from], cap[to], (cap[from] >= need[p]), (cap[to] >= need[p]), d(mig, 0), stopper, gap, trig, run
	}
	function d(a, b) { return (a == "" || b == "") ? "" : sprintf("%.0f", a - b) }
	END {
		for (k = 1; k <= nc; k++) {
			p = c_pid[k]; from = c_from[k]
			if (c_mig[k] == "") {
				if (c_in[k] != "" && c_incpu[k] == from && cap[from] < need[p])
					pr("stop-nomove", p, from, from, c_out[k], "", d(stop_end[k], stop_in[k]), d(c_in[k], c_out[k]), "", "")
				continue
			}
			to = c_to[k]
			if (!(cap[from] < need[p] && cap[to] >= need[p])) { other++; continue }
			inok = c_in[k] != "" && c_incpu[k] == to
			wk = c_waker[k]
			if (wk == to) kind = "stop-pull"
			else if (wk == from) kind = (inok && c_inprev_dl[k]) ? "stop-preempt" : "stop-pick"
			else kind = "stop-other"
			tin = inok ? c_in[k] : ""
			trig = (inok && !c_inprev_dl[k]) ? d(tin, c_free[k]) : ""
			pr(kind, p, from, to, c_mig[k], c_mig[k], d(stop_end[k], stop_in[k]), d(tin, c_out[k]), trig, d(tin, c_mig[k]))
		}
		for (k = 1; k <= nb; k++)
			pr(b_kind[k], b_pid[k], b_from[k], b_to[k], b_mig[k], b_mig[k], "", "", "", d(b_in[k], b_mig[k]))
		if (other + unmatched + skipped_unknown)
			printf "misfit-cost: %s: %d stopper migration(s) of -deadline tasks not counted (%d not from a CPU the task does not fit to one it fits, %d without their switch-out, %d of no task of tasks.csv)\n",
				src, other + unmatched + skipped_unknown, other, unmatched, skipped_unknown > "/dev/stderr"
	}' >> "$tmp/moves.csv"
done
if [ $summary = 0 ]; then
	cat "$tmp/moves.csv"
	exit 0
fi
echo "scope,name,dl_misfit,phase,kind,from_capacity,to_capacity,moves,jobs,moves_per_job,lost_events,stopper_p50_ns,stopper_p99_ns,stopper_max_ns,gap_p50_ns,gap_p99_ns,gap_max_ns,trigger_p50_ns,trigger_p99_ns,trigger_max_ns,run_p50_ns,run_p99_ns,run_max_ns"
csv_awk '
FILENAME ~ /points\.csv$/ {
	if (FNR == 1) { header(); next }
	p = $col("point"); pol = $col("dl_misfit")
	order[++np] = p; ppol[p] = pol
	jobs["point" SUBSEP p] = $col("jobs"); lost["point" SUBSEP p] = $col("lost_events")
	if (!(("policy" SUBSEP pol) in jobs)) porder[++npol] = pol
	jobs["policy" SUBSEP pol] += $col("jobs"); lost["policy" SUBSEP pol] += $col("lost_events")
	next
}
FNR == 1 { header(); next }
{
	p = $col("point"); kind = $col("phase") SUBSEP $col("kind"); cls = $col("from_capacity") SUBSEP $col("to_capacity")
	add("point" SUBSEP p, kind, cls)
	add("policy" SUBSEP $col("dl_misfit"), kind, cls)
	if ($col("kind") ~ /^stop-/ && $col("kind") != "stop-nomove") {
		kind = $col("phase") SUBSEP "stop"
		add("point" SUBSEP p, kind, cls); add("policy" SUBSEP $col("dl_misfit"), kind, cls)
	}
}
function add(g, kind, cls,   k, i, v, names) {
	k = g SUBSEP kind SUBSEP cls
	if (!(k in moves)) keys[g, ++nk[g]] = kind SUBSEP cls
	moves[k]++
	split("stopper_ns gap_ns trigger_ns run_ns", names, " ")
	for (i = 1; i <= 4; i++) {
		v = $col(names[i])
		if (v != "") vals[k, i, ++nv[k, i]] = v + 0
	}
}
# nearest-rank p50, p99 and max of the values of (k, i), sorted in place
function stats(k, i,   n, j, l, x, a) {
	n = nv[k, i]
	if (!n) return ",,"
	for (j = 1; j <= n; j++) a[j] = vals[k, i, j]
	for (j = 2; j <= n; j++) { x = a[j]; l = j - 1; while (l > 0 && a[l] > x) { a[l + 1] = a[l]; l-- } a[l + 1] = x }
	return sprintf("%.0f,%.0f,%.0f", a[rank(0.5, n)], a[rank(0.99, n)], a[n])
}
function rank(q, n,   r) { r = int(q * n); if (r < q * n) r++; return r < 1 ? 1 : r }
function rows(scope, name, pol,   g, j, kc, k, parts, line, i, any) {
	g = scope SUBSEP name; any = 0
	for (j = 1; j <= nk[g]; j++) if (index(keys[g, j], "run" SUBSEP "stop" SUBSEP) == 1) any = 1
	if (!any) printf "%s,%s,%s,run,stop,,,0,%d,0.0000,%d,,,,,,,,,,,,\n", scope, name, pol, jobs[g], lost[g]
	for (j = 1; j <= nk[g]; j++) {
		kc = keys[g, j]; k = g SUBSEP kc; split(kc, parts, SUBSEP)
		line = sprintf("%s,%s,%s,%s,%s,%s,%s,%d,%d,%.4f,%d", scope, name, pol, parts[1], parts[2], parts[3], parts[4],
			moves[k], jobs[g], jobs[g] ? moves[k] / jobs[g] : 0, lost[g])
		for (i = 1; i <= 4; i++) line = line "," stats(k, i)
		print line
	}
}
END {
	for (i = 1; i <= np; i++) rows("point", order[i], ppol[order[i]])
	for (i = 1; i <= npol; i++) rows("policy", porder[i], porder[i])
}' "$tmp/points.csv" "$tmp/moves.csv" | LC_ALL=C sort -t, -k1,1 -k2,2 -k4,4r -k5,5 -k6,6n -k7,7n
