/* SPDX-License-Identifier: GPL-2.0 */
/*
 * args.h - the probes' options, parsed from a table; each bad value is
 * refused with one line naming its option.
 */
#ifndef DLPROBE_ARGS_H
#define DLPROBE_ARGS_H

#include <stddef.h>

#include "cpus.h"

enum opt_kind {
	OPT_CPU,	/* int: a CPU number */
	OPT_CPUS,	/* struct cpulist: "0-3,7" or "-" */
	OPT_LONG,	/* long in min..max */
	OPT_CHOICE,	/* int: the index of the word in choices */
};

struct opt_spec {
	char opt;
	enum opt_kind kind;
	void *dst;
	int required;
	long min, max;			/* OPT_LONG */
	const char *const *choices;	/* OPT_CHOICE, NULL-terminated */
};

int args_parse(int argc, char **argv, const struct opt_spec *spec, size_t n,
	       const char *usage);

#endif
