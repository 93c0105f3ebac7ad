// SPDX-License-Identifier: GPL-2.0
/*
 * cpus.c - CPU lists ("0-3,7", or "-" for none), pinning the calling
 * thread (to one CPU or a list), and SCHED_FIFO or SCHED_DEADLINE for it.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cpus.h"

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE	6
#endif

/* sched_setattr(2)'s first version (SCHED_ATTR_SIZE_VER0), ours by name */
struct dl_attr {
	uint32_t size;
	uint32_t policy;
	uint64_t flags;
	int32_t nice;
	uint32_t priority;
	uint64_t runtime;
	uint64_t deadline;
	uint64_t period;
};

static int parse_cpu(const char *s, char **end)
{
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	v = strtol(s, end, 10);
	return v < MAX_CPUS ? (int)v : -1;
}

/*
 * cpulist_parse - "A[-B][,C[-D]...]" in increasing order without repeats,
 * or "-" for the empty list; -1 for anything else.
 */
int cpulist_parse(const char *s, struct cpulist *out)
{
	char *end;
	int a, b, last = -1;

	out->n = 0;
	if (!strcmp(s, "-"))
		return 0;
	for (;;) {
		a = parse_cpu(s, &end);
		if (a < 0)
			return -1;
		b = a;
		if (*end == '-') {
			b = parse_cpu(end + 1, &end);
			if (b < a)
				return -1;
		}
		if (a <= last)
			return -1;
		for (; a <= b; a++)
			out->cpu[out->n++] = a;
		last = b;
		if (!*end)
			return 0;
		if (*end != ',')
			return -1;
		s = end + 1;
	}
}

int cpu_pin(int cpu)
{
	cpu_set_t set;
	int err;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	err = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (err)
		fprintf(stderr, "dlprobe: cannot pin to CPU %d: %s\n", cpu, strerror(err));
	return err ? -1 : 0;
}

/* cpu_allow - the calling thread may run on the CPUs of the list only */
int cpu_allow(const struct cpulist *cpus)
{
	cpu_set_t set;
	int err, i;

	CPU_ZERO(&set);
	for (i = 0; i < cpus->n; i++)
		CPU_SET(cpus->cpu[i], &set);
	err = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (!err)
		return 0;
	fprintf(stderr, "dlprobe: cannot run on CPUs");
	for (i = 0; i < cpus->n; i++)
		fprintf(stderr, "%c%d", i ? ',' : ' ', cpus->cpu[i]);
	fprintf(stderr, ": %s\n", strerror(err));
	return -1;
}

int sched_fifo(int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	int err = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);

	if (err)
		fprintf(stderr, "dlprobe: SCHED_FIFO %d refused: %s\n", prio, strerror(err));
	return err ? -1 : 0;
}

/*
 * sched_deadline - SCHED_DEADLINE for the calling thread (sched_setattr(2),
 * which glibc 2.36 does not wrap).
 */
int sched_deadline(uint64_t runtime_ns, uint64_t deadline_ns, uint64_t period_ns)
{
	struct dl_attr a = {
		.size = sizeof(a),
		.policy = SCHED_DEADLINE,
		.runtime = runtime_ns,
		.deadline = deadline_ns,
		.period = period_ns,
	};

	if (!syscall(SYS_sched_setattr, 0, &a, 0))
		return 0;
	fprintf(stderr, "dlprobe: SCHED_DEADLINE %llu/%llu/%llu ns refused: %s\n",
		(unsigned long long)runtime_ns, (unsigned long long)deadline_ns,
		(unsigned long long)period_ns, strerror(errno));
	return -1;
}
