// SPDX-License-Identifier: GPL-2.0
/*
 * growth.c - the boundedness test of growth.h.
 */
#include <math.h>
#include <stdlib.h>

#include "growth.h"
#include "stats.h"

void growth_defaults(struct growth_opts *o)
{
	o->min_jobs = 30;
	o->block = 0;
	o->resamples = 2000;
	o->level = 0.95;
	o->margin = 1;
	o->seed = 1;
}

double growth_ols(const double *x, const double *y, int n)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0;
	int i;

	for (i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= n;
	my /= n;
	for (i = 0; i < n; i++) {
		sxx += (x[i] - mx) * (x[i] - mx);
		sxy += (x[i] - mx) * (y[i] - my);
	}
	return sxx > 0 ? sxy / sxx : NAN;
}

/* The slope of n jobs made of blocks of len drawn from x, y [0, n). */
static double block_slope(const double *x, const double *y, int n, int len,
			  uint64_t *st, double *bx, double *by)
{
	int k = 0, i, s;

	while (k < n) {
		s = stats_below(st, n - len + 1);
		for (i = 0; i < len && k < n; i++, k++) {
			bx[k] = x[s + i];
			by[k] = y[s + i];
		}
	}
	return growth_ols(bx, by, n);
}

static void slope_interval(const double *x, const double *y, int n,
			   const struct growth_opts *o, struct growth *g)
{
	double *bx = malloc(n * sizeof(*bx)), *by = malloc(n * sizeof(*by));
	double *b = malloc(o->resamples * sizeof(*b));
	uint64_t st = o->seed;
	int k, m = 0;

	for (k = 0; k < o->resamples; k++) {
		double s = block_slope(x, y, n, g->block, &st, bx, by);

		if (!isnan(s))	/* every drawn x the same: no slope */
			b[m++] = s;
	}
	if (m)
		stats_interval(b, m, o->level, &g->lo, &g->hi);
	else
		g->lo = g->hi = NAN;
	free(bx);
	free(by);
	free(b);
}

void growth_test(const double *x, const double *y, int n, double span,
		 const struct growth_opts *o, struct growth *g)
{
	int i, h = n, n1 = 0;

	g->n = n;
	g->span = span;
	g->m1 = g->m3 = g->max = 0;
	for (i = 0; i < n; i++) {
		if (x[i] < span / 3) {
			n1++;
			g->m1 = fmax(g->m1, y[i]);
		}
		if (x[i] >= 2 * span / 3)
			g->m3 = fmax(g->m3, y[i]);
		if (x[i] >= span / 2 && h == n)
			h = i;
		g->max = fmax(g->max, y[i]);
	}
	g->n2 = n - h;
	g->block = o->block ? o->block : (int)ceil(sqrt(g->n2));
	if (g->block > g->n2)
		g->block = g->n2;
	g->slope = g->lo = g->hi = NAN;
	if (g->n2 >= 2) {
		g->slope = growth_ols(x + h, y + h, g->n2);
		if (g->block >= 1)
			slope_interval(x + h, y + h, g->n2, o, g);
	}
	if (g->n2 < o->min_jobs || !n1 || isnan(g->lo))
		g->label = GROWTH_INCONCLUSIVE;
	else if (g->lo > 0 && g->m3 > g->m1)
		g->label = GROWTH_GROWING;
	else if (g->hi * span / 2 < o->margin && g->m3 <= g->m1 + o->margin)
		g->label = GROWTH_BOUNDED;
	else
		g->label = GROWTH_INCONCLUSIVE;
}

const char *growth_name(enum growth_label l)
{
	switch (l) {
	case GROWTH_GROWING:
		return "growing";
	case GROWTH_BOUNDED:
		return "bounded";
	default:
		return "inconclusive";
	}
}
