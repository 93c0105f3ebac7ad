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
	int cpu = -1, opt;
	int64_t t0;

	while ((opt = getopt(argc, argv, "c:b:n:l:")) != -1) {
		switch (opt) {
		case 'c':
			if (arg_cpu(argv[0], opt, optarg, &cpu))
				return 2;
			break;
		case 'b':
			if (arg_cpus(argv[0], opt, optarg, &busy))
				return 2;
			break;
		case 'n':
			if (arg_long(argv[0], opt, optarg, 1, 1000000, &chunks))
				return 2;
			break;
		case 'l':
			if (arg_long(argv[0], opt, optarg, 1, 1000000000, &loops))
				return 2;
			break;
		default:
			usage_error(argv[0], usage);
			return 2;
		}
	}
	if (cpu < 0 || optind != argc) {
		usage_error(argv[0], usage);
		return 2;
	}
	if (samples_init(&t, chunks) || cpu_pin(cpu) || sched_fifo(FIFO_PRIO) ||
	    spin_start(&busy))
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
