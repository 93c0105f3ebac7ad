#!/bin/sh
# Guest point of experiments/plans/admission-oracle.plan: what the kernel's
# DL admission starts from and what it admits, for scripts/admission-oracle.sh
# to check against the limit it computes. Runs dlgen on TASKSET (default
# admission-16x8000.json) and prints the DL limit per CPU (dl_bw->bw of
# sched/debug: to_ratio(sched_rt_period_us, sched_rt_runtime_us), -1 for
# none), the fair servers (6.12; "none" before), and dl_bw.total_bw before,
# while the tasks run and after they are gone, each the largest of any root
# domain. It does not read /proc/sys/kernel/sched_rt_*: on 6.12.118 every
# read or write rebuilds the sched domains (sched_rt_handler() calls
# rebuild_sched_domains()), which clears the kept root domain's total_bw
# and adds back the tasks but not the fair servers (EXPERIMENTS.md
# section 23).
# Usage (by initramfs/init): sh admission-probe.sh POINTDIR [TASKSET]
# stage: admission-16x8000.json
out=${1:?}
taskset=${2:-admission-16x8000.json}
. /usr/share/dlcap/dl.sh
# the limit per CPU, CPU 0's root domain's (kernel/sched/debug.c prints it
# per CPU); "none" without sched/debug
cat "$DL_DEBUGFS/sched/debug" 2> /dev/null | awk '/dl_bw->bw/ { print "dl_bw->bw: " $NF; f = 1; exit }
	END { if (!f) print "dl_bw->bw: none" }'
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
