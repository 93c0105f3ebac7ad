/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h - intervals and tests over task sets: a two-stage (nested)
 * bootstrap percentile interval of a mean over task sets with replicates
 * within sets, the exact paired sign-flip (permutation) test, and Holm's
 * step-down correction for multiple comparisons.
 */
#ifndef ANA_STATS_H
#define ANA_STATS_H

#include <stdint.h>

/* A deterministic generator (splitmix64): the same seed, the same bytes. */
uint64_t stats_rand(uint64_t *state);
/* uniform in [0, n) */
int stats_below(uint64_t *state, int n);

/*
 * The mean over sets of each set's mean over its replicates: val[s] holds
 * nrep[s] >= 1 values of set s. The interval resamples sets with
 * replacement, then within each drawn set its replicates with replacement,
 * b times; [*lo, *hi] are the (1 - level) / 2 and (1 + level) / 2
 * percentiles of the b resampled means. Returns the plain mean.
 */
double stats_boot(double *const *val, const int *nrep, int nsets, int b,
		  double level, uint64_t seed, double *lo, double *hi);

/*
 * The percentile interval of b resampled values v[0..b) (sorted in place):
 * [*lo, *hi] are their (1 - level) / 2 and (1 + level) / 2 percentiles.
 */
void stats_interval(double *v, int b, double level, double *lo, double *hi);

/*
 * Two-sided p-value of the paired differences d[0..n) under the null that
 * each difference's sign is a fair coin: exact over all 2^n sign vectors
 * for n <= 20, else from `draws` random ones ((1 + hits) / (1 + draws)).
 * Every set with d = 0 counts (it flips to itself).
 */
double stats_signflip(const double *d, int n, int draws, uint64_t seed);

/* Holm's adjusted p-values of p[0..k), into adj[0..k) (same order). */
void stats_holm(const double *p, int k, double *adj);

#endif
