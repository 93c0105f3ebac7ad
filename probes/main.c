// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - dlprobe: in-guest probes of the emulator's timing fidelity
 * (EXPERIMENTS.md section 2, scripts/bench-fidelity-v2.sh).
 *   dlprobe wakeup    periodic SCHED_FIFO wake-up latency on one CPU
 *   dlprobe monotonic CLOCK_MONOTONIC read across CPUs, backwards or not
 *   dlprobe handoff   a turn passed between two CPUs (futex or spin)
 *   dlprobe loop      a fixed loop's duration on one CPU
 *   dlprobe clockwrap a counter read behind the timekeeper, made to happen
 *   dlprobe dlpush    SCHED_DEADLINE push latency between two CPUs, each way
 * Each prints a CSV with a header on stdout. Exit status: 0; 1 the probe
 * could not run (a CPU missing, no SCHED_FIFO or SCHED_DEADLINE); 2 bad
 * arguments.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "probes.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} modes[] = {
	{ "wakeup", probe_wakeup },
	{ "monotonic", probe_monotonic },
	{ "handoff", probe_handoff },
	{ "loop", probe_loop },
	{ "clockwrap", probe_clockwrap },
	{ "dlpush", probe_dlpush },
};

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		fprintf(stderr, "usage: dlprobe wakeup|monotonic|handoff|loop|clockwrap|dlpush [OPTIONS]\n");
		return 2;
	}
	/*
	 * No page fault of the binary inside a measurement (the sample
	 * buffers are written through when allocated, stats.c).
	 */
	mlockall(MCL_CURRENT);
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(argv[1], modes[i].name))
			return modes[i].run(argc - 1, argv + 1);
	fprintf(stderr, "dlprobe: mode '%s' is not wakeup, monotonic, handoff, loop, clockwrap or dlpush\n", argv[1]);
	return 2;
}
