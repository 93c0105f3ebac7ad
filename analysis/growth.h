/* SPDX-License-Identifier: GPL-2.0 */
/*
 * growth.h - is one task's tardiness bounded or growing over a run?
 *
 * The series is the task's jobs in release order: x = release time (s
 * from the run's first release), y = tardiness in periods (lateness
 * clipped at 0, over the task's period). T is the run's span (its last
 * release, from the first). The test, stated once here (docs/evidence-plan.md,
 * "What counts as bounded", gives the reasons):
 *   slope   OLS slope of y on x over the second half (x >= T / 2), in
 *           periods per second, with a 95% moving-block bootstrap
 *           percentile interval [lo, hi]: blocks of L = ceil(sqrt(n2))
 *           consecutive jobs (n2 jobs in the second half) drawn with
 *           replacement and joined to n2 jobs, B times (tardiness is
 *           a backlog: consecutive jobs are dependent, single jobs are not
 *           exchangeable);
 *   thirds  m1, m3: max y over the first third (x < T / 3) and the last
 *           (x >= 2T / 3).
 * The label, in this order:
 *   inconclusive  n2 < min_jobs, or no job in the first third: too short
 *                 a run for this period;
 *   growing       lo > 0 and m3 > m1: the slope is positive beyond its
 *                 interval and the worst tardiness grew;
 *   bounded       hi * T / 2 < margin and m3 <= m1 + margin: even the
 *                 interval's upper slope adds less than `margin` periods
 *                 over the second half, and the worst tardiness of the last
 *                 third exceeds the first's by less than `margin` periods;
 *   inconclusive  otherwise.
 */
#ifndef ANA_GROWTH_H
#define ANA_GROWTH_H

#include <stdint.h>

struct growth_opts {
	int min_jobs;		/* second-half jobs needed (30) */
	int block;		/* block length; 0: ceil(sqrt(n2)) */
	int resamples;		/* B (2000) */
	double level;		/* 0.95 */
	double margin;		/* periods (1) */
	uint64_t seed;
};

enum growth_label { GROWTH_INCONCLUSIVE, GROWTH_GROWING, GROWTH_BOUNDED };

struct growth {
	int n, n2, block;
	double span;		/* T, s */
	double slope, lo, hi;	/* periods per second; NaN when n2 < 2 */
	double m1, m3, max;	/* periods */
	enum growth_label label;
};

void growth_defaults(struct growth_opts *o);
/* OLS slope of y on x over [0, n); NaN when every x is the same */
double growth_ols(const double *x, const double *y, int n);
/* the test on x[0..n), y[0..n) (x ascending) over a run of span T */
void growth_test(const double *x, const double *y, int n, double span,
		 const struct growth_opts *o, struct growth *g);
const char *growth_name(enum growth_label l);

#endif
