#!/bin/bash
# Assertions on a run of tests/plans/misfit-hikey960.plan (dl_misfit on the
# misfit kernel, HiKey960):
#   tests/check-misfit.sh RUNDIR
# or, with --swap, on a run of tests/plans/misfit-swap-hikey960.plan (the
# swap of dl_misfit=migrate-preempt; its claims are with the code below):
#   tests/check-misfit.sh --swap RUNDIR
# RUNDIR is a run-batch output folder. One PASS:/FAIL: line each.
# In experiments/tasksets/misfit-freed.json, m (density 0.87, fits no
# LITTLE; one job of 4.5 s of work that never sleeps) is put on a LITTLE
# while four hogs (density 1.0) hold the big CPUs; the hogs end after 10
# jobs. No task of the set fits a LITTLE, and while the hogs run one of
# the five must be on one. Claims:
#   none     m stays on the LITTLE: most of its run time there, its job
#            never leaves it
#   migrate  the set's time on LITTLE CPUs is what the hogs force, no
#            more: at most the time they held the bigs after m's release,
#            plus a hog period (a hog's running_bw stays to its 0-lag
#            time, up to a period after its last job), one runtime of m at
#            the LITTLE's speed (until its next replenishment) and 1 ms
#            for the move; at most 5% of the set's run time; m's job ends
#            on a big CPU after one move (which task waits on the LITTLE
#            while the hogs run is EDF's and the fallback's choice: m
#            may take a big CPU a hog leaves for a moment between two
#            jobs, and the hog goes to the LITTLE)
#   switch   (dl_misfit switched to migrate 1 s in, experiments/tasksets/
#            misfit-switch.sh) m was still on the LITTLE after the hogs
#            ended and leaves it at its next replenishment after the
#            switch: within one runtime at the LITTLE's speed, plus the
#            10 ms steps of the switch's time stamp and 1 ms for the move
#   online-none, online  (tests/guest/misfit-online.sh: CPU 7 offline,
#            three hogs on the other bigs for 1.5 s, m (0.6 s of work,
#            runtime 870 ms a period of 1 s) put on a LITTLE, CPU 7 online
#            0.3 s in) under none m's job never leaves its LITTLE; under migrate
#            it leaves it when CPU 7 comes online: m's LITTLE time at most
#            the time from its release to the online (stamped after the
#            write returns) plus the 10 ms steps of the stamp and 1 ms for
#            the move, well before its runtime runs out (~1.9 s on a
#            LITTLE), and its job ends on a big CPU after one move
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
swap=0
[ "${1:-}" = --swap ] && { swap=1; shift; }
run=${1:?usage: check-misfit.sh [--swap] RUNDIR}
[ $# = 1 ] || { echo "usage: check-misfit.sh [--swap] RUNDIR" >&2; exit 2; }
eval "$("$top/scripts/topo.sh" "$top/experiments/topologies/hikey960.topo")"
ms() { echo $(($1 / 1000000)); }
# ms3 NS: NS in ms with three decimals
ms3() { awk -v n="$1" 'BEGIN { printf "%.3f", n / 1e6 }'; }

# --swap: experiments/tasksets/misfit-swap.json. Four hogs (density 0.46,
# fit no LITTLE) take the big CPUs for 4.4 ms, four fillers (0.2) released
# 1 ms in then take the LITTLE ones, so the four small tasks (0.44: they fit
# a LITTLE), released 6 ms in, each wake on a big CPU or are put on a free
# one, and stay (a task that fits its idle CPU is not moved at its wake-up);
# they run the first 8 ms of every 20 ms. m (0.87, runtime 13.92 ms every
# 16 ms, fits no LITTLE) is released 52 ms in, 6 ms into a period of the
# small tasks, with a later deadline than theirs (68 against 66 ms): no big
# CPU is free, so it is put on a LITTLE (fallback), where its 0.5 ms of
# work take 1.1 ms. It sleeps until 68 ms, 2 ms into the next period,
# when its new deadline (84 ms) is earlier than theirs (86 ms), and is put
# on a LITTLE again; then one job of 350 ms of work, which never sleeps.
# A small task's bandwidth stays on its big CPU while it sleeps, so no big
# CPU ever has room for m (1024 - 450 < 891): "migrate" cannot move it.
# Claims:
#   swap (migrate-preempt)  the small tasks held the four big CPUs before m
#          and were each mid-job on one at m's long job's release; m left
#          the LITTLE at once (its LITTLE time at most its first job's there
#          plus 1 ms); exactly one small job went from a big CPU to a
#          LITTLE, the one running at that release, pushed away (trace: path
#          push, from the big CPU to a LITTLE) by m running on that big CPU
#          within 1 ms of it; m's long job ran on a big CPU; no small job
#          late
#   swap-none, swap-migrate  m's long job never leaves its LITTLE (at least
#          95% of m's run time there, the job ends there), no small job
#          leaves its big CPU, and m's long job takes at least 1.5 times as
#          long as under migrate-preempt
#   swap-late (migrate-preempt, experiments/tasksets/misfit-swap-late.json:
#          the same set but m wakes 6 ms into the small period, with a later
#          deadline than theirs, 88 against 86 ms) no swap at that pick: m
#          stays on the LITTLE more than its first job's time + 1 ms; then
#          one at a replenishment (the other event of 6/6: on a LITTLE m's
#          runtime runs out every ~31 ms and is replenished at once, with a
#          deadline at most 16 ms away): exactly one small job moved to a
#          LITTLE, pushed by m's thread on the big CPU, within 1 ms of m's
#          LITTLE time after its wake; m's long job ends on a big CPU; no
#          small job late
if [ $swap = 1 ]; then
	for p in swap-none swap-migrate swap swap-late; do
		[ -d "$run/$p" ] || { echo "check-misfit: no $run/$p" >&2; exit 2; }
	done
	ts=$top/experiments/tasksets/misfit-swap.json
	place_ns=$(jq -e '.tasks.m.phases.place.run * 1000' "$ts") &&
		pperiod_ns=$(jq -e '.tasks.m.phases.place.timer.period * 1000' "$ts") &&
		speriod_ns=$(jq -e '.tasks.small.timer.period * 1000' "$ts") ||
		{ echo "check-misfit: no tasks.m.phases.place.run, its timer.period or tasks.small.timer.period in $ts" >&2; exit 2; }
	late_pperiod_ns=$(jq -e '.tasks.m.phases.place.timer.period * 1000' "${ts%.json}-late.json") ||
		{ echo "check-misfit: no tasks.m.phases.place.timer.period in ${ts%.json}-late.json" >&2; exit 2; }
	set -- $TOPO_CAPS
	max_cap=$(printf '%s\n' "$@" | sort -n | tail -1) min_cap=$(printf '%s\n' "$@" | sort -n | head -1)
	# m's first job on a LITTLE: its work at the smallest capacity's speed
	place_little_ns=$((place_ns * max_cap / min_cap))

	# swap_stats POINTDIR [PLACE_PERIOD_NS]: "M_LITTLE M_BUSY WAKE REL END END_BIG HELD
	# PRE_OFF MOVED MOVED_REL MOVED_END SMALL_LATE SMALL_TIDS M_TID": m's
	# busy time on CPUs below the largest capacity and in all; when its
	# first job's timer woke it (that job's release + the place phase's
	# period, PLACE_PERIOD_NS, default misfit-swap.json's: dlgen stamps the long job's release after the thread runs
	# again, which under migrate-preempt is after the move); the release
	# and end of its long job (the first of phase 1) and whether it ended
	# on a CPU of the largest capacity (1/0); how many small tasks were
	# mid-job on such a CPU at the wake (their job released last before it
	# started on one by then and had not ended); how many small jobs
	# released before m's first release started or ended elsewhere; how
	# many small jobs started on the largest capacity and ended below it,
	# and the release and end of the first; late small jobs; the small
	# tasks' TIDs (a|b|c|d) and m's.
	swap_stats() {
		csv_awk -v caps="$(echo $TOPO_CAPS | tr ' ' ,)" -v per="$speriod_ns" -v pper="${2:-$pperiod_ns}" '
		BEGIN { n = split(caps, c, ","); for (i = 1; i <= n; i++) if (c[i] > max) max = c[i] }
		FNR == 1 { header(); f++; next }
		f == 1 {
			if ($col("task") == "small") tids = tids (tids == "" ? "" : "|") $col("tid")
			if ($col("task") != "m") next
			mtid = $col("tid")
			k = split($col("busy_ns_by_cpu"), b, ";")
			for (i = 1; i <= k; i++) {
				if (split(b[i], kv, "=") != 2) continue
				busy += kv[2]; if (c[kv[1] + 1] < max) little += kv[2]
			}
			next
		}
		f == 2 && $col("task") == "m" {
			if ($col("job") == 0) rel0 = $col("release_ns")
			if ($col("phase") == 1 && !have) {
				have = 1; rel = $col("release_ns"); end = $col("end_ns")
				endbig = c[$col("cpu_end") + 1] == max
			}
		}
		f == 2 && $col("task") == "small" { row[++ns] = $0 }
		END {
			wake = rel0 + pper
			for (j = 1; j <= ns; j++) {
				split(row[j], r, ",")
				$0 = row[j]
				r0 = $col("release_ns"); s0 = $col("start_ns"); e0 = $col("end_ns")
				sb = c[$col("cpu_start") + 1] == max; eb = c[$col("cpu_end") + 1] == max
				if ($col("lateness_ns") > 0) late++
				if (r0 < rel0 && !(sb && eb)) preoff++
				if (r0 <= wake && wake < r0 + per && s0 <= wake && e0 > wake && sb) held++
				if (sb && !eb && !moved++) { mrel = r0; mend = e0 }
			}
			printf "%.0f %.0f %.0f %.0f %.0f %d %d %d %d %.0f %.0f %d %s %s\n", little, busy, wake, rel, end, endbig,
				held, preoff, moved, mrel, mend, late, tids == "" ? "none" : tids, mtid == "" ? "none" : mtid
		}' "$1/tasks.csv" "$1/jobs.csv"
	}
	# first_push POINTDIR SMALL_TIDS M_TID FROM_NS: "DT_NS CONTEXT CPU FROM
	# TO" of the first placement event after FROM_NS that pushes a small
	# task from a CPU of the largest capacity to a smaller one: how long
	# after FROM_NS, the thread it ran in and its CPU, and the push's CPUs;
	# "none" if there is none.
	first_push() {
		[ -r "$1/placements.trace" ] || { echo none; return; }
		awk -v tids="$2" -v t0="$4" -v caps="$(echo $TOPO_CAPS | tr ' ' ,)" '
		BEGIN { n = split(caps, c, ","); for (i = 1; i <= n; i++) if (c[i] > max) max = c[i] }
		/ sched_dl_place: / && / path=push / {
			t = ""; pid = from = to = ""
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^[0-9]+\.[0-9]+:$/ && t == "") t = substr($i, 1, length($i) - 1)
				if ($i ~ /^\[[0-9]+\]$/) cpu = substr($i, 2, length($i) - 2)
				if ($i ~ /^pid=/) pid = substr($i, 5)
				if ($i ~ /^from=/) from = substr($i, 6)
				if ($i ~ /^to=/) to = substr($i, 4)
			}
			ns = sprintf("%.0f", t * 1e9)
			if (ns + 0 < t0 || pid !~ "^(" tids ")$") next
			if (c[from + 1] != max || to == "" || to < 0 || c[to + 1] >= max) next
			ctx = $1; sub(/-[0-9]+$/, "", ctx); split($1, cp, "-")
			printf "%.0f %s %d %s %s\n", ns - t0, cp[length(cp)], cpu, from, to
			found = 1; exit
		}
		END { if (!found) print "none" }' "$1/placements.trace"
	}

	for p in swap-none swap-migrate swap swap-late; do
		check "$p: the 4 hogs, 4 fillers, 4 small tasks and m admitted ($(admitted "$run/$p"))" \
			test "$(admitted "$run/$p")" = 13
	done
	read -r little busy wake rel end endbig held preoff moved mrel mend slate tids mtid <<< "$(swap_stats "$run/swap")"
	swap_resp=$((end - rel))
	check "swap: the small tasks held the big CPUs before m ($preoff of their jobs before m's release elsewhere) and were mid-job on them when m woke for its long job ($held of 4)" \
		test "$preoff" = 0 -a "$held" = 4
	check "swap: m left its LITTLE at once: $(ms3 $little) ms there <= its first job's $(ms3 $place_little_ns) ms + 1 ms" \
		test "$busy" -gt 0 -a "$little" -le $((place_little_ns + 1000000))
	check "swap: exactly one small job went from a big CPU to a LITTLE ($moved), the one running when m woke" \
		test "$moved" = 1 -a "$mrel" -le "$wake" -a "$mend" -gt "$wake"
	read -r dt ctx pcpu pfrom pto <<< "$(first_push "$run/swap" "$tids" "$mtid" "$wake")"
	if [ "$dt" = none ]; then
		check "swap: a push of a small task from a big CPU to a LITTLE after m woke for its long job (placements.trace)" false
	else
		check "swap: ... pushed from CPU $pfrom to $pto by m (thread $ctx, m is $mtid) running on CPU $pcpu, $((dt / 1000)) us after m's timer expired (<= 1 ms)" \
			test "$ctx" = "$mtid" -a "$pcpu" = "$pfrom" -a "$dt" -le 1000000
	fi
	check "swap: m's long job ended on a big CPU (in $(ms $swap_resp) ms), no small job late ($slate)" \
		test "$endbig" = 1 -a "$slate" = 0
	for p in swap-none swap-migrate; do
		read -r little busy wake rel end endbig held preoff moved mrel mend slate tids mtid <<< "$(swap_stats "$run/$p")"
		check "$p: m's long job never left its LITTLE: $(ms $little) of $(ms $busy) ms there (>= 95%), ended there (on a big: $endbig); small jobs moved off a big: $moved" \
			test "$busy" -gt 0 -a $((100 * little)) -ge $((95 * busy)) -a "$endbig" = 0 -a "$moved" = 0
		check "$p: m's long job took $(ms $((end - rel))) ms >= 1.5 x the $(ms $swap_resp) ms under migrate-preempt" \
			test $((2 * (end - rel))) -ge $((3 * swap_resp))
	done
	read -r little busy wake rel end endbig held preoff moved mrel mend slate tids mtid <<< "$(swap_stats "$run/swap-late" "$late_pperiod_ns")"
	check "swap-late: m woke with the small tasks mid-job on the big CPUs ($held of 4) and was not moved then: $(ms3 $little) ms on its LITTLE > its first job's $(ms3 $place_little_ns) ms + 1 ms" \
		test "$preoff" = 0 -a "$held" = 4 -a "$little" -gt $((place_little_ns + 1000000))
	read -r dt ctx pcpu pfrom pto <<< "$(first_push "$run/swap-late" "$tids" "$mtid" "$wake")"
	after=$((little - place_little_ns))
	if [ "$dt" = none ]; then
		check "swap-late: a push of a small task from a big CPU to a LITTLE after m's wake (placements.trace)" false
	else
		check "swap-late: ... but later, by a swap: $moved small job moved to a LITTLE, pushed from CPU $pfrom to $pto by m (thread $ctx, m is $mtid) on CPU $pfrom $(ms3 $dt) ms after m's wake, within 1 ms of its $(ms3 $after) ms on the LITTLE since" \
			test "$moved" = 1 -a "$ctx" = "$mtid" -a "$pcpu" = "$pfrom" -a $((dt - after)) -le 1000000 -a $((after - dt)) -le 1000000
	fi
	check "swap-late: m's long job ended on a big CPU (in $(ms $((end - rel))) ms), no small job late ($slate)" \
		test "$endbig" = 1 -a "$slate" = 0
	exit $assert_failed
