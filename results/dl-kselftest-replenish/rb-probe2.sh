#!/bin/sh
# issue 33 probe 2 (guest): as rb-probe.sh, but the hung state is recorded
# with shell builtins only (no fork that could wake a CPU) before the kick;
# runs 1-2 are controls, not kicked (the test's 5 s watchdog ends them).
# Usage: sh rb-probe2.sh POINTDIR [N]
out=${1:?}
n=${2:-6}
dbg=${DL_DEBUGFS:-/sys/kernel/debug}/sched/debug
copy() { while IFS= read -r l; do echo "$l"; done < "$1"; }
i=1
while [ $i -le $n ]; do
	dlselftest replenish_bug > "$out/run$i.txt" 2>&1 &
	pid=$!
	sleep 2.5
	if kill -0 $pid 2>/dev/null; then
		for t in /proc/$pid/task/*; do copy $t/stat; done > "$out/run$i.stat"
		copy "$dbg" > "$out/run$i.sched_debug"
		cpu=$(awk '$41 == 5 && $3 == "R" { print $39 }' "$out/run$i.stat" | head -1)
		if [ $i -le 2 ]; then
			echo "run $i: running at 2.5 s, holder on cpu ${cpu:-?}; control, not kicked" >> "$out/summary.txt"
		else
			echo "run $i: running at 2.5 s, holder on cpu ${cpu:-?}; kicking it" >> "$out/summary.txt"
			[ -n "$cpu" ] && taskset -c "$cpu" true
		fi
	else
		echo "run $i: finished before 2.5 s" >> "$out/summary.txt"
	fi
	wait $pid
	echo "run $i: exit $? verdict: $(grep -E '^(not )?ok' "$out/run$i.txt")" >> "$out/summary.txt"
	sleep 1
	i=$((i + 1))
done
cat "$out/summary.txt"
exit 0
