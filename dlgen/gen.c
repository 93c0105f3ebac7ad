// SPDX-License-Identifier: GPL-2.0
/*
 * dlgen-gen - synthesize a periodic SCHED_DEADLINE task set (rt-app JSON).
 *
 * Utilizations by UUniFast-discard (Bini & Buttazzo's UUniFast, redrawn
 * while any u_i is outside [umin, umax]; Davis & Burns), periods
 * log-uniform in [pmin, pmax] rounded to a granularity, implicit
 * deadlines, run = u * period, DL runtime = run * (1 + margin).
 * The generator is a splitmix64 stream: the same arguments give the same
 * file on any machine.
 */
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

uint64_t gen_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, 1) with 53 random bits. */
double gen_uniform(uint64_t *s)
{
	return (double)(gen_next(s) >> 11) * (1.0 / 9007199254740992.0);
}

int uunifast_discard(uint64_t *seed, unsigned int n, double total,
		     double umin, double umax, double *u, unsigned int max_tries)
{
	unsigned int i, tries;

	for (tries = 0; tries < max_tries; tries++) {
		double sum = total, next;
		int ok = 1;

		for (i = 0; i + 1 < n; i++) {
			next = sum * pow(gen_uniform(seed), 1.0 / (double)(n - i - 1));
			u[i] = sum - next;
			sum = next;
		}
		u[n - 1] = sum;
		for (i = 0; i < n; i++)
			ok &= u[i] >= umin && u[i] <= umax;
		if (ok)
			return (int)tries + 1;
	}
	return -1;
}

uint64_t loguniform_period(uint64_t *seed, uint64_t pmin, uint64_t pmax,
			   uint64_t gran)
{
	double lo = log((double)pmin), hi = log((double)pmax);
	double p = exp(lo + (hi - lo) * gen_uniform(seed));
	uint64_t r = (uint64_t)(p / (double)gran + 0.5) * gran;

	if (r < pmin)
		r = pmin;
	if (r > pmax)
		r = pmax;
	return r;
}

/*
 * RandFixedSum, written from the description in Emberson, Stafford & Davis
 * (2010), section 4. Scale to the unit cube, s = (total - n a) / (b - a).
 * The slice {x in [0,1]^n : sum x = s} is cut by the integer planes into
 * simplices; w[i][j] is (proportional to) the volume of the i-dimensional
 * slice whose sum lies in the unit band j, and t[i][j] the probability of
 * moving down one band when one more coordinate is fixed. Walking the table
 * from i = n - 1 down picks a simplex with probability proportional to its
 * volume; uniform barycentric coordinates (products of u^(1/i)) then give a
 * point uniform inside it. A final random permutation removes the order
 * the walk imposes on the coordinates.
 */
int randfixedsum(uint64_t *seed, unsigned int n, double total, double a,
		 double b, double *u)
{
	double s1[GEN_RFS_MAX], s2[GEN_RFS_MAX];
	double s, sm = 0, pr = 1, *w, *t;
	unsigned int i, j, k;

	if (!n || n > GEN_RFS_MAX || !(b > a) || total < n * a || total > n * b)
		return -1;
	if (n == 1) {
		u[0] = total;
		return 0;
	}
	/* w: n rows of n + 1 columns; t: n - 1 rows of n columns */
	w = calloc((size_t)n * (n + 1), sizeof(*w));
	t = calloc((size_t)n * n, sizeof(*t));
	if (!w || !t) {
		free(w);
		free(t);
		return -1;
	}
#define W(r, c) w[(r) * (n + 1) + (c)]
#define T(r, c) t[(r) * n + (c)]
	s = (total - n * a) / (b - a);
	k = s >= n - 1 ? n - 1 : (unsigned int)floor(s);
	if (s < k)
		s = k;
	if (s > k + 1)
		s = k + 1;
	/* s1[i] = s - (k - i), s2[i] = (k + n - i) - s, i = 0..n-1 */
	for (i = 0; i < n; i++) {
		s1[i] = s - ((double)k - i);
		s2[i] = ((double)k + n - i) - s;
	}
	W(0, 1) = DBL_MAX;	/* scaled to use the whole double range */
	for (i = 1; i < n; i++) {
		for (j = 0; j <= i; j++) {
			double up = W(i - 1, j + 1) * s1[j] / (i + 1);
			double dn = W(i - 1, j) * s2[n - i - 1 + j] / (i + 1);
			double sum = up + dn;

			W(i, j + 1) = sum;
			sum += 4.9406564584124654e-324;
			/* t: chance the walk stays in band j (0 when only down is possible) */
			if (s2[n - i - 1 + j] > s1[j])
				T(i - 1, j) = dn / sum;
			else
				T(i - 1, j) = 1 - up / sum;
		}
	}
	j = k + 1;
	for (i = n - 1; i >= 1; i--) {
		int e = gen_uniform(seed) <= T(i - 1, j - 1);
		double sx = pow(gen_uniform(seed), 1.0 / i);

		sm += (1 - sx) * pr * s / (i + 1);
		pr *= sx;
		u[n - 1 - i] = sm + pr * e;
		s -= e;
		j -= e;
	}
	u[n - 1] = sm + pr * s;
#undef W
#undef T
	free(w);
	free(t);
	/* Fisher-Yates shuffle, then back to [a, b]. */
	for (i = n - 1; i > 0; i--) {
		unsigned int r = (unsigned int)(gen_uniform(seed) * (i + 1));
		double x = u[i];

		u[i] = u[r];
		u[r] = x;
	}
	for (i = 0; i < n; i++)
		u[i] = a + (b - a) * u[i];
	return 0;
}
