// SPDX-License-Identifier: GPL-2.0
/*
 * args.c - command-line values of the probes. A bad value prints one line
 * "dlprobe MODE: -X VALUE: what is wrong" and the caller exits 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "args.h"

int arg_long(const char *mode, char opt, const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max) {
		fprintf(stderr, "dlprobe %s: -%c '%s': not an integer in %ld..%ld\n",
			mode, opt, s, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

int arg_cpu(const char *mode, char opt, const char *s, int *out)
{
	long v;

	if (arg_long(mode, opt, s, 0, MAX_CPUS - 1, &v))
		return -1;
	*out = (int)v;
	return 0;
}

int arg_cpus(const char *mode, char opt, const char *s, struct cpulist *out)
{
	if (cpulist_parse(s, out)) {
		fprintf(stderr, "dlprobe %s: -%c '%s': not a CPU list (0-3,7 increasing, or -)\n",
			mode, opt, s);
		return -1;
	}
	return 0;
}

void usage_error(const char *mode, const char *usage)
{
	fprintf(stderr, "usage: dlprobe %s %s\n", mode, usage);
}
