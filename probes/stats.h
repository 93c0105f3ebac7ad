/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h - a fixed-size sample buffer and its order statistics.
 */
#ifndef DLPROBE_STATS_H
#define DLPROBE_STATS_H

#include <stddef.h>
#include <stdint.h>

struct samples {
	int64_t *v;
	size_t n;		/* samples kept */
	size_t cap;
	size_t dropped;		/* samples offered to a full buffer */
};

struct summary {
	size_t n;
	int64_t min, p50, p99, max;
	double mean;
};

int samples_init(struct samples *s, size_t cap);
void samples_free(struct samples *s);

static inline void samples_add(struct samples *s, int64_t x)
{
	if (s->n < s->cap)
		s->v[s->n++] = x;
	else
		s->dropped++;
}

int64_t rank_sorted(const int64_t *v, size_t n, unsigned int permille);
int samples_summarize(struct samples *s, struct summary *out);

#endif
