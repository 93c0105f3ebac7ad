// SPDX-License-Identifier: GPL-2.0
/*
 * cpus.c - CPU lists ("0-3,7", or "-" for none), pinning the calling
 * thread, and SCHED_FIFO for it.
 */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpus.h"

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

int sched_fifo(int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	int err = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);

	if (err)
		fprintf(stderr, "dlprobe: SCHED_FIFO %d refused: %s\n", prio, strerror(err));
	return err ? -1 : 0;
}
