// SPDX-License-Identifier: GPL-2.0
/*
 * args.c - the probes' options from a table of struct opt_spec. A bad
 * value prints one line "dlprobe MODE: -X VALUE: what is wrong", a missing
 * option or a stray argument one usage line; both return 2 (the exit
 * status for bad arguments).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"

static int set_long(const char *mode, const struct opt_spec *o, const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < o->min || v > o->max) {
		fprintf(stderr, "dlprobe %s: -%c '%s': not an integer in %ld..%ld\n",
			mode, o->opt, s, o->min, o->max);
		return -1;
	}
	if (o->kind == OPT_CPU)
		*(int *)o->dst = (int)v;
	else
		*(long *)o->dst = v;
	return 0;
}

static int set_choice(const char *mode, const struct opt_spec *o, const char *s)
{
	int i;

	for (i = 0; o->choices[i]; i++)
		if (!strcmp(s, o->choices[i])) {
			*(int *)o->dst = i;
			return 0;
		}
	fprintf(stderr, "dlprobe %s: -%c '%s': not one of", mode, o->opt, s);
	for (i = 0; o->choices[i]; i++)
		fprintf(stderr, " %s", o->choices[i]);
	fprintf(stderr, "\n");
	return -1;
}

static int set_value(const char *mode, const struct opt_spec *o, const char *s)
{
	struct opt_spec cpu;

	switch (o->kind) {
	case OPT_CPU:
		cpu = *o;
		cpu.min = 0;
		cpu.max = MAX_CPUS - 1;
		return set_long(mode, &cpu, s);
	case OPT_LONG:
		return set_long(mode, o, s);
	case OPT_CPUS:
		if (!cpulist_parse(s, o->dst))
			return 0;
		fprintf(stderr, "dlprobe %s: -%c '%s': not a CPU list (0-3,7 increasing, or -)\n",
			mode, o->opt, s);
		return -1;
	case OPT_CHOICE:
		return set_choice(mode, o, s);
	}
	return -1;
}

int args_parse(int argc, char **argv, const struct opt_spec *spec, size_t n,
	       const char *usage)
{
	char optstring[64] = "";
	int seen[64] = { 0 };
	size_t i;
	int opt;

	for (i = 0; i < n && 2 * i + 2 < sizeof(optstring); i++) {
		optstring[2 * i] = spec[i].opt;
		optstring[2 * i + 1] = ':';
	}
	opterr = 0;	/* one line of ours, not getopt's as well */
	while ((opt = getopt(argc, argv, optstring)) != -1) {
		for (i = 0; i < n && spec[i].opt != opt; i++)
			;
		if (i == n)
			goto bad_usage;
		if (set_value(argv[0], &spec[i], optarg))
			return 2;
		seen[i] = 1;
	}
	if (optind != argc)
		goto bad_usage;
	for (i = 0; i < n; i++)
		if (spec[i].required && !seen[i])
			goto bad_usage;
	return 0;
bad_usage:
	fprintf(stderr, "usage: dlprobe %s %s\n", argv[0], usage);
	return 2;
}
