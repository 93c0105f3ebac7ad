/* SPDX-License-Identifier: GPL-2.0 */
/*
 * work.h - busy work measured in thread CPU time, scaled by the capacity
 * of the CPU it runs on, so that one vCPU of QEMU can play a LITTLE core.
 */
#ifndef DLGEN_WORK_H
#define DLGEN_WORK_H

#include <stdint.h>
#include "joblog.h"

struct capacity_table {
	unsigned int ncpus;
	unsigned int cap[DLGEN_MAX_CPUS];	/* 1024 = the biggest CPU */
};

/*
 * Read /sys/devices/system/cpu/cpuN/cpu_capacity under @sysfs_cpu (e.g.
 * "/sys/devices/system/cpu") for N = 0.. until a cpuN folder is missing.
 * A CPU without the file (as on x86 hosts) counts as 1024.
 * Returns the number of CPUs found, or -1 if none.
 */
int capacity_table_read(struct capacity_table *ct, const char *sysfs_cpu);

/* Capacity-1024 work in a thread-CPU-time interval spent on @cpu. */
uint64_t work_scaled(const struct capacity_table *ct, int cpu,
		     uint64_t cputime_ns);

/*
 * Spin until @want_ns of capacity-1024 work is done, sampling thread CPU
 * time and the current CPU on every pass of a loop of two syscalls (a few
 * us of CPU time on a real or idle CPU; longer when the hypervisor stalls
 * the vCPU, which the guest counts as CPU time: EXPERIMENTS.md section 2).
 * Each interval is charged to the CPU sampled at its end.  The CPUs seen
 * go into @tr, the CPU time per CPU is added to @busy_ns[cpu] (ct->ncpus
 * entries).  Returns the work done (>= want_ns), or less if *@stop
 * became non-zero (the watchdog).
 */
uint64_t work_emulated(const struct capacity_table *ct, uint64_t want_ns,
		       struct cpu_trace *tr, uint64_t *busy_ns,
		       const volatile int *stop);

/*
 * rt-app's "runtime" event: spin until CLOCK_MONOTONIC reaches @until_ns,
 * whatever the CPU; sampled and charged like work_emulated(). Returns the
 * capacity-1024 work that time amounted to.
 */
uint64_t work_for_time(const struct capacity_table *ct, uint64_t until_ns,
		       struct cpu_trace *tr, uint64_t *busy_ns,
		       const volatile int *stop);

#endif
