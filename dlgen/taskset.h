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
/* Threads of one run (all instances of all tasks), each with a stack of
 * DLGEN_THREAD_STACK bytes, locked in memory: 1024 x 128 KiB = 128 MiB. */
#define DLGEN_MAX_THREADS	1024
#ifndef DLGEN_THREAD_STACK	/* the sanitizer build needs more */
#define DLGEN_THREAD_STACK	(128 * 1024)
#endif
#define DLGEN_MAX_CPUS		256
#define DLGEN_MAX_CPUS_WORDS	(DLGEN_MAX_CPUS / 64)
/*
 * rt-app's taskgroup: a cgroup of the cpu controller, named by its path
 * below the cgroup root ("/tg1/tg11"; "/" is the root itself), "" if none.
 * At most DLGEN_MAX_TASKGROUPS distinct paths per task set (rt-app: 32).
 */
#define DLGEN_TASKGROUP_MAX	128
#define DLGEN_MAX_TASKGROUPS	32

enum task_policy {
	POLICY_OTHER,
	POLICY_FIFO,
	POLICY_RR,
	POLICY_DEADLINE,
};

/* What a thread does, in order: rt-app's events. */
enum event_kind {
	EV_RUN,		/* work, in ns of a capacity-1024 CPU */
	EV_RUNTIME,	/* busy for a wall-clock time */
	EV_SLEEP,	/* sleep for a time */
	EV_TIMER,	/* end the job, wait for the timer: the next release */
	EV_YIELD,	/* sched_yield() */
	EV_BARRIER,	/* wait until every thread that uses the barrier is there */
	EV_SUSPEND,	/* wait for a resume of the task's own name */
	EV_RESUME,	/* wake the threads suspended on a name */
	EV_LOCK,	/* take a mutex (rt-app's resource) */
	EV_UNLOCK,	/* release it */
	EV_WAIT,	/* wait on a condition variable, its mutex held */
	EV_SIGNAL,	/* wake one waiter */
	EV_BROADCAST,	/* wake every waiter */
	EV_SYNC,	/* signal, then wait */
	EV_MEM,		/* write @ns bytes of memory (rt-app's "mem") */
	EV_IORUN,	/* write @ns bytes to global.io_device */
	EV_FORK,	/* start a thread of another task (@obj names it) */
};

struct event {
	enum event_kind kind;
	uint64_t ns;		/* work, time or timer period; mem, iorun: bytes */
	int relative;		/* timer: 1 relative (rt-app's default), 0 absolute */
	unsigned int obj;	/* barrier, suspend, resume, lock, unlock, wait...: taskset.objs[] */
	unsigned int mutex;	/* wait, sync: the mutex (taskset.objs[]) */
};

/* What threads synchronise on, by kind and name. */
enum obj_kind {
	OBJ_BARRIER,
	OBJ_COND,	/* suspend/resume: named after the suspending task */
	OBJ_MUTEX,
	OBJ_CONDVAR,	/* wait/signal/broad/sync */
	OBJ_FORK,	/* fork: the name of the task it starts */
};

struct sync_obj {
	char name[DLGEN_NAME_MAX];
	enum obj_kind kind;
	unsigned int users;	/* barrier: threads that use it; suspend name,
				 * condition variable: threads that can wake it */
};

#define DLGEN_MAX_OBJS		64

#define DLGEN_MAX_EVENTS	16
#define DLGEN_MAX_PHASES	8
#define DLGEN_LOOP_FOREVER	(-1)

/* A list of events repeated @loop times (rt-app's phase). */
struct phase {
	char name[DLGEN_NAME_MAX];	/* "" for a task without "phases" */
	unsigned int nevents;
	struct event ev[DLGEN_MAX_EVENTS];
	int loop;		/* passes, or DLGEN_LOOP_FOREVER (until the run ends) */
	uint64_t cpus[DLGEN_MAX_CPUS_WORDS];	/* affinity in this phase, if have_cpus */
	int have_cpus;
	/* the thread moves there at the phase's start; "": it stays where it is */
	char taskgroup[DLGEN_TASKGROUP_MAX];
};

