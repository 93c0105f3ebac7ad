// SPDX-License-Identifier: GPL-2.0
/*
 * spin.c - busy CPUs for the probes: a SCHED_OTHER thread pinned to each
 * CPU of a list, spinning until spin_stop(). SCHED_OTHER keeps them below
 * every SCHED_FIFO probe thread and out of RT throttling.
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
static atomic_int pinned, failed;

static void *spinner(void *arg)
{
	int cpu = (int)(long)arg;
	struct sched_param sp = { .sched_priority = 0 };

	/* not the SCHED_FIFO a probe thread that started it passed on */
	if (pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp) || cpu_pin(cpu)) {
		atomic_fetch_add(&failed, 1);
		return NULL;
	}
	atomic_fetch_add(&pinned, 1);
	while (!atomic_load_explicit(&stop, memory_order_relaxed))
		;
	return NULL;
}

/* spin_start - a spinner on each CPU of the list, returning once all run. */
int spin_start(const struct cpulist *cpus)
{
	int i, err;

	atomic_store(&stop, 0);
	atomic_store(&pinned, 0);
	atomic_store(&failed, 0);
	nthreads = 0;
	for (i = 0; i < cpus->n; i++) {
		err = pthread_create(&threads[i], NULL, spinner, (void *)(long)cpus->cpu[i]);
		if (err) {
			fprintf(stderr, "dlprobe: spinner on CPU %d: %s\n", cpus->cpu[i], strerror(err));
			spin_stop();
			return -1;
		}
		nthreads++;
	}
	while (atomic_load(&pinned) + atomic_load(&failed) < nthreads)
		sched_yield();
	if (atomic_load(&failed)) {
		spin_stop();
		return -1;
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
