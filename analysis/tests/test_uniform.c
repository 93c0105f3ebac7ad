// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the uniform-multiprocessor feasibility condition, at the
 * boundary of every prefix k. Platform S = {1, 0.5, 0.25} (m = 3):
 * prefix capacities 1, 1.5 and the total 1.75.
 */
#include "check.h"
#include "uniform.h"

static int feas(const double *u0, int n, const double *s0, int m, double *slack)
{
	double u[16], s[16];
	int i;

	for (i = 0; i < n; i++)
		u[i] = u0[i];
	for (i = 0; i < m; i++)
		s[i] = s0[i];
	return uniform_feasible(u, n, s, m, slack);
}

int main(void)
{
	static const double s[] = { 0.25, 1, 0.5 };	/* any order */
	static const double eq[] = { 0.5, 0.25, 1 };
	static const double k1[] = { 0.1, 1.01 };
	static const double k2[] = { 0.9, 0.7 };
	static const double k2eq[] = { 0.75, 0.75 };
	static const double tot[] = { 0.5, 0.5, 0.5, 0.3 };
	static const double toteq[] = { 0.5, 0.5, 0.5, 0.25 };
	static const double one_ok[] = { 0.9 };
	static const double one_bad[] = { 1.2 };
	/*
	 * RK3399 (4 x 381 + 2 x 1024) and the work densities of issue 30's
	 * example (U = 4, seed 2): 0.884 + 0.798 + 0.748 = 2.430 against
	 * 1 + 1 + 0.372 = 2.372 at k = 3; the set's total, 4.0 > 3.49, fails
	 * too, but k = 3 comes first.
	 */
	static const double rk[] = { 381 / 1024.0, 381 / 1024.0, 381 / 1024.0,
				     381 / 1024.0, 1, 1 };
	static const double ex[] = { 7194 / 47000.0, 29509 / 37000.0, 30050 / 34000.0,
				     65114 / 87000.0, 42945 / 66000.0, 15662 / 47000.0,
				     2091 / 54000.0, 7890 / 20000.0 };
	/* the same three heaviest alone: only k = 3 fails, the total fits */
	static const double ex3[] = { 29509 / 37000.0, 30050 / 34000.0, 65114 / 87000.0 };
	double slack;

	CHECK(feas(eq, 3, s, 3, &slack) == 0, "u = s exactly at every k is feasible");
	CHECK(slack > -1e-12 && slack < 1e-12, "... with slack 0 (got %g)", slack);
	CHECK(feas(k1, 2, s, 3, NULL) == 1, "u1 = 1.01 > s1 = 1 fails at k = 1");
	CHECK(feas(k2, 2, s, 3, NULL) == 2, "0.9 + 0.7 = 1.6 > 1.5 fails at k = 2 (each fits s1)");
	CHECK(feas(k2eq, 2, s, 3, NULL) == 0, "0.75 + 0.75 = 1.5 = s1 + s2 is feasible");
	CHECK(feas(tot, 4, s, 3, &slack) == 3, "prefixes fit (0.5, 1.0) but 1.8 > 1.75: fails at k = m = 3");
	CHECK(slack < -0.0499 && slack > -0.0501, "... slack -0.05 (got %g)", slack);
	CHECK(feas(toteq, 4, s, 3, NULL) == 0, "total 1.75 = capacity is feasible");
	CHECK(feas(one_ok, 1, s, 3, NULL) == 0, "n = 1 < m: 0.9 <= s1");
	CHECK(feas(one_bad, 1, s, 3, NULL) == 1, "n = 1 < m: 1.2 > s1 fails at k = 1, whatever the total");
	CHECK(feas(ex, 8, rk, 6, NULL) == 3, "issue 30's RK3399 example (U = 4, seed 2) fails at k = 3");
	CHECK(feas(ex3, 3, rk, 6, &slack) == 3, "its three heaviest alone fail at k = 3 (their total 2.43 < 3.49)");
	CHECK(slack < -0.057 && slack > -0.059, "... by 2.430 - 2.372 = 0.058 (got %g)", -slack);
	CHECK_EXIT();
}
