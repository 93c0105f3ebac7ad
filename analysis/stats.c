// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c - bootstrap, sign-flip test, Holm.
 */
#include <math.h>
#include <stdlib.h>

#include "stats.h"

uint64_t stats_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int stats_below(uint64_t *state, int n)
{
	return (int)((stats_rand(state) >> 11) * (double)n / 9007199254740992.0);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double set_mean(const double *v, int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s / n;
}

double stats_boot(double *const *val, const int *nrep, int nsets, int b,
		  double level, uint64_t seed, double *lo, double *hi)
{
	double *means = malloc(b * sizeof(*means)), mean = 0;
	uint64_t st = seed;
	int i, j, k;

	for (i = 0; i < nsets; i++)
		mean += set_mean(val[i], nrep[i]);
	mean /= nsets;
	for (k = 0; k < b; k++) {
		double sum = 0;

		for (i = 0; i < nsets; i++) {
			int s = stats_below(&st, nsets);
			double r = 0;

			for (j = 0; j < nrep[s]; j++)
				r += val[s][stats_below(&st, nrep[s])];
			sum += r / nrep[s];
		}
		means[k] = sum / nsets;
	}
	stats_interval(means, b, level, lo, hi);
	free(means);
	return mean;
}

void stats_interval(double *v, int b, double level, double *lo, double *hi)
{
	int ilo, ihi;

	qsort(v, b, sizeof(*v), cmp_double);
	ilo = (int)floor((1 - level) / 2 * b);
	ihi = (int)ceil((1 + level) / 2 * b) - 1;
	if (ihi >= b)
		ihi = b - 1;
	*lo = v[ilo];
	*hi = v[ihi];
}

/* relative slack for "at least as extreme" against float sums */
#define FLIP_EPS 1e-9

double stats_signflip(const double *d, int n, int draws, uint64_t seed)
{
	double obs = 0, scale = 0;
	long hits = 0, total;
	uint64_t st = seed;
	int i;

	for (i = 0; i < n; i++) {
		obs += d[i];
		scale += fabs(d[i]);
	}
	obs = fabs(obs) - FLIP_EPS * (scale + 1e-300);
	if (n <= 20) {
		uint64_t mask;

		total = 1L << n;
		for (mask = 0; mask < (uint64_t)total; mask++) {
			double s = 0;

			for (i = 0; i < n; i++)
				s += (mask >> i & 1) ? -d[i] : d[i];
			if (fabs(s) >= obs)
				hits++;
		}
		return (double)hits / total;
	}
	for (total = 0; total < draws; total++) {
		double s = 0;

		for (i = 0; i < n; i++)
			s += (stats_rand(&st) & 1) ? -d[i] : d[i];
		if (fabs(s) >= obs)
			hits++;
	}
	return (1.0 + hits) / (1.0 + draws);
}

static const double *holm_p;

static int cmp_index(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;

	if (holm_p[i] != holm_p[j])
		return holm_p[i] < holm_p[j] ? -1 : 1;
	return i - j;
}

void stats_holm(const double *p, int k, double *adj)
{
	int *order = malloc(k * sizeof(*order));
	double run = 0;
	int i;

	for (i = 0; i < k; i++)
		order[i] = i;
	holm_p = p;
	qsort(order, k, sizeof(*order), cmp_index);
	for (i = 0; i < k; i++) {
		double a = (k - i) * p[order[i]];

		if (a > 1)
			a = 1;
		if (a > run)
			run = a;
		adj[order[i]] = run;
	}
	free(order);
}