fi
[ -d "$run/none" ] || { echo "check-misfit: no $run/none" >&2; exit 2; }
ts=$top/experiments/tasksets/misfit-freed.json
hog_period_ns=$(jq -e '.tasks.hog["dl-period"] * 1000' "$ts") &&
	runtime_ns=$(jq -e '.tasks.m["dl-runtime"] * 1000' "$ts") ||
	{ echo "check-misfit: no tasks.hog.dl-period or tasks.m.dl-runtime in $ts" >&2; exit 2; }
# the longest m runs on a LITTLE between two replenishments: its runtime
# at the smallest capacity's speed (the kernel scales what it charges)
set -- $TOPO_CAPS
little_budget_ns=$((runtime_ns * $(printf '%s\n' "$@" | sort -n | tail -1) / $(printf '%s\n' "$@" | sort -n | head -1)))

# stats POINTDIR: "LITTLE_NS BUSY_NS RELEASE_NS HOG_END_NS END_BIG NCPUS
# MIGRATIONS SET_LITTLE_NS SET_BUSY_NS": m's busy time on CPUs below the
# largest capacity and in all, its job's release, the end of the last hog
# job, whether m's job ended on a CPU of the largest capacity (1/0), how
# many CPUs it ran on and how often it moved; the same two busy times for
# the whole set.
stats() {
	{ cat "$1/tasks.csv"; echo "#jobs"; cat "$1/jobs.csv"; } |
	csv_awk -v caps="$(echo $TOPO_CAPS | tr ' ' ,)" '
	BEGIN { n = split(caps, c, ","); for (i = 1; i <= n; i++) if (c[i] > max) max = c[i] }
	FNR == 1 { header(); next }
	$0 == "#jobs" { jobs = 1; getline; header(); next }
	!jobs {
		m = $col("task") == "m"
		k = split($col("busy_ns_by_cpu"), b, ";")
		for (i = 1; i <= k; i++) {
			if (split(b[i], kv, "=") != 2) continue
			sbusy += kv[2]; if (m) busy += kv[2]
			if (c[kv[1] + 1] < max) { slittle += kv[2]; if (m) little += kv[2] }
		}
	}
	jobs && $col("task") == "hog" && $col("end_ns") > hog_end { hog_end = $col("end_ns") }
	jobs && $col("task") == "m" && $col("job") == 0 {
		rel = $col("release_ns"); big = c[$col("cpu_end") + 1] == max
		ncpus = $col("ncpus"); mig = $col("migrations")
	}
	END { printf "%.0f %.0f %.0f %.0f %d %d %d %.0f %.0f\n", little, busy, rel, hog_end, big, ncpus, mig, slittle, sbusy }'
}
for p in none migrate switch; do
	check "$p: the 4 hogs and m admitted ($(admitted "$run/$p"))" test "$(admitted "$run/$p")" = 5
