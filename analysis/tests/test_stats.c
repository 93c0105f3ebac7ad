// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the statistics, on data whose answer is known exactly.
 */
#include "check.h"
#include "stats.h"

int main(void)
{
	double lo, hi, m, adj[4];

	/*
	 * Nested bootstrap, two sets: A's replicates {0, 2}, B's {3, 3}.
	 * Resampling both stages, a drawn A averages 0, 1 or 2 (1/4, 1/2,
	 * 1/4), B 3. The mean of two drawn sets is 0 with P = 1/4 * 1/16 =
	 * 1.6%, <= 0.5 with 1/64 + 1/4 * 1/4 = 7.8%: the 2.5th percentile is
	 * 0.5; 3 with P = 1/4: the 97.5th is 3. Resampling sets only would
	 * give [1, 3].
	 */
	{
		double a[] = { 0, 2 }, b[] = { 3, 3 };
		double *v[] = { a, b };
		int n[] = { 2, 2 };

		m = stats_boot(v, n, 2, 10000, 0.95, 1, &lo, &hi);
		CHECK(m == 2, "mean over sets of the replicate means = 2 (got %g)", m);
		CHECK(lo == 0.5 && hi == 3, "nested percentile interval [0.5, 3] (got [%g, %g])", lo, hi);
	}
	/* a constant metric has a zero-width interval at its value */
	{
		double a[] = { 0.25 }, b[] = { 0.25, 0.25 }, c[] = { 0.25 };
		double *v[] = { a, b, c };
		int n[] = { 1, 2, 1 };

		m = stats_boot(v, n, 3, 1000, 0.95, 7, &lo, &hi);
		CHECK(m == 0.25 && lo == 0.25 && hi == 0.25, "constant 0.25: [0.25, 0.25] (got %g [%g, %g])", m, lo, hi);
	}
	/* sign-flip: 5 positive differences: 2 of 32 sign vectors are as extreme */
	{
		double d[] = { 1, 2, 3, 4, 5 };
		double e[] = { 3, 1, 1 };
		double f[] = { 1, -1 };

		m = stats_signflip(d, 5, 0, 1);
		CHECK(m == 2.0 / 32, "five positive differences: p = 2/32 = 0.0625 (got %g): n = 5 sets cannot reach 0.05", m);
		m = stats_signflip(e, 3, 0, 1);
		CHECK(m == 0.25, "{3, 1, 1}: |sum| >= 5 only for +++ and ---: p = 2/8 (got %g)", m);
		m = stats_signflip(f, 2, 0, 1);
		CHECK(m == 1, "{1, -1}: sum 0, p = 1 (got %g)", m);
	}
	/*
	 * Holm: p = 0.01, 0.04, 0.03, 0.005. Sorted: 0.005 x 4 = 0.02,
	 * 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> raised to
	 * 0.06 (adjusted p-values never decrease along the order).
	 */
	{
		double p[] = { 0.01, 0.04, 0.03, 0.005 };

		stats_holm(p, 4, adj);
		CHECK(adj[0] > 0.03 - 1e-12 && adj[0] < 0.03 + 1e-12 && adj[3] > 0.02 - 1e-12 &&
		      adj[3] < 0.02 + 1e-12 && adj[1] > 0.06 - 1e-12 && adj[1] < 0.06 + 1e-12 &&
		      adj[2] > 0.06 - 1e-12 && adj[2] < 0.06 + 1e-12,
		      "Holm: 0.03, 0.06, 0.06, 0.02 (got %g %g %g %g)", adj[0], adj[1], adj[2], adj[3]);
	}
	CHECK_EXIT();
}
