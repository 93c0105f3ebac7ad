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
