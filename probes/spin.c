// SPDX-License-Identifier: GPL-2.0
/*
 * spin.c - busy CPUs for the probes: a SCHED_OTHER thread pinned to each
 * CPU of a list, spinning until spin_stop(). SCHED_OTHER keeps them below
 * every SCHED_FIFO probe thread and out of RT throttling.
 *
 * Each spinner is created with its CPU and policy in its attributes, so it
 * never runs anywhere else or as anything else: a thread that inherited a
 * SCHED_FIFO prober's CPU and policy and then changed them itself would
 * first run beside the prober, and once SCHED_OTHER there, starve until
 * RT throttling let it move (seen in the guest: "sched: RT throttling
 * activated" as the first point started).
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "spin.h"

static atomic_int stop;
static pthread_t threads[MAX_CPUS];
static int nthreads;

static void *spinner(void *arg)
{
	(void)arg;
	while (!atomic_load_explicit(&stop, memory_order_relaxed))
		;
	return NULL;
}

static int start_one(int cpu, pthread_t *thr)
{
	struct sched_param sp = { .sched_priority = 0 };
	pthread_attr_t attr;
	cpu_set_t set;
	int err;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	err = pthread_attr_init(&attr);
	if (!err)
		err = pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
	if (!err)
		err = pthread_attr_setschedpolicy(&attr, SCHED_OTHER);
	if (!err)
		err = pthread_attr_setschedparam(&attr, &sp);
	if (!err)
		err = pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	if (!err)
		err = pthread_create(thr, &attr, spinner, NULL);
	pthread_attr_destroy(&attr);
	if (err)
		fprintf(stderr, "dlprobe: spinner on CPU %d: %s\n", cpu, strerror(err));
	return err ? -1 : 0;
}

/* spin_start - a spinner on each CPU of the list */
int spin_start(const struct cpulist *cpus)
{
	int i;

	atomic_store(&stop, 0);
	nthreads = 0;
	for (i = 0; i < cpus->n; i++) {
		if (start_one(cpus->cpu[i], &threads[nthreads])) {
			spin_stop();
			return -1;
		}
		nthreads++;
	}
	return 0;
}

/*
 * spin_beside - pin the caller to cpu as SCHED_FIFO prio, then start the
 * spinners of busy.
 */
int spin_beside(int cpu, int prio, const struct cpulist *busy)
{
	if (cpu_pin(cpu) || sched_fifo(prio))
		return -1;
	return spin_start(busy);
}

void spin_stop(void)
{
	int i;

	atomic_store(&stop, 1);
	for (i = 0; i < nthreads; i++)
		pthread_join(threads[i], NULL);
	nthreads = 0;
}
