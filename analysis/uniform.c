// SPDX-License-Identifier: GPL-2.0
/*
 * uniform.c - the uniform-multiprocessor feasibility condition: the k
 * densest tasks must fit the k fastest CPUs, for every k < m, and the
 * whole set the whole platform. With n < m only the first n prefixes
 * count (the n tasks can use the n fastest CPUs).
 */
#include <stdlib.h>

#include "uniform.h"

/*
 * Densities are ratios of whole microseconds, so sums differ from exact
 * equality by rounding only (~1e-15); one microsecond per second (1e-6)
 * is the smallest difference that means something. Equality is feasible.
 */
#define UNIFORM_EPS 1e-9

static int cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

void sort_desc(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_desc);
}

int uniform_feasible(double *u, int n, double *s, int m, double *slack)
{
	double su = 0, ss = 0, tu = 0, ts = 0, min = 1e300;
	int k, fail = 0;

	sort_desc(u, n);
	sort_desc(s, m);
	for (k = 0; k < n; k++)
		tu += u[k];
	for (k = 0; k < m; k++)
		ts += s[k];
	for (k = 1; k < m && k <= n; k++) {
		su += u[k - 1];
		ss += s[k - 1];
		if (ss - su < min)
			min = ss - su;
		if (!fail && su > ss + UNIFORM_EPS)
			fail = k;
	}
	if (ts - tu < min)
		min = ts - tu;
	if (!fail && tu > ts + UNIFORM_EPS)
		fail = m;
	if (slack)
		*slack = min;
	return fail;
}