done

read -r little busy rel hog_end big ncpus mig slittle sbusy <<< "$(stats "$run/none")"
check "none: m stays on a LITTLE, $(ms $little) of $(ms $busy) ms there (>= 50%)" \
	test "$busy" -gt 0 -a $((2 * little)) -ge "$busy"
check "none: m's job never leaves its LITTLE (ran on $ncpus CPU(s), ended on a big: $big)" \
	test "$ncpus" = 1 -a "$big" = 0

read -r little busy rel hog_end big ncpus mig slittle sbusy <<< "$(stats "$run/migrate")"
slack=$((hog_period_ns + little_budget_ns + 1000000))
check "migrate: the set's LITTLE time $(ms $slittle) ms <= the $(ms $((hog_end - rel))) ms the hogs held the bigs + $(ms $slack) ms" \
	test "$sbusy" -gt 0 -a "$hog_end" -gt "$rel" -a "$slittle" -le $((hog_end - rel + slack))
check "migrate: the set's LITTLE share $(ms $slittle) of $(ms $sbusy) ms <= 5%" \
	test "$sbusy" -gt 0 -a $((20 * slittle)) -le "$sbusy"
check "migrate: m's job ends on a big CPU, moved once ($mig migrations; LITTLE time $(ms $little) ms)" \
	test "$big" = 1 -a "$mig" = 1

