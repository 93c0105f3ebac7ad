// SPDX-License-Identifier: GPL-2.0
/*
 * test_stats.c - the probes' order statistics on samples whose answer is
 * known by construction (nearest rank: the q-quantile of n sorted values
 * is the one of rank ceil(n q)).
 */
#include <stdlib.h>

#include "check.h"
#include "stats.h"

/* fill - values from..to, each once, in a scrambled order */
static void fill(struct samples *s, int64_t from, int64_t to)
{
	int64_t n = to - from + 1, i;

	for (i = 0; i < n; i++)
		samples_add(s, from + (i * 7919) % n);	/* 7919 is prime to n */
}

int main(void)
{
	struct summary sum;
	struct samples s;
	int64_t two[] = { 20, 10 }, neg[] = { 3, -5, 7, -1 };
	size_t i;

	/* 1..1000: rank 500 and rank 990 */
	samples_init(&s, 1000);
	fill(&s, 1, 1000);
	CHECK(samples_summarize(&s, &sum) == 0, "1..1000 summarized");
	CHECK(sum.n == 1000 && sum.min == 1 && sum.max == 1000, "1..1000: n %zu min %lld max %lld",
	      sum.n, (long long)sum.min, (long long)sum.max);
	CHECK(sum.p50 == 500, "1..1000: p50 %lld is the 500th", (long long)sum.p50);
	CHECK(sum.p99 == 990, "1..1000: p99 %lld is the 990th", (long long)sum.p99);
	CHECK(sum.mean == 500.5, "1..1000: mean %.3f", sum.mean);
	samples_free(&s);

	/* 0..100 (101 values): ranks ceil(50.5) = 51 and ceil(99.99) = 100 */
	samples_init(&s, 101);
	fill(&s, 0, 100);
	samples_summarize(&s, &sum);
	CHECK(sum.p50 == 50 && sum.p99 == 99, "0..100: p50 %lld (50), p99 %lld (99)",
	      (long long)sum.p50, (long long)sum.p99);
	samples_free(&s);

	/* two values: p50 the lower, p99 the upper */
	samples_init(&s, 2);
	for (i = 0; i < 2; i++)
		samples_add(&s, two[i]);
	samples_summarize(&s, &sum);
	CHECK(sum.p50 == 10 && sum.p99 == 20, "{20, 10}: p50 %lld (10), p99 %lld (20)",
	      (long long)sum.p50, (long long)sum.p99);
	samples_free(&s);

	/* negative values (a hand-off between two CPUs' clocks) sort below 0 */
	samples_init(&s, 4);
	for (i = 0; i < 4; i++)
		samples_add(&s, neg[i]);
	samples_summarize(&s, &sum);
	CHECK(sum.min == -5 && sum.p50 == -1 && sum.p99 == 7 && sum.max == 7,
	      "{3, -5, 7, -1}: min %lld (-5), p50 %lld (-1), p99 %lld (7), max %lld (7)",
	      (long long)sum.min, (long long)sum.p50, (long long)sum.p99, (long long)sum.max);
	CHECK(sum.mean == 1.0, "{3, -5, 7, -1}: mean %.3f (1)", sum.mean);
	samples_free(&s);

	/* a full buffer keeps the first cap samples and counts the rest */
	samples_init(&s, 3);
	fill(&s, 1, 5);
	CHECK(s.n == 3 && s.dropped == 2, "5 offered to 3 places: %zu kept, %zu dropped", s.n, s.dropped);
	samples_free(&s);

	/* none: -1 and a zero summary, not a read of the empty buffer */
	samples_init(&s, 0);
	CHECK(samples_summarize(&s, &sum) == -1 && sum.n == 0, "no samples: -1, n %zu", sum.n);
	samples_free(&s);

	CHECK_EXIT();
}
