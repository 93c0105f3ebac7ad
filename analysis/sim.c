// SPDX-License-Identifier: GPL-2.0
/*
 * sim.c - global EDF on uniform CPUs, from event to event: between two
 * events (a release, a completion) the assignment of jobs to CPUs does
 * not change, so every running job's remaining work falls linearly.
 * Work is kept in units of 1/1024 ns at capacity 1024, so a CPU of
 * capacity c does exactly c units per ns and the arithmetic is integer;
 * a completion falls on the first whole ns at which the work is done.
 */
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define NEVER ((long long)(~0ULL >> 1))

struct sim_state {
	long long next_rel;	/* next release, NEVER after the horizon */
	long long head_rel;	/* release of the oldest unfinished job */
	long long rem;		/* its remaining work, 1/1024 ns units */
	long pending;		/* released, unfinished jobs */
};

static const struct sim_task *cmp_tasks;
static const struct sim_state *cmp_st;

/* Earlier absolute deadline first; equal deadlines by task index. */
static int cmp_deadline(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;
	long long di = cmp_st[i].head_rel + cmp_tasks[i].period;
	long long dj = cmp_st[j].head_rel + cmp_tasks[j].period;

	if (di != dj)
		return di < dj ? -1 : 1;
	return i - j;
}

static int cmp_int_desc(const void *a, const void *b)
{
	return *(const int *)b - *(const int *)a;
}

static void release(const struct sim_task *t, struct sim_state *s,
		    struct sim_out *o, long long now, long long horizon)
{
	if (s->pending++ == 0) {
		s->head_rel = now;
		s->rem = t->wcet * 1024;
	}
	o->jobs++;
	o->work += t->wcet;
	s->next_rel = now + t->period < horizon ? now + t->period : NEVER;
}

static void complete(const struct sim_task *t, struct sim_state *s,
		     struct sim_out *o, long long now)
{
	long long tard = now - (s->head_rel + t->period);

	if (tard > 0) {
		o->misses++;
		o->sum_tard += tard;
		if (tard > o->max_tard)
			o->max_tard = tard;
	} else {
		o->work_met += t->wcet;
	}
	if (--s->pending > 0) {
		s->head_rel += t->period;
		s->rem = t->wcet * 1024;
	}
}

int sim_gedf(const struct sim_task *t, int n, const int *caps, int m,
	     long long horizon, struct sim_out *out)
{
	struct sim_state st[SIM_MAXTASKS];
	int cap[SIM_MAXCPUS], ready[SIM_MAXTASKS];
	long long now = 0;
	int i, nr, run;

	if (n < 0 || n > SIM_MAXTASKS || m < 1 || m > SIM_MAXCPUS || horizon <= 0)
		return -1;
	for (i = 0; i < n; i++)
		if (t[i].period <= 0 || t[i].wcet < 0 || t[i].offset < 0)
			return -1;
	for (i = 0; i < m; i++) {
		if (caps[i] < 1 || caps[i] > 1024)
			return -1;
		cap[i] = caps[i];
	}
	qsort(cap, m, sizeof(*cap), cmp_int_desc);
	memset(st, 0, sizeof(st));
	memset(out, 0, n * sizeof(*out));
	for (i = 0; i < n; i++)
		st[i].next_rel = t[i].offset < horizon ? t[i].offset : NEVER;
	cmp_tasks = t;
	cmp_st = st;

	for (;;) {
		long long next = NEVER, dt;

		for (i = 0; i < n; i++)
			if (st[i].next_rel == now)
				release(&t[i], &st[i], &out[i], now, horizon);
		nr = 0;
		for (i = 0; i < n; i++) {
			if (st[i].pending)
				ready[nr++] = i;
			if (st[i].next_rel < next)
				next = st[i].next_rel;
		}
		qsort(ready, nr, sizeof(*ready), cmp_deadline);
		run = nr < m ? nr : m;
		/* ready[k] runs on the k-th fastest CPU */
		for (i = 0; i < run; i++) {
			long long d = (st[ready[i]].rem + cap[i] - 1) / cap[i];

			if (now + d < next)
				next = now + d;
		}
		if (next == NEVER)
			return 0;
		dt = next - now;
		now = next;
		for (i = 0; i < run; i++) {
			struct sim_state *s = &st[ready[i]];

			s->rem -= dt * cap[i];
			if (s->rem <= 0)
				complete(&t[ready[i]], s, &out[ready[i]], now);
		}
	}
}
