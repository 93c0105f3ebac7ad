#!/bin/bash
# Assertions on a run of tests/plans/misfit-hikey960.plan (dl_misfit on the
# misfit kernel, HiKey960):
#   tests/check-misfit.sh RUNDIR
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
run=${1:?usage: check-misfit.sh RUNDIR}
[ -d "$run/none" ] || { echo "check-misfit: no $run/none" >&2; exit 2; }
eval "$("$top/scripts/topo.sh" "$top/experiments/topologies/hikey960.topo")"
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
ms() { echo $(($1 / 1000000)); }

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
