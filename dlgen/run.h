/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DLGEN_RUN_H
#define DLGEN_RUN_H

#include "cgroup.h"
#include "joblog.h"
#include "taskset.h"
#include "work.h"

struct run_config {
	const struct taskset *ts;
	const struct capacity_table *caps;
	uint64_t duration_ns;	/* releases stop after start + duration */
	uint64_t start_margin_ns; /* from the last thread's set-up to start */
	uint64_t grace_ns;	/* watchdog: stop everything at duration + grace */
	int all_or_nothing;	/* any refusal: release no job at all */
	const struct loop_calibration *loops;	/* "loops" work mode, or NULL: emulated */
	int count_throttles;	/* read the CBS deadline around each DL job */
	uint64_t align_ns;	/* 0, or create the threads at a multiple of it */
	const struct cgroup_set *cgroups;	/* the taskgroups, or NULL if none */
};

/*
 * Run every instance of every task as its own thread, in file order, and
 * fill @logs (one per instance, allocated by the caller with
 * task_log_alloc()).  Admission refusals are recorded, not fatal, unless
 * cfg->all_or_nothing (then no job runs and RUN_REFUSED is returned).
 * A watchdog thread stops every job at start + duration + grace.
 * Threads move into their taskgroups (rt-app's rule: the task's at its
 * start, a phase's at the phase's start, a phase without one stays where
 * the thread is) and back to the root at their end; a move that fails is
 * one line on stderr and stops the run (RUN_CGROUP_FAILED).
 * Returns 0, RUN_REFUSED, RUN_CGROUP_FAILED, or a negative errno if a
 * thread could not be created.
 */
#define RUN_REFUSED	1
#define RUN_CGROUP_FAILED	2
int run_taskset(const struct run_config *cfg, struct task_log *logs,
		unsigned int nlogs, uint64_t *start_ns);

/*
 * dlgen's own cost per job, without the job's events: open the record,
 * note the start, sample the CPU once, close it (what --bench-log times),
 * in ns per job over @n jobs; -1 if the log cannot be allocated.
 */
double run_bench_logging(const struct capacity_table *ct, unsigned int n);

#endif
