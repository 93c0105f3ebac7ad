// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of Devi & Anderson's G-EDF tardiness bound, worked by hand.
 */
#include "check.h"
#include "devi.h"

int main(void)
{
	/*
	 * m = 2; (cost, period) = (2, 3), (2, 3), (4, 6): U = 2, Lambda =
	 * ceil(2) - 1 = 1, E = 4 (the largest cost), V = 0 (no utilisation
	 * summed), e_min = 2: x = (4 - 2) / (2 - 0) = 1; bounds x + e_k =
	 * 3, 3, 5.
	 */
	double c1[] = { 2, 2, 4 }, p1[] = { 3, 3, 6 };
	/*
	 * m = 4; (3, 4) x 3 and (1, 10): U = 2.35, Lambda = 2, E = 3 + 3 =
	 * 6, V = 0.75 (one largest), e_min = 1: x = 5 / 3.25 = 1.538...
	 */
	double c2[] = { 3, 3, 3, 1 }, p2[] = { 4, 4, 4, 10 };
	/* U = 2.5 > m = 2: no bound */
	double c3[] = { 5, 5, 5 }, p3[] = { 6, 6, 6 };
	/* U = 1.5 on 2: Lambda = 1, E = e_min = 5: x = 0 */
	double c4[] = { 5, 5, 5 }, p4[] = { 10, 10, 10 };
	double x;

	x = devi_x(c1, p1, 3, 2);
	CHECK(x > 0.999999 && x < 1.000001, "U = m = 2: x = 1 (got %g)", x);
	x = devi_x(c2, p2, 4, 4);
	CHECK(x > 5 / 3.25 - 1e-9 && x < 5 / 3.25 + 1e-9, "U = 2.35 on 4: x = 5 / 3.25 (got %g)", x);
	CHECK(devi_x(c3, p3, 3, 2) < 0, "U = 2.5 > m = 2: no bound");
	x = devi_x(c4, p4, 3, 2);
	CHECK(x == 0, "U = 1.5 on 2, equal costs: x = 0 (got %g)", x);
	CHECK_EXIT();
}
