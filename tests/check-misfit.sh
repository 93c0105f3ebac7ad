#!/bin/bash
# Assertions on a run of tests/plans/misfit-hikey960.plan (dl_misfit on the
# misfit kernel, HiKey960):
#   tests/check-misfit.sh RUNDIR
# RUNDIR is a run-batch output folder. One PASS:/FAIL: line each.
# In experiments/tasksets/misfit-freed.json, m (density 0.87, fits no
# LITTLE) is put on a LITTLE while four hogs hold the big CPUs and never
# sleeps again; the hogs end after 20 jobs. The claims: under "none" m stays
# on the LITTLE (most of its run time there); under "migrate" it leaves it
# once a big CPU is free: its LITTLE time is at most the time the hogs held
# the bigs after its first release plus two of its periods, at most 5% of
# its run time, and every job it starts after that is on a big CPU.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
run=${1:?usage: check-misfit.sh RUNDIR}
[ -d "$run/none" ] || { echo "check-misfit: no $run/none" >&2; exit 2; }
eval "$("$top/scripts/topo.sh" "$top/experiments/topologies/hikey960.topo")"
period_ns=$(jq -e '.tasks.m.timer.period * 1000' "$top/experiments/tasksets/misfit-freed.json") ||
	{ echo "check-misfit: no tasks.m.timer.period in misfit-freed.json" >&2; exit 2; }

# stats POINTDIR: "LITTLE_NS BUSY_NS HOLD_NS LATE_BIG/LATE_JOBS" of m: its
# busy time on CPUs below the largest capacity and in all; how long the
# hogs held the bigs after m's first release (the last hog job's end); of
# m's jobs started later than that plus two periods, how many started and
# ended on a big CPU.
stats() {
	local caps
	caps=$(echo $TOPO_CAPS | tr ' ' ,)
	{ cat "$1/tasks.csv"; echo "#jobs"; cat "$1/jobs.csv"; } | csv_awk -v caps="$caps" -v slack=$((2 * period_ns)) '
	BEGIN { n = split(caps, c, ","); for (i = 1; i <= n; i++) if (c[i] > max) max = c[i] }
	FNR == 1 { header(); next }
	$0 == "#jobs" { jobs = 1; getline; header(); next }
	!jobs && $col("task") == "m" {
		k = split($col("busy_ns_by_cpu"), b, ";")
		for (i = 1; i <= k; i++) {
			split(b[i], kv, "=")
			busy += kv[2]
			if (c[kv[1] + 1] < max) little += kv[2]
		}
	}
	jobs && $col("task") == "hog" && $col("end_ns") > hog_end { hog_end = $col("end_ns") }
	jobs && $col("task") == "m" && (m_rel == "" || $col("release_ns") < m_rel) { m_rel = $col("release_ns") }
	jobs && $col("task") == "m" { st[++nj] = $col("start_ns"); big[nj] = c[$col("cpu_start") + 1] == max && c[$col("cpu_end") + 1] == max }
	END {
		for (i = 1; i <= nj; i++) if (st[i] > hog_end + slack) { late++; lb += big[i] }
		printf "%d %d %d %d/%d\n", little, busy, hog_end - m_rel, lb, late
	}'
}

for p in none migrate; do
	check "$p: the 4 hogs and m admitted ($(admitted "$run/$p"))" test "$(admitted "$run/$p")" = 5
done
read -r l_none b_none _ late_none <<< "$(stats "$run/none")"
read -r l_mig b_mig hold late_mig <<< "$(stats "$run/migrate")"
check "none: m stays on a LITTLE, $((l_none / 1000000)) of $((b_none / 1000000)) ms there (>= 50%)" \
	test "$b_none" -gt 0 -a $((2 * l_none)) -ge "$b_none"
check "none: none of m's jobs after the hogs start on a big CPU ($late_none)" test "${late_none%%/*}" = 0
check "migrate: m's LITTLE time $((l_mig / 1000000)) ms <= the $((hold / 1000000)) ms the hogs held the bigs + 2 periods" \
	test "$b_mig" -gt 0 -a "$l_mig" -le $((hold + 2 * period_ns))
check "migrate: m's LITTLE share $((l_mig / 1000000)) of $((b_mig / 1000000)) ms <= 5%" \
	test "$b_mig" -gt 0 -a $((20 * l_mig)) -le "$b_mig"
check "migrate: every job of m started after that runs on a big CPU ($late_mig, at least 100)" \
	sh -c "[ '${late_mig%%/*}' = '${late_mig##*/}' ] && [ '${late_mig##*/}' -ge 100 ]"

# The knob itself (tests/guest/knobs.sh): dl_misfit exists on this kernel.
if [ -r "$run/knobs/dlgen.log" ]; then
	check "in guest: dl_misfit exists and takes its values" \
		sh -c "grep -qx 'PASS: dl_misfit exists' '$run/knobs/dlgen.log' && grep -qx \"PASS: dl_misfit takes 'migrate' and reads it back\" '$run/knobs/dlgen.log'"
	check "in guest: no knob check failed" sh -c "! grep -q '^FAIL' '$run/knobs/dlgen.log'"
else
	check "in-guest knob checks ran" false
fi
exit $assert_failed
