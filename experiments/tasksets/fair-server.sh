#!/bin/sh
# Guest point of experiments/plans/fair-server.plan: an RT hog (SCHED_FIFO,
# always busy) and a CFS task (back-to-back jobs of 250 us of work) on one
# CPU for 5 s (fair-server-hog.json, its "cpus" [ 0 ] made [ CPU ]), with
# CPU's fair server (6.12: 50 ms every 1 s) left as it is or its runtime set
# to RUNTIME_NS (0 turns it off) for the run and put back after. Prints the
# server's runtime/period as the run had them ("none" before 6.12, where a
# RUNTIME_NS is not applied: only RT throttling feeds the CFS task there).
# Usage (by initramfs/init): sh fair-server.sh POINTDIR CPU [RUNTIME_NS]
# stage: fair-server-hog.json
out=${1:?}
cpu=${2:?}
runtime=${3:-}
. /usr/share/dlcap/dl.sh
fs=$DL_DEBUGFS/sched/fair_server/cpu$cpu
old=
if [ -d $fs ]; then
	old=$(cat $fs/runtime)
	if [ -n "$runtime" ] && ! echo "$runtime" > $fs/runtime; then
		echo "fair-server.sh: writing $runtime to $fs/runtime was refused" >&2
		exit 2
	fi
	echo "fair_server runtime/period ns: $(cat $fs/runtime)/$(cat $fs/period)"
else
	echo "fair_server runtime/period ns: none"
fi
sed "s/\"cpus\" : \[ 0 \]/\"cpus\" : [ $cpu ]/" /share/in/fair-server-hog.json > "$out/taskset.json"
dlgen -o "$out" "$out/taskset.json" > "$out/run.log" 2>&1
rc=$?
echo "dlgen exit: $rc"
[ -n "$old" ] && [ -n "$runtime" ] && echo "$old" > $fs/runtime
exit $rc