struct task_spec {
	char name[DLGEN_NAME_MAX];
	enum task_policy policy;
	unsigned int instances;
	unsigned int forks;	/* threads fork events start, counted in advance */
	uint64_t delay_ns;	/* the task starts this long after the common start */
	uint64_t run_ns;	/* work per job of the first phase (tasks.csv) */
	uint64_t period_ns;	/* the first timer's period (tasks.csv), 0: none */
	unsigned int nphases;
	struct phase phases[DLGEN_MAX_PHASES];
	int loop;		/* passes over all phases, or DLGEN_LOOP_FOREVER */
	uint64_t cpus[DLGEN_MAX_CPUS_WORDS];	/* affinity ("cpus"), if have_cpus */
	int have_cpus;
	uint64_t dl_runtime_ns;	/* DL reservation; SCHED_OTHER: custom slice */
	uint64_t dl_deadline_ns;
	uint64_t dl_period_ns;
	unsigned int priority;	/* SCHED_FIFO/RR only */
	int nice;		/* SCHED_OTHER: rt-app's "priority" (-20..19) */
	int util_min, util_max;	/* uclamp, 0..1024; -1: not set */
	unsigned int dl_flags;	/* DLGEN_DL_RECLAIM | DLGEN_DL_OVERRUN */
	/* where the thread runs from its start ("" : dlgen's own cgroup) */
	char taskgroup[DLGEN_TASKGROUP_MAX];
};

/* SCHED_DEADLINE flags a task can ask for ("dl-flags"). */
#define DLGEN_DL_RECLAIM	0x1	/* SCHED_FLAG_RECLAIM (GRUB) */
#define DLGEN_DL_OVERRUN	0x2	/* SCHED_FLAG_DL_OVERRUN (SIGXCPU) */

/*
 * Without global.duration a run ends when every task has done its loops
 * (all finite then); releases still stop at this cap, and the watchdog
 * at cap + grace.
 */
#define DLGEN_LOOPS_CAP_S	3600

struct taskset {
	uint64_t duration_ns;	/* jobs are released until start + duration */
	int loops_bound;	/* no global.duration: duration_ns is the cap */
	enum task_policy default_policy;	/* global.default_policy */
	int calib_cpu;		/* global.calibration "CPUn", or -1 */
	uint64_t calib_ns_per_loop;	/* global.calibration as a number, or 0 */
	unsigned int ntasks;
	struct task_spec tasks[DLGEN_MAX_TASKS];
	int pi_enabled;		/* global.pi_enabled: mutexes inherit priority */
	char io_device[256];	/* global.io_device: where iorun writes */
	uint64_t mem_buffer_size;	/* global.mem_buffer_size: mem's and iorun's buffer */
	unsigned int nobjs;
	struct sync_obj objs[DLGEN_MAX_OBJS];
};

const char *policy_name(enum task_policy p);
/* 1 if @ev waits on its object, 2 if it wakes it, 3 both (sync), else 0. */
int event_waits_wakes(const struct event *ev);

/* The shortest time one pass of @ph can take (its work, times and timer
 * periods; synchronisation, memory and I/O are not counted); 0 means a
 * pass could spin. */
static inline uint64_t phase_min_pass_ns(const struct phase *ph)
{
	uint64_t t = 0;
	unsigned int i;

	/* saturating: 16 events of up to 2^63 ns must not wrap to "spins" */
	for (i = 0; i < ph->nevents; i++)
		if ((ph->ev[i].kind == EV_RUN || ph->ev[i].kind == EV_RUNTIME ||
		     ph->ev[i].kind == EV_SLEEP || ph->ev[i].kind == EV_TIMER) &&
		    __builtin_add_overflow(t, ph->ev[i].ns, &t))
			return UINT64_MAX;
	return t;
}

#endif
