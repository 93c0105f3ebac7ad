// SPDX-License-Identifier: GPL-2.0
/*
 * monotonic.c - is CLOCK_MONOTONIC monotonic across CPUs?
 *
 * One thread pinned to each CPU of the list reads the clock for DURATION.
 * Before each read it loads two values other CPUs published before it:
 * the largest reading of any thread so far (kept with a compare-and-swap
 * maximum) and the last reading of the previous thread in the list, handed
 * to it through a mailbox. Both were read from the clock before this read
 * starts (acquire loads of release stores), so a reading below either is
 * time going backwards across CPUs: its depth is the window. A reading
 * below the thread's own previous one is a step back within a CPU; a gap
 * of more than JUMP_NS between two of its own readings is a jump forward
 * (a clocksource delta that wrapped would show as one). The readers are
 * SCHED_OTHER: busy SCHED_FIFO threads on every CPU would be throttled.
 *
 * Output: one row per CPU: cpu,reads,behind_max,window_ns,behind_handed,
 * handed_window_ns,steps_back,jumps,max_gap_ns
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "probes.h"
#include "readers.h"

#define JUMP_NS		100000000LL

struct reader {
	int cpu;
	_Atomic int64_t handed;		/* written by the previous reader */
	struct reader *next;
	long long reads, behind_max, behind_handed, steps_back, jumps;
	int64_t window, handed_window, max_gap;
	int failed;
} __attribute__((aligned(64)));

static _Atomic int64_t largest;
static int64_t start_ns, end_ns;

static void publish_max(int64_t t)
{
	int64_t cur = atomic_load_explicit(&largest, memory_order_relaxed);

	while (t > cur && !atomic_compare_exchange_weak_explicit(&largest, &cur, t,
			memory_order_release, memory_order_relaxed))
		;
}

static void *read_clock(void *arg)
{
	struct reader *r = arg;
	int64_t g, h, t, last;

	if (cpu_pin(r->cpu)) {
		r->failed = 1;
		return NULL;
	}
	while (now_ns() < start_ns)
		;
	last = now_ns();
	do {
		g = atomic_load_explicit(&largest, memory_order_acquire);
		h = atomic_load_explicit(&r->handed, memory_order_acquire);
		t = now_ns();
		r->reads++;
		if (t < g) {
			r->behind_max++;
			if (g - t > r->window)
				r->window = g - t;
		}
		if (t < h) {
			r->behind_handed++;
			if (h - t > r->handed_window)
				r->handed_window = h - t;
		}
		if (t < last)
			r->steps_back++;
		else if (t - last > r->max_gap)
			r->max_gap = t - last;
		if (t - last > JUMP_NS)
			r->jumps++;
		last = t;
		publish_max(t);
		atomic_store_explicit(&r->next->handed, t, memory_order_release);
	} while (t < end_ns);
	return NULL;
}

static const char usage[] = "-b CPUS [-d DURATION_MS]";

int probe_monotonic(int argc, char **argv)
{
	static struct reader readers[MAX_CPUS];
	pthread_t threads[MAX_CPUS];
	struct cpulist cpus = { 0 };
	long duration_ms = 1000;
	int i, n = 0, rc;
	const struct opt_spec spec[] = {
		{ 'b', OPT_CPUS, &cpus, .required = 1 },
		{ 'd', OPT_LONG, &duration_ms, .min = 1, .max = 3600000 },
	};

	rc = args_parse(argc, argv, spec, sizeof(spec) / sizeof(spec[0]), usage);
	if (rc)
		return rc;
	if (cpus.n < 2) {
		fprintf(stderr, "dlprobe monotonic: -b needs two CPUs or more\n");
		return 2;
	}
	atomic_store(&largest, 0);
	/* all start together, once every thread is pinned */
	start_ns = now_ns() + 50000000;
	end_ns = start_ns + duration_ms * 1000000;
	for (i = 0; i < cpus.n; i++) {
		memset(&readers[i], 0, sizeof(readers[i]));
		readers[i].cpu = cpus.cpu[i];
		readers[i].next = &readers[(i + 1) % cpus.n];
	}
	n = readers_start(threads, &cpus, read_clock, readers, sizeof(readers[0]),
			  "monotonic");
	if (n < cpus.n)
		rc = 1;
	readers_join(threads, n);
	for (i = 0; i < n; i++)
		if (readers[i].failed)
			rc = 1;
	if (rc)
		return rc;
	printf("cpu,reads,behind_max,window_ns,behind_handed,handed_window_ns,steps_back,jumps,max_gap_ns\n");
	for (i = 0; i < cpus.n; i++) {
		struct reader *r = &readers[i];

		printf("%d,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld\n", r->cpu, r->reads,
		       r->behind_max, (long long)r->window, r->behind_handed,
		       (long long)r->handed_window, r->steps_back, r->jumps,
		       (long long)r->max_gap);
	}
	return 0;
}
