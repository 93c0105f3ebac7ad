/* SPDX-License-Identifier: GPL-2.0 */
/*
 * taskset.h - what a dlgen task set is, after parsing and validation.
 *
 * All times are nanoseconds.  A task of the JSON file becomes one
 * struct task_spec; each of its instances becomes one thread at run time.
 */
#ifndef DLGEN_TASKSET_H
#define DLGEN_TASKSET_H

#include <stdint.h>

#define DLGEN_NAME_MAX		64
#define DLGEN_MAX_INSTANCES	256
#define DLGEN_MAX_TASKS		256

enum task_policy {
	POLICY_OTHER,
	POLICY_FIFO,
	POLICY_RR,
	POLICY_DEADLINE,
};

struct task_spec {
	char name[DLGEN_NAME_MAX];
	enum task_policy policy;
	unsigned int instances;
	uint64_t delay_ns;	/* first release after the common start */
	uint64_t run_ns;	/* work per job, on a capacity-1024 CPU */
	uint64_t period_ns;	/* release period (the timer's period) */
	uint64_t dl_runtime_ns;	/* SCHED_DEADLINE reservation */
	uint64_t dl_deadline_ns;
	uint64_t dl_period_ns;
	unsigned int priority;	/* SCHED_FIFO/RR only */
	int util_min, util_max;	/* uclamp, 0..1024; -1: not set */
	unsigned int dl_flags;	/* DLGEN_DL_RECLAIM | DLGEN_DL_OVERRUN */
};

/* SCHED_DEADLINE flags a task can ask for ("dl-flags"). */
#define DLGEN_DL_RECLAIM	0x1	/* SCHED_FLAG_RECLAIM (GRUB) */
#define DLGEN_DL_OVERRUN	0x2	/* SCHED_FLAG_DL_OVERRUN (SIGXCPU) */

struct taskset {
	uint64_t duration_ns;	/* jobs are released until start + duration */
	unsigned int ntasks;
	struct task_spec tasks[DLGEN_MAX_TASKS];
};

const char *policy_name(enum task_policy p);

#endif