read -r little busy rel hog_end big ncpus mig slittle sbusy <<< "$(stats "$run/switch")"
sw=$(sed -n 's/^switch_ns: //p' "$run/switch/dlgen.log")
if [[ "$sw" =~ ^[0-9]+$ ]] && [ "$sw" -gt "$hog_end" ]; then
	check "switch: m was on a LITTLE after the hogs ended: LITTLE time $(ms $little) ms > the $(ms $((sw - hog_end))) ms from their end to the switch" \
		test "$little" -gt $((sw - hog_end))
	slack=$((little_budget_ns + 11000000))
	check "switch: ... and left it at its next replenishment ($(ms $little) ms <= $(ms $((sw - rel))) ms to the switch + $(ms $slack) ms)" \
		test "$little" -le $((sw - rel + slack))
	check "switch: m's job ends on a big CPU" test "$big" = 1
else
	check "switch: the knob was switched after the hogs ended (switch_ns: '${sw:-none}', hogs' end $hog_end)" false
fi

for p in online-none online; do
	check "$p: the 3 hogs and m admitted ($(admitted "$run/$p"))" test "$(admitted "$run/$p")" = 4
done
read -r little busy rel hog_end big ncpus mig slittle sbusy <<< "$(stats "$run/online-none")"
check "online-none: m's job never leaves its LITTLE (ran on $ncpus CPU(s), ended on a big: $big; LITTLE time $(ms $little) ms)" \
	test "$busy" -gt 0 -a "$ncpus" = 1 -a "$big" = 0
