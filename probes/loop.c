// SPDX-License-Identifier: GPL-2.0
/*
 * loop.c - how long a fixed loop takes on one CPU.
 *
 * A SCHED_FIFO thread pinned to CPU times CHUNKS runs of the same loop of
 * LOOPS iterations (the same instructions every time) while the CPUs of
 * BUSY each run a SCHED_OTHER spinner. The chunks' minimum and median are
 * runs that no interrupt cut; their ratio between two CPUs is the ratio
 * of the CPUs' instruction rates.
 *
 * Output: one row: cpu,spinners,chunks,loops,chunk_min_ns,chunk_p50_ns,
 * chunk_max_ns,chunk_mean_ns
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "args.h"
#include "probes.h"
#include "spin.h"
#include "stats.h"

#define FIFO_PRIO	50

static void __attribute__((noinline)) fixed_loop(uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		asm volatile("" : : "r"(i) : "memory");
}

static const char usage[] = "-c CPU [-b BUSY_CPUS] [-n CHUNKS] [-l LOOPS]";

int probe_loop(int argc, char **argv)
{
	struct cpulist busy = { 0 };
	long chunks = 40, loops = 500000, i;
	struct samples t;
	struct summary sum;
	int cpu = -1, rc;
	int64_t t0;
	const struct opt_spec spec[] = {
		{ 'c', OPT_CPU, &cpu, .required = 1 },
		{ 'b', OPT_CPUS, &busy, .required = 0 },
		{ 'n', OPT_LONG, &chunks, .min = 1, .max = 1000000 },
		{ 'l', OPT_LONG, &loops, .min = 1, .max = 1000000000 },
	};

	rc = args_parse(argc, argv, spec, sizeof(spec) / sizeof(spec[0]), usage);
	if (rc)
		return rc;
	if (samples_init(&t, chunks) || spin_beside(cpu, FIFO_PRIO, &busy))
		return 1;
	fixed_loop(loops);	/* warm: the first run pays for page faults */
	for (i = 0; i < chunks; i++) {
		t0 = now_ns();
		fixed_loop(loops);
		samples_add(&t, now_ns() - t0);
	}
	spin_stop();
	samples_summarize(&t, &sum);
	printf("cpu,spinners,chunks,loops,chunk_min_ns,chunk_p50_ns,chunk_max_ns,chunk_mean_ns\n");
	printf("%d,%d,%zu,%ld,%lld,%lld,%lld,%.1f\n", cpu, busy.n, sum.n, loops,
	       (long long)sum.min, (long long)sum.p50, (long long)sum.max, sum.mean);
	samples_free(&t);
	return 0;
}
