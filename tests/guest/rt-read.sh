#!/bin/sh
# In-guest: what a read of /proc/sys/kernel/sched_rt_runtime_us does to the
# DL bandwidth accounted in the root domains. On 6.12.118 sched_rt_handler()
# calls rebuild_sched_domains() after every read or write; with the domains
# unchanged the root domain is kept, its total_bw cleared and the DL tasks'
# bandwidth added back (cpuset), not the fair servers' (which upstream puts
# back since 41d4200b7103 "sched/deadline: Restore dl_server bandwidth on
# non-destructive root domain changes", not in this tree). No DL task runs.
# Last point of its plan: the servers' bandwidth stays out until a new root
# domain is built (CPU hotplug) or the next boot.
# Usage (by initramfs/init): sh rt-read.sh POINTDIR
. /usr/share/dlcap/dl.sh
rt=/proc/sys/kernel/sched_rt_runtime_us
[ -e $rt ] || { echo "no $rt (kernel without CONFIG_PROC_SYSCTL)"; exit 1; }
echo "total_bw before: $(dl_bw_each)"
echo "sched_rt_runtime_us: $(cat $rt)"
echo "total_bw after: $(dl_bw_each)"
