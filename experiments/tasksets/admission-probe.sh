#!/bin/sh
# Guest point of experiments/plans/admission-oracle.plan: what the kernel's
# DL admission starts from and what it admits, for scripts/admission-oracle.sh
# to check against the limit it computes. Runs dlgen on TASKSET (default
# admission-16x8000.json) and prints the RT share (sysctls), the fair
# servers (6.12; "none" before), and dl_bw.total_bw before, while the tasks
# run and after they are gone, each the largest of any root domain. The
# kernel's sysctls read "none" without /proc/sys (slim.config: no SYSCTL).
# Usage (by initramfs/init): sh admission-probe.sh POINTDIR [TASKSET]
# stage: admission-16x8000.json
out=${1:?}
taskset=${2:-admission-16x8000.json}
. /usr/share/dlcap/dl.sh
# "none" without /proc/sys (slim.config has no SYSCTL): the defaults hold
for s in runtime period; do
	echo "sched_rt_${s}_us: $(cat /proc/sys/kernel/sched_rt_${s}_us 2>/dev/null || echo none)"
done
servers=$(dl_fair_servers | sed 's/cpu[0-9]*=//g')
echo "fair_server runtime/period ns: ${servers:-none}"
before=$(dl_bw_max)
echo "total_bw before: $before"
dlgen -o "$out" "/share/in/$taskset" > "$out/run.log" 2>&1 &
pid=$!
sleep 0.3
echo "total_bw during: $(dl_bw_max)"
wait $pid
echo "dlgen exit: $?"
# the bandwidth goes at each task's 0-lag time, a period or so after exit
dl_drain "$before" 200 || :
echo "total_bw after: $(dl_bw_max)"
