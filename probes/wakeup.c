// SPDX-License-Identifier: GPL-2.0
/*
 * wakeup.c - periodic wake-up latency on one CPU.
 *
 * A SCHED_FIFO thread pinned to CPU sleeps to absolute deadlines PERIOD
 * apart (clock_nanosleep TIMER_ABSTIME on CLOCK_MONOTONIC) and runs WORK
 * (a spin on the clock) after each wake-up; a period's latency is the
 * clock read on waking minus its deadline. The CPUs of BUSY each run a
 * SCHED_OTHER spinner meanwhile. The first WARMUP periods are not kept.
 *
 * Output: one row: cpu,spinners,periods,period_us,work_us,
 * lat_min_ns,lat_p50_ns,lat_p99_ns,lat_max_ns,lat_mean_ns,overruns
 * (overruns: periods whose work ended after the next deadline).
 */
#include <stdio.h>
#include <unistd.h>

#include "args.h"
#include "probes.h"
#include "spin.h"
#include "stats.h"

#define WARMUP		20
#define FIFO_PRIO	50

static const char usage[] = "-c CPU [-b BUSY_CPUS] [-n PERIODS] [-p PERIOD_US] [-w WORK_US]";

int probe_wakeup(int argc, char **argv)
{
	struct cpulist busy = { 0 };
	long periods = 2000, period_us = 1000, work_us = 50, overruns = 0;
	struct samples lat;
	struct summary sum;
	int64_t next, t;
	int cpu = -1, rc, i;
	const struct opt_spec spec[] = {
		{ 'c', OPT_CPU, &cpu, .required = 1 },
		{ 'b', OPT_CPUS, &busy, .required = 0 },
		{ 'n', OPT_LONG, &periods, .min = 1, .max = 1000000 },
		{ 'p', OPT_LONG, &period_us, .min = 10, .max = 1000000 },
		{ 'w', OPT_LONG, &work_us, .min = 0, .max = 1000000 },
	};

	rc = args_parse(argc, argv, spec, sizeof(spec) / sizeof(spec[0]), usage);
	if (rc)
		return rc;
	if (work_us >= period_us) {
		fprintf(stderr, "dlprobe wakeup: -w %ld: the work must be shorter than the period (-p %ld)\n",
			work_us, period_us);
		return 2;
	}
	if (samples_init(&lat, periods) || spin_beside(cpu, FIFO_PRIO, &busy))
		return 1;

	next = now_ns() + period_us * 1000;
	for (i = 0; i < WARMUP + periods; i++) {
		struct timespec ts = ns_to_ts(next);

		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		t = now_ns();
		if (i >= WARMUP)
			samples_add(&lat, t - next);
		while (now_ns() < t + work_us * 1000)
			;
		next += period_us * 1000;
		if (now_ns() > next)
			overruns++;
	}
	spin_stop();

	samples_summarize(&lat, &sum);
	printf("cpu,spinners,periods,period_us,work_us,lat_min_ns,lat_p50_ns,lat_p99_ns,lat_max_ns,lat_mean_ns,overruns\n");
	printf("%d,%d,%zu,%ld,%ld,%lld,%lld,%lld,%lld,%.1f,%ld\n", cpu, busy.n, sum.n,
	       period_us, work_us, (long long)sum.min, (long long)sum.p50,
	       (long long)sum.p99, (long long)sum.max, sum.mean, overruns);
	samples_free(&lat);
	return 0;
}
