// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the task-set generator: determinism, exact sums, bounds,
 * and the distribution UUniFast promises (Kolmogorov-Smirnov).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "check.h"

static void test_stream(void)
{
	uint64_t a = 42, b = 42, c = 43;
	int i, same = 1, differ = 0;

	for (i = 0; i < 1000; i++) {
		uint64_t x = gen_next(&a), y = gen_next(&b), z = gen_next(&c);

		same &= x == y;
		differ |= x != z;
	}
	CHECK(same, "same seed, same stream");
	CHECK(differ, "another seed, another stream");
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* KS distance between sorted samples x[0..m) and the CDF 1 - (1 - t)^k. */
static double ks_beta1(double *x, int m, int k)
{
	double d = 0;
	int i;

	qsort(x, m, sizeof(*x), cmp_d);
	for (i = 0; i < m; i++) {
		double f = 1 - pow(1 - x[i], k);
		double lo = fabs(f - (double)i / m), hi = fabs(f - (double)(i + 1) / m);

		d = fmax(d, fmax(lo, hi));
	}
	return d;
}

static void test_uunifast(void)
{
	enum { SETS = 4000, N = 4 };
	static double first[SETS], last[SETS];
	double u[N], worst = 0, crit = 1.95 / sqrt(SETS);	/* alpha = 0.001 */
	uint64_t seed = 7;
	int s, i, inb = 1;
	double d0, d3;

	for (s = 0; s < SETS; s++) {
		double sum = 0;

		uunifast_discard(&seed, N, 1.0, 0, 1, u, 1);
		for (i = 0; i < N; i++) {
			sum += u[i];
			inb &= u[i] >= 0 && u[i] <= 1;
		}
		worst = fmax(worst, fabs(sum - 1.0));
		first[s] = u[0];
		last[s] = u[N - 1];
	}
	CHECK(worst < 1e-12, "every set sums to U = 1 (worst error %.2g)", worst);
	CHECK(inb, "every u in [0, 1]");
	/* Uniform on the simplex: each u_i / U ~ Beta(1, N - 1). */
	d0 = ks_beta1(first, SETS, N - 1);
	d3 = ks_beta1(last, SETS, N - 1);
	CHECK(d0 < crit, "u_1 ~ Beta(1, 3): KS D = %.4f < %.4f", d0, crit);
	CHECK(d3 < crit, "u_4 ~ Beta(1, 3): KS D = %.4f < %.4f", d3, crit);

	/* The check can fail: u_1 squared is not Beta(1, 3). */
	for (s = 0; s < SETS; s++)
		first[s] = first[s] * first[s];
	CHECK(ks_beta1(first, SETS, N - 1) > crit, "a wrong distribution is rejected");
}

static void test_discard(void)
{
	double u[8], sum = 0;
	uint64_t seed = 3;
	int i, ok = 1, tries;

	tries = uunifast_discard(&seed, 8, 3.0, 0.1, 0.6, u, 100000);
	CHECK(tries > 0, "U = 3 over 8 tasks within [0.1, 0.6] found (%d draws)", tries);
	for (i = 0; i < 8; i++) {
		ok &= u[i] >= 0.1 && u[i] <= 0.6;
		sum += u[i];
	}
	CHECK(ok && fabs(sum - 3.0) < 1e-12, "bounds hold and the sum is exact");
	CHECK(uunifast_discard(&seed, 2, 1.9, 0, 0.5, u, 1000) == -1,
	      "impossible bounds give up (-1)");
}

/* Two-sample KS distance between x[0..m) and y[0..m). */
static double ks_two(double *x, double *y, int m)
{
	double d = 0;
	int i = 0, j = 0;

	qsort(x, m, sizeof(*x), cmp_d);
	qsort(y, m, sizeof(*y), cmp_d);
	while (i < m && j < m) {
		if (x[i] <= y[j])
			i++;
		else
			j++;
		d = fmax(d, fabs((double)(i - j) / m));
	}
	return d;
}

static void test_randfixedsum(void)
{
	enum { SETS = 4000 };
	static double a[SETS], b[SETS];
	double u[8], worst = 0, crit = 1.95 / sqrt(SETS), crit2 = 1.95 * sqrt(2.0 / SETS);
	uint64_t seed = 5, seed2 = 9;
	int s, i, inb = 1, rc = 0;

	for (s = 0; s < SETS; s++) {
		double sum = 0;

		rc |= randfixedsum(&seed, 8, 3.0, 0.1, 0.6, u);
		for (i = 0; i < 8; i++) {
			sum += u[i];
			inb &= u[i] >= 0.1 && u[i] <= 0.6;
		}
		worst = fmax(worst, fabs(sum - 3.0));
	}
	CHECK(!rc, "U = 3 over 8 tasks in [0.1, 0.6]: every draw is a set");
	CHECK(worst < 1e-12, "every set sums to U = 3 (worst error %.2g)", worst);
	CHECK(inb, "every u in [0.1, 0.6]");
	CHECK(randfixedsum(&seed, 2, 1.9, 0, 0.5, u) == -1, "impossible bounds give -1");

	/* No active upper bound: uniform on the simplex, u_i ~ Beta(1, 3). */
	for (s = 0; s < SETS; s++) {
		randfixedsum(&seed, 4, 1.0, 0, 1, u);
		a[s] = u[0];
		b[s] = u[3];
	}
	CHECK(ks_beta1(a, SETS, 3) < crit, "n = 4, U = 1: u_1 ~ Beta(1, 3)");
	CHECK(ks_beta1(b, SETS, 3) < crit, "n = 4, U = 1: u_4 ~ Beta(1, 3)");
	/* Upper bound active everywhere: U = 3 of 4 mirrors U = 1, 1 - u ~ Beta(1, 3). */
	for (s = 0; s < SETS; s++) {
		randfixedsum(&seed, 4, 3.0, 0, 1, u);
		a[s] = 1 - u[1];
	}
	CHECK(ks_beta1(a, SETS, 3) < crit, "n = 4, U = 3: 1 - u_2 ~ Beta(1, 3)");
	/* The middle band: same distribution as UUniFast-discard (2-sample KS). */
	for (s = 0; s < SETS; s++) {
		randfixedsum(&seed, 4, 2.0, 0, 1, u);
		a[s] = u[2];
		uunifast_discard(&seed2, 4, 2.0, 0, 1, u, 100000);
		b[s] = u[2];
	}
	CHECK(ks_two(a, b, SETS) < crit2, "n = 4, U = 2: RandFixedSum ~ UUniFast-discard (D = %.4f)",
	      ks_two(a, b, SETS));
	/* ...and the 2-sample check can fail: squared values differ. */
	for (s = 0; s < SETS; s++)
		a[s] *= a[s];
	CHECK(ks_two(a, b, SETS) > crit2, "a different distribution is rejected");
	/* Same seed, same set. */
	seed = seed2 = 77;
	randfixedsum(&seed, 8, 3.0, 0.1, 0.6, a);
	randfixedsum(&seed2, 8, 3.0, 0.1, 0.6, b);
	CHECK(!memcmp(a, b, 8 * sizeof(*a)), "same seed, same RandFixedSum set");
}

static void test_periods(void)
{
	uint64_t seed = 11, p, lo = ~0ULL, hi = 0;
	int i, ok = 1;

	for (i = 0; i < 10000; i++) {
		p = loguniform_period(&seed, 10000, 100000, 1000);
		ok &= p >= 10000 && p <= 100000 && p % 1000 == 0;
		lo = p < lo ? p : lo;
		hi = p > hi ? p : hi;
	}
	CHECK(ok, "periods within [10, 100] ms, multiples of 1 ms");
	CHECK(lo <= 11000 && hi >= 99000, "both ends of the range are reached (%llu..%llu)",
	      (unsigned long long)lo, (unsigned long long)hi);
}

int main(void)
{
	test_stream();
	test_uunifast();
	test_discard();
	test_randfixedsum();
	test_periods();
	CHECK_EXIT();
}