read -r little busy rel hog_end big ncpus mig slittle sbusy <<< "$(stats "$run/online")"
on=$(sed -n 's/^online_ns: //p' "$run/online/dlgen.log")
if [[ "$on" =~ ^[0-9]+$ ]] && [ "$on" -gt "$rel" ]; then
	check "online: m left its LITTLE as CPU 7 came online ($(ms $little) ms there <= $(ms $((on - rel))) ms to the online + 11 ms)" \
		test "$busy" -gt 0 -a "$little" -le $((on - rel + 11000000))
	check "online: m's job ends on a big CPU, moved once ($mig migrations)" \
		test "$big" = 1 -a "$mig" = 1
else
	check "online: CPU 7 came online after m's release (online_ns: '${on:-none}', release $rel)" false
fi

# The knob itself (tests/guest/knobs.sh): dl_misfit exists on this kernel.
if [ -r "$run/knobs/dlgen.log" ]; then
	check "in guest: dl_misfit exists and takes its values" \
		sh -c "grep -qx 'PASS: dl_misfit exists' '$run/knobs/dlgen.log' && grep -qx \"PASS: dl_misfit takes 'migrate' and reads it back\" '$run/knobs/dlgen.log'"
	check "in guest: no knob check failed" sh -c "! grep -q '^FAIL' '$run/knobs/dlgen.log'"
else
	check "in-guest knob checks ran" false
fi
exit $assert_failed
