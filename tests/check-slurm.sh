#!/bin/bash
# The Slurm runner against a real Slurm: Debian's slurmctld, slurmd and
# munged started here as a one-node cluster (a generated slurm.conf, no
# cgroup plugins), the tiny sweep submitted through it (RUNNER=slurm), and
# its points.csv, table.csv and every jobs.csv compared byte for byte with
# the same sweep run by the local runner. The daemons are stopped and their
# state removed at the end.
#   tests/check-slurm.sh LOCAL_RESULTS   (DLCAP_RESULTS of a local run of
#                                         tests/sweeps/tiny.sweep)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
local_res=${1:?usage: check-slurm.sh LOCAL_RESULTS}
S=$(mktemp -d /tmp/dlcap-slurm.XXXXXX)
t0=$(date +%s)
trap '"$top/scripts/slurm-local.sh" stop "$S"' EXIT
env=$("$top/scripts/slurm-local.sh" start "$S") || { echo "FAIL: a one-node Slurm cluster starts (scripts/slurm-local.sh)"; exit 1; }
eval "$env"
check "a one-node Slurm cluster is up ($(sinfo -h -o '%n %T %c CPUs' 2>/dev/null))" test "$(sinfo -h -o %T 2>/dev/null)" = idle
export DLCAP_RESULTS=$S/results
# wait_sweep: until none of the sweep's jobs is queued or running
wait_sweep() {
	local i
	for i in $(seq 900); do
		[ -z "$(squeue -h -n dlcap-tiny,dlcap-tiny-tables 2>/dev/null)" ] && return 0
		sleep 1
	done
	return 1
}
SLURM_ARRAY_LIMIT=2 RUNNER=slurm "$top/scripts/sweep.sh" "$top/tests/sweeps/tiny.sweep" > "$S/submit.out" 2>&1; rc=$?
check "RUNNER=slurm submits the tiny sweep: a 2-task array and a tables job (exit $rc: $(tail -1 "$S/submit.out"))" \
	sh -c "test $rc = 0 && grep -q 'job array [0-9]* (0-1%2' '$S/submit.out'"
"$top/scripts/sweep-status.sh" tiny > "$S/status1.out" 2>&1
check "sweep-status shows the submitted jobs and pending points" \
	sh -c "grep -q '^Slurm: submitted' '$S/status1.out' && grep -q '^points: ' '$S/status1.out'"
wait_sweep
check "the array and the tables job finish ($(($(date +%s) - t0)) s since the daemons started)" wait_sweep
raw=$DLCAP_RESULTS/raw/sweeps/tiny
check "each array task ran one boot of 4 points" \
	sh -c "test \$(cat '$raw'/slurm/boot-*.out | grep -c 'boot 1: 4 of 4 point') = 2"
for f in points.csv table.csv; do
	check "Slurm and local runners give the same $f, byte for byte" \
		cmp "$DLCAP_RESULTS/sweeps/tiny/$f" "$local_res/sweeps/tiny/$f"
done
n=0 same=0
for j in "$raw"/*/*/*/jobs.csv; do
	n=$((n + 1))
	cmp -s "$j" "$local_res/raw/sweeps/tiny/${j#"$raw"/}" && same=$((same + 1))
done
check "Slurm and local runners give the same jobs.csv for every point ($same of $n)" test "$n" = 8 -a "$same" = 8
"$top/scripts/sweep-status.sh" tiny > "$S/status2.out" 2>&1
check "sweep-status: 8 done, 0 failed, 0 pending" grep -q '^points: 8 done, 0 failed, 0 pending' "$S/status2.out"
# resubmitting: nothing is redone
stamp=$(stat -c %Y "$raw/patched/hikey960/series-u2.5-s1/jobs.csv")
RUNNER=slurm "$top/scripts/sweep.sh" "$top/tests/sweeps/tiny.sweep" > "$S/submit2.out" 2>&1
wait_sweep
check "resubmitting runs no point again (both tasks: 0 boots)" \
	sh -c "test \$(cat '$raw'/slurm/boot-*.out | grep -c 'done: 0 boot') = 2 && test $stamp = \$(stat -c %Y '$raw/patched/hikey960/series-u2.5-s1/jobs.csv')"
echo "   Slurm test: $(($(date +%s) - t0)) s from starting the daemons to the end"
exit $assert_failed
