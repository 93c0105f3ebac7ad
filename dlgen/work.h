/* SPDX-License-Identifier: GPL-2.0 */
/*
 * work.h - busy work measured in thread CPU time, scaled by the capacity
 * of the CPU it runs on, so that one vCPU of QEMU can play a LITTLE core.
 */
#ifndef DLGEN_WORK_H
#define DLGEN_WORK_H

#include <stdatomic.h>
#include <stddef.h>
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
		       const atomic_int *stop);

/*
 * rt-app's "runtime" event: spin until CLOCK_MONOTONIC reaches @until_ns,
 * whatever the CPU; sampled and charged like work_emulated(). Returns the
 * capacity-1024 work that time amounted to.
 */
uint64_t work_for_time(const struct capacity_table *ct, uint64_t until_ns,
		       struct cpu_trace *tr, uint64_t *busy_ns,
		       const atomic_int *stop);

/*
 * The "loops" work mode, for real boards: rt-app's calibrated busy loop.
 * A run of N ns is N / ns_per_loop iterations of a fixed arithmetic loop,
 * ns_per_loop measured on a CPU of capacity 1024, so that on a smaller CPU
 * the same run takes longer, as on hardware. Calibration times the loop
 * on one CPU of every capacity class (median of @reps trials) and keeps
 * the spread, (max - min) / median, of each.
 */
struct loop_calibration {
	unsigned int nclasses;
	unsigned int cap[DLGEN_MAX_CPUS];	/* capacity of each class */
	int cpu[DLGEN_MAX_CPUS];		/* the CPU it was measured on */
	double ns_per_loop[DLGEN_MAX_CPUS];	/* median */
	double spread[DLGEN_MAX_CPUS];
	double ref_ns_per_loop;	/* what a run's ns are divided by */
	int pinned;		/* ref_ns_per_loop came from the task set */
};

/*
 * Calibrate on every capacity class of @ct. @pinned_ns > 0 (the task
 * set's "calibration" number) sets the reference instead of measuring
 * it; @ref_cpu >= 0 ("CPUn") takes the reference from that CPU.
 * Returns 0, or -1 when no CPU could be pinned.
 */
int loops_calibrate(struct loop_calibration *lc, const struct capacity_table *ct,
		    double pinned_ns, int ref_cpu, unsigned int reps);

/*
 * Run @want_ns worth of loops (at the reference calibration), sampling
 * the CPU into @tr and charging thread CPU time to @busy_ns like
 * work_emulated(). Returns the capacity-1024 work the thread CPU time
 * amounted to (what emulated mode would have counted).
 */
uint64_t work_loops(const struct capacity_table *ct, const struct loop_calibration *lc,
		    uint64_t want_ns, struct cpu_trace *tr, uint64_t *busy_ns,
		    const atomic_int *stop);

/*
 * rt-app's memory and I/O load: write @bytes to @buf (@size bytes, reused)
 * with memset, or from it to @fd; neither counts as work. work_io() stops
 * at the first failed write (returns -1).
 */
void work_mem(unsigned char *buf, size_t size, uint64_t bytes);
int work_io(int fd, const unsigned char *buf, size_t size, uint64_t bytes);

#endif
