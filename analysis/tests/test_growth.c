// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the growth test (growth.h) on series whose answer is
 * known: a line, a constant, a sawtooth, a short run.
 */
#include <math.h>

#include "check.h"
#include "growth.h"

#define N 3000

static double x[N], y[N];

int main(void)
{
	struct growth_opts o;
	struct growth g;
	double s;
	int i;

	growth_defaults(&o);
	/* OLS on y = 2x + 1 exactly */
	for (i = 0; i < 5; i++) {
		x[i] = i;
		y[i] = 2 * i + 1;
	}
	s = growth_ols(x, y, 5);
	CHECK(fabs(s - 2) < 1e-12, "OLS slope of y = 2x + 1 is 2 (got %g)", s);
	CHECK(isnan(growth_ols(x, y, 1)), "one point has no slope");

	/* 30 s, a job every 10 ms, tardiness 0.5 period per second */
	for (i = 0; i < N; i++) {
		x[i] = i * 0.01;
		y[i] = 0.5 * x[i];
	}
	growth_test(x, y, N, x[N - 1], &o, &g);
	CHECK(g.n2 == 1500 && g.block == 39, "second half (x >= 14.995 s): 1500 jobs, blocks of ceil(sqrt(1500)) = 39 (got %d, %d)",
	      g.n2, g.block);
	CHECK(fabs(g.slope - 0.5) < 1e-9 && fabs(g.lo - 0.5) < 1e-9 && fabs(g.hi - 0.5) < 1e-9,
	      "a line: slope 0.5, every resample too (got %g [%g, %g])", g.slope, g.lo, g.hi);
	CHECK(g.label == GROWTH_GROWING, "a line is growing (got %s)", growth_name(g.label));

	/* a constant tardiness of 3 periods: slope 0, bounded */
	for (i = 0; i < N; i++)
		y[i] = 3;
	growth_test(x, y, N, x[N - 1], &o, &g);
	CHECK(g.slope == 0 && g.lo == 0 && g.hi == 0 && g.m1 == 3 && g.m3 == 3,
	      "constant: slope 0 in [0, 0], m1 = m3 = 3 (got %g [%g, %g], %g, %g)", g.slope, g.lo, g.hi, g.m1, g.m3);
	CHECK(g.label == GROWTH_BOUNDED, "a constant is bounded (got %s)", growth_name(g.label));

	/* a sawtooth of 1 s teeth, 0 to 4 periods: bounded */
	for (i = 0; i < N; i++)
		y[i] = 4 * fmod(x[i], 1.0);
	growth_test(x, y, N, x[N - 1], &o, &g);
	CHECK(g.lo <= 0 && g.hi > 0 && g.hi * 15 < 1, "sawtooth: the interval holds 0 and allows < 1 period over 15 s (got [%g, %g])",
	      g.lo, g.hi);
	CHECK(g.label == GROWTH_BOUNDED, "a sawtooth is bounded (got %s)", growth_name(g.label));

	/*
	 * 5 s teeth: 3 in the second half, OLS slope 0.067 period/s. Single
	 * jobs resampled give [0.058, 0.075] and "growing"; blocks of
	 * consecutive jobs keep the teeth and hold 0.
	 */
	for (i = 0; i < N; i++)
		y[i] = 3 * fmod(x[i], 5.0) / 5;
	growth_test(x, y, N, x[N - 1], &o, &g);
	CHECK(g.lo <= 0 && g.hi > 0 && g.label != GROWTH_GROWING,
	      "5 s teeth: the block interval holds 0, not growing (got %g [%g, %g], %s)", g.slope, g.lo, g.hi,
	      growth_name(g.label));

	/* the line again, 29 jobs in its second half: too short to say */
	for (i = 0; i < 58; i++)
		y[i] = 0.5 * x[i];
	growth_test(x, y, 58, x[57], &o, &g);
	CHECK(g.n2 == 29 && g.label == GROWTH_INCONCLUSIVE,
	      "29 second-half jobs (< 30) are inconclusive (got %d, %s)", g.n2, growth_name(g.label));
	growth_test(x, y, 60, x[59], &o, &g);
	CHECK(g.n2 == 30 && g.label == GROWTH_GROWING,
	      "30 are enough: growing (got %d, %s)", g.n2, growth_name(g.label));
	CHECK_EXIT();
}
