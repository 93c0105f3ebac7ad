/* SPDX-License-Identifier: GPL-2.0 */
/*
 * joblog.h - per-job records, kept in preallocated memory while tasks run
 * and written as CSV at the end.
 */
#ifndef DLGEN_JOBLOG_H
#define DLGEN_JOBLOG_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include "taskset.h"


/* Which CPUs a job ran on, built from samples taken while it works. */
struct cpu_trace {
	uint64_t seen[DLGEN_MAX_CPUS / 64];
	int first, last;		/* -1 until the first sample */
	unsigned int ncpus;		/* distinct CPUs seen */
	unsigned int migrations;	/* changes of CPU between samples */
};

struct job_record {
	uint64_t release;	/* CLOCK_MONOTONIC ns */
	uint64_t start;		/* first instant the job ran */
	uint64_t end;
	uint64_t deadline;	/* release + dl-deadline (or + period) */
	uint64_t work_ns;	/* capacity-1024 work done */
	int cpu_start, cpu_end;
	unsigned int ncpus, migrations;
	unsigned int overruns;	/* SIGXCPUs received during the job */
	unsigned int cut;	/* 1 if the watchdog stopped the job */
	unsigned int phase;	/* index of the phase the job belongs to */
	int throttles;		/* CBS replenishments during the job, -1: not counted */
};

/* One lock ... unlock of a mutex (locks.csv). */
struct lock_record {
	unsigned int job;	/* the job it belongs to (jobs.csv's job) */
	unsigned int mutex;	/* taskset.objs[] */
	uint64_t attempt, acquired, released;	/* CLOCK_MONOTONIC ns */
	uint64_t contended_ns;	/* of the hold, how long another thread waited */
	int boosted;		/* priority above the thread's own at unlock: 1/0, -1 unknown */
};

/* A log holds at most this many lock records per instance; later ones are counted, not kept. */
#define DLGEN_MAX_LOCKS	16384

/*
 * The cgroup a thread ran one phase in (taskgroups.csv): per phase, one
 * record for its first pass and one for the later ones (rt-app's rule can
 * put a phase without a taskgroup in another group from the second pass
 * on; later passes repeat the second's moves).
 */
struct tg_record {
	unsigned int passes;	/* times the thread entered the phase */
	const char *taskgroup;	/* where dlgen put it: a path, "" not moved */
	char cgroup[DLGEN_TASKGROUP_MAX + 64];	/* the kernel's path for the thread, "?" */
};

/* One thread: one instance of a task. */
struct task_log {
	const struct task_spec *spec;
	unsigned int instance;
	pid_t tid;
	int setattr_ret;	/* 0, or -1 with setattr_errno */
	int setattr_errno;
	unsigned int njobs, maxjobs;
	struct job_record *jobs;
	unsigned int ncpus;
	uint64_t *busy_ns;	/* thread CPU time spent on each CPU */
	struct lock_record *locks;	/* NULL if the task locks no mutex */
	unsigned int nlocks, locks_dropped;
	int forked;		/* a thread a fork event starts (if it runs) */
	int started;		/* forked: it was started */
	struct tg_record *tgs;	/* 2 per phase, when the set uses taskgroups; else NULL */
};

void cpu_trace_init(struct cpu_trace *tr);
void cpu_trace_add(struct cpu_trace *tr, int cpu);

/*
 * The relative deadline a job of @t released by a timer of period
 * @timer_ns (0: no timer) is judged against: dl-deadline for
 * SCHED_DEADLINE, else the timer's period; 0 means none.
 */
uint64_t task_relative_deadline(const struct task_spec *t, uint64_t timer_ns);
/* A job log holds at most this many jobs per instance; later ones are dropped. */
#define DLGEN_MAX_JOBS	(1U << 20)
/* How many jobs @t can release in @duration_ns (the log's size). */
unsigned int task_max_jobs(const struct task_spec *t, uint64_t duration_ns);

int64_t job_lateness(const struct job_record *j);
void job_finish(struct job_record *j, uint64_t end, uint64_t work_ns,
		const struct cpu_trace *tr);

int task_log_alloc(struct task_log *l, const struct task_spec *t,
		   unsigned int instance, uint64_t duration_ns,
		   unsigned int ncpus);
/* The records of taskgroups.csv, for a set that uses taskgroups. */
int task_log_alloc_taskgroups(struct task_log *l);
void task_log_free(struct task_log *l);

/* Lateness statistics of one instance's jobs (all 0 without jobs). */
struct lateness_stats {
	unsigned int jobs, misses;
	int64_t max, mean, p99;
};

int lateness_stats(const struct task_log *l, struct lateness_stats *st);
/* Reserved bandwidth of one instance, runtime/period (0 if not DL). */
double task_bandwidth(const struct task_spec *t);

void jobs_csv_write(FILE *f, const struct task_log *logs, unsigned int n);
/* locks.csv; 1 if any instance locks a mutex (else nothing is written). */
int locks_csv_wanted(const struct task_log *logs, unsigned int n);
void locks_csv_write(FILE *f, const struct task_log *logs, unsigned int n);
void tasks_csv_write(FILE *f, const struct task_log *logs, unsigned int n);
/* taskgroups.csv: which cgroup each thread ran each phase in. */
void taskgroups_csv_write(FILE *f, const struct task_log *logs, unsigned int n);

#endif
