#!/bin/sh
# In-guest CPU hotplug under admitted DL bandwidth (seed 004's check, in
# 6.1.192 dl_bw_check_overflow() from sched_cpu_deactivate()): run
# hotplug-10x8000.json (10 x 8000/16000 us = 5.0 CPUs of bandwidth), try to
# offline CPU N while it runs, put it back, report.
# Usage (by initramfs/init): sh hotplug.sh POINTDIR [CPU [TASKSET]]
#   TASKSET: a task set of experiments/tasksets (default hotplug-10x8000.json;
#   the plan line that names another stages it)
# stage: hotplug-10x8000.json
# Prints the DL bandwidth accounted before, "offline: allowed" or "offline:
# refused: MESSAGE", dlgen's admission count, and the DL bandwidth left
# accounted once dlgen is gone.
out=${1:?}
cpu=${2:-7}
taskset=${3:-hotplug-10x8000.json}
. /usr/share/dlcap/dl.sh
# each root domain's dl_bw.total_bw, distinct values (6.12: the fair servers')
echo "total_bw before: $(dl_bw_each)"
dlgen -o "$out" "/share/in/$taskset" > "$out/run.log" 2>&1 &
pid=$!
sleep 0.5
if dl_try_write offline 0 /sys/devices/system/cpu/cpu$cpu/online "$out/err"; then
	sleep 0.2
	echo 1 > /sys/devices/system/cpu/cpu$cpu/online || echo "online again: failed"
fi
wait $pid
echo "dlgen exit: $?"
echo "admitted: $(dl_admitted "$out/tasks.csv")"
echo "cpu$cpu online: $(cat /sys/devices/system/cpu/cpu$cpu/online)"
# With every DL task gone, each root domain's dl_bw.total_bw must be what
# it was before (6.1: 0).
echo "total_bw after: $(dl_bw_each)"
