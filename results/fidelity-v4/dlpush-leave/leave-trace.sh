#!/bin/sh
# Guest script (h/leave): dlprobe dlpush with /proc/interrupts before and
# after; with MODE trace the kernel's timer, interrupt, IPI and
# scheduler events on the pair's two CPUs (ftrace instance "leave", clock
# mono, the probe's CLOCK_MONOTONIC) into POINTDIR/trace.txt; with MODE
# light only timer:hrtimer_expire_entry.
# Usage (in the guest): sh leave-trace.sh POINTDIR MODE A B [DLPROBE DLPUSH OPTIONS]
out=$1 mode=$2 a=$3 b=$4
shift 4
. /usr/share/dlcap/dl.sh
inst=$DL_DEBUGFS/tracing/instances/leave
if [ "$mode" = trace ] || [ "$mode" = light ]; then
	events="irq/irq_handler_entry irq/irq_handler_exit timer/hrtimer_start \
		timer/hrtimer_expire_entry timer/hrtimer_cancel sched/sched_switch \
		sched/sched_wakeup sched/sched_migrate_task ipi/ipi_raise ipi/ipi_entry"
	# light: only the hrtimer expiries (each at an interrupt's start, before the
	# clock readings that decide the throttle, so their cost moves both alike)
	[ "$mode" = light ] && events=timer/hrtimer_expire_entry
	mkdir -p $inst
	echo mono > $inst/trace_clock
	echo 8192 > $inst/buffer_size_kb
	printf '%x\n' $(( (1 << a) | (1 << b) )) > $inst/tracing_cpumask
	for e in $events; do
		if [ -d $inst/events/$e ]; then echo 1 > $inst/events/$e/enable; else echo "missing $e" >> $out/trace-events.txt; fi
	done
	echo 1 > $inst/tracing_on
fi
cat /proc/interrupts > $out/interrupts-before.txt
dlprobe dlpush -a $a -b $b "$@" > $out/probe.csv
rc=$?
cat /proc/interrupts > $out/interrupts-after.txt
if [ "$mode" = trace ] || [ "$mode" = light ]; then
	echo 0 > $inst/tracing_on
	cat $inst/trace > $out/trace.txt
	cat $inst/per_cpu/cpu$a/stats $inst/per_cpu/cpu$b/stats > $out/trace-stats.txt
fi
exit $rc
