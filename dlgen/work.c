// SPDX-License-Identifier: GPL-2.0
/*
 * work.c - capacity-emulating busy work.
 */
#include <sched.h>
#include <stdio.h>
#include <time.h>

#include "work.h"

int capacity_table_read(struct capacity_table *ct, const char *sysfs_cpu)
{
	char path[256];
	unsigned int n;

	ct->ncpus = 0;
	for (n = 0; n < DLGEN_MAX_CPUS; n++) {
		FILE *f;
		unsigned int cap = 1024;

		snprintf(path, sizeof(path), "%s/cpu%u", sysfs_cpu, n);
		f = fopen(path, "r");
		if (!f)
			break;
		fclose(f);
		snprintf(path, sizeof(path), "%s/cpu%u/cpu_capacity", sysfs_cpu, n);
		f = fopen(path, "r");
		if (f) {
			if (fscanf(f, "%u", &cap) != 1 || cap == 0 || cap > 1024)
				cap = 1024;
			fclose(f);
		}
		ct->cap[n] = cap;
		ct->ncpus = n + 1;
	}
	return ct->ncpus ? (int)ct->ncpus : -1;
}

uint64_t work_scaled(const struct capacity_table *ct, int cpu,
		     uint64_t cputime_ns)
{
	unsigned int cap = 1024;

	if (cpu >= 0 && (unsigned int)cpu < ct->ncpus)
		cap = ct->cap[cpu];
	return cputime_ns * cap / 1024;
}

static uint64_t thread_cputime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

uint64_t work_emulated(const struct capacity_table *ct, uint64_t want_ns,
		       struct cpu_trace *tr, uint64_t *busy_ns,
		       const volatile int *stop)
{
	uint64_t done = 0, last = thread_cputime_ns();
	int cpu;

	cpu_trace_add(tr, sched_getcpu());
	/*
	 * Each pass is two cheap syscalls; time spent preempted is not
	 * thread CPU time, so it is never charged.  The interval is charged to the CPU seen at its
	 * end: a migration misattributes at most one pass.
	 */
	while (done < want_ns && !*stop) {
		uint64_t now = thread_cputime_ns();

		cpu = sched_getcpu();
		cpu_trace_add(tr, cpu);
		done += work_scaled(ct, cpu, now - last);
		if (cpu >= 0 && (unsigned int)cpu < ct->ncpus)
			busy_ns[cpu] += now - last;
		last = now;
	}
	return done;
}

static uint64_t mono_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

uint64_t work_for_time(const struct capacity_table *ct, uint64_t until_ns,
		       struct cpu_trace *tr, uint64_t *busy_ns,
		       const volatile int *stop)
{
	uint64_t done = 0, last = thread_cputime_ns();
	int cpu;

	cpu_trace_add(tr, sched_getcpu());
	while (mono_now_ns() < until_ns && !*stop) {
		uint64_t now = thread_cputime_ns();

		cpu = sched_getcpu();
		cpu_trace_add(tr, cpu);
		done += work_scaled(ct, cpu, now - last);
		if (cpu >= 0 && (unsigned int)cpu < ct->ncpus)
			busy_ns[cpu] += now - last;
		last = now;
	}
	return done;
}
