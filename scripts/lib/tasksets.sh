# A sweep's generated task sets (scripts/sweep.sh --plan-only writes them
# as rt-app-grammar JSON) as CSV rows for the host tools of analysis/.
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

# taskset_rows DIR: for every DIR/u<U>-s<SEED>.json, one row per task:
#   u,seed,task,period_ns,offset_ns,run_ns,res_ns,dl_period_ns
# (header first). offset_ns is the task's first release after the run's
# start, as dlgen releases it: its delay, plus one timer period when the
# timer comes before the run in the task (a timer-first task's first job
# starts at the first expiry; every generated task is one). Jobs are then
# released at offset + k x period before the run's duration, which is what
# the kernel runs' jobs.csv hold and what ana-refsched simulates.
taskset_rows() {
	local dir=$1 j b u s
	echo "u,seed,task,period_ns,offset_ns,run_ns,res_ns,dl_period_ns"
	for j in "$dir"/u*-s*.json; do
		[ -e "$j" ] || die "no task sets (u*-s*.json) in $dir"
		b=$(basename "$j" .json)
		u=${b#u}; u=${u%-s*}; s=${b##*-s}
		jq -r --arg u "$u" --arg s "$s" '.tasks | to_entries[] |
			(.value | keys_unsorted) as $k |
			(.value.timer.period // error("task \(.key): no timer.period")) as $p |
			(if ($k | index("timer")) < ($k | index("run") // 1e9) then $p else 0 end) as $first |
			[$u, $s, .key, $p * 1000, ((.value.delay // 0) + $first) * 1000,
			 .value.run * 1000, .value["dl-runtime"] * 1000, .value["dl-period"] * 1000] | @csv' "$j" |
			tr -d '"' || die "$j: not a generated task set"
	done
}
