#!/bin/sh
# Guest point of experiments/plans/fsoff-hikey960.plan: dlgen on TASKSET
# with every CPU's 6.12 fair server at RUNTIME_NS per its period (1 s):
# 50000000 as booted, 0 off (debug.c's sched_fair_server_write() takes any
# runtime <= period; 0 stops the server and dl_server_start() then never
# queues it). Init resets only the dl_* knobs between points, so every
# point of that plan sets all CPUs. First every server goes to 0 and the
# script waits (at most 2 s) until no DL bandwidth is left allocated, so
# that no task of the previous point still holds bandwidth (init's own
# drain waits only down to the boot's servers' bandwidth); then it writes
# RUNTIME_NS. Writes POINTDIR/fair_server.txt: each CPU's runtime/period
# as read back, and dl_bw->total_bw before dlgen starts against the boot's.
# Usage (by initramfs/init): sh fair-servers.sh POINTDIR RUNTIME_NS TASKSET
#   TASKSET a file name of experiments/tasksets/ (staged as /share/in/...)
# Exit status: dlgen's; 2 when a write is refused, a CPU reads back another
# runtime, bandwidth stays allocated, or the kernel has no fair servers.
out=${1:?}
runtime=${2:?}
ts=${3:?}
. /usr/share/dlcap/dl.sh
fs=$DL_DEBUGFS/sched/fair_server
[ -d $fs/cpu0 ] || { echo "fair-servers.sh: no $fs/cpu0 (no fair servers before 6.12)" >&2; exit 2; }
# set_all VALUE: every CPU's server runtime to VALUE
set_all() {
	for d in $fs/cpu*; do
		if ! echo "$1" > $d/runtime; then
			echo "fair-servers.sh: writing $1 to $d/runtime was refused" >&2
			return 1
		fi
	done
}
set_all 0 || exit 2
dl_drain 0 200 || { echo "fair-servers.sh: DL bandwidth $(dl_bw_max) still allocated 2 s after turning the servers off" >&2; exit 2; }
set_all "$runtime" || exit 2
bad=0
for d in $fs/cpu*; do [ "$(cat $d/runtime)" = "$runtime" ] || bad=1; done
{
	echo "fair_server runtime/period ns: $(dl_fair_servers)"
	echo "dl_bw->total_bw: $(dl_bw_max) (at boot: ${DL_BW_BOOT:-unknown})"
} > "$out/fair_server.txt"
cat "$out/fair_server.txt"
[ $bad = 0 ] || { echo "fair-servers.sh: a CPU reads back another runtime than $runtime" >&2; exit 2; }
dlgen -o "$out" "/share/in/$ts"
