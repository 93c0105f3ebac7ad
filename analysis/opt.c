// SPDX-License-Identifier: GPL-2.0
/*
 * opt.c - see opt.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "opt.h"

int opt_num(const char *prog, const char *opt, const char *s, double lo,
	    double hi, double *out)
{
	char *end;

	*out = strtod(s, &end);
	if (*end || end == s || !(*out >= lo && *out <= hi)) {
		fprintf(stderr, "%s: %s: '%s' is not a number in [%g, %g]\n",
			prog, opt, s, lo, hi);
		return -1;
	}
	return 0;
}
