// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c - order statistics of a probe's samples.
 *
 * Percentiles are nearest-rank, as scripts/bench-fidelity.sh computes
 * them: the q-quantile of n sorted values is the value of rank ceil(n q)
 * (1-based), so p50 of an even count is the lower middle value and p99 of
 * 1000 values is the 990th.
 */
#include <stdlib.h>
#include <string.h>

#include "stats.h"

int samples_init(struct samples *s, size_t cap)
{
	/* written through now: no page fault while samples are taken */
	s->v = malloc((cap ? cap : 1) * sizeof(*s->v));
	if (s->v)
		memset(s->v, 0, (cap ? cap : 1) * sizeof(*s->v));
	s->n = 0;
	s->cap = cap;
	s->dropped = 0;
	return s->v ? 0 : -1;
}

void samples_free(struct samples *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

/* rank_sorted - the value of rank ceil(n * permille / 1000) of v[0..n). */
int64_t rank_sorted(const int64_t *v, size_t n, unsigned int permille)
{
	size_t rank;

	if (!n)
		return 0;
	rank = (n * permille + 999) / 1000;
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return v[rank - 1];
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/*
 * samples_summarize - sort the samples in place and fill *out; -1 (and
 * *out zeroed) when there are none.
 */
int samples_summarize(struct samples *s, struct summary *out)
{
	double sum = 0;
	size_t i;

	*out = (struct summary){ 0 };
	if (!s->n)
		return -1;
	qsort(s->v, s->n, sizeof(*s->v), cmp_i64);
	for (i = 0; i < s->n; i++)
		sum += (double)s->v[i];
	out->n = s->n;
	out->min = s->v[0];
	out->p50 = rank_sorted(s->v, s->n, 500);
	out->p99 = rank_sorted(s->v, s->n, 990);
	out->max = s->v[s->n - 1];
	out->mean = sum / (double)s->n;
	return 0;
}
