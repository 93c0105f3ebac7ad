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
# each root domain's dl_bw.total_bw, distinct values (6.12: the fair servers')
total_bw() { grep 'dl_bw->total_bw' /sys/kernel/debug/sched/debug | awk '{ print $NF }' | sort -u | tr '\n' ' '; }
echo "total_bw before: $(total_bw)"
dlgen -o "$out" "/share/in/$taskset" > "$out/run.log" 2>&1 &
pid=$!
sleep 0.5
if echo 0 > /sys/devices/system/cpu/cpu$cpu/online 2> "$out/err"; then
	echo "offline: allowed"
	sleep 0.2
	echo 1 > /sys/devices/system/cpu/cpu$cpu/online || echo "online again: failed"
else
	echo "offline: refused: $(sed 's/.*: //' "$out/err")"
fi
wait $pid
echo "dlgen exit: $?"
# tasks.csv's admitted column by its header's name (csv.awk: the initramfs)
echo "admitted: $(awk -F, -f /usr/share/dlcap/csv.awk -e 'FNR == 1 { header(); next }
	$col("admitted") == 1' "$out/tasks.csv" | wc -l)"
echo "cpu$cpu online: $(cat /sys/devices/system/cpu/cpu$cpu/online)"
# With every DL task gone, each root domain's dl_bw.total_bw must be what
# it was before (6.1: 0).
echo "total_bw after: $(total_bw)"
