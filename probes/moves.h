/* SPDX-License-Identifier: GPL-2.0 */
/*
 * moves.h - a busy thread's consecutive readings of (time, CPU) sorted
 * into migrations between two CPUs, each way, and interruptions without a
 * change of CPU (dlpush.c).
 */
#ifndef DLPROBE_MOVES_H
#define DLPROBE_MOVES_H

#include <stdint.h>

#include "stats.h"

/* what happened after a reading on one CPU */
struct move_side {
	int cpu;
	struct samples lat;	/* gaps (ns) of the migrations away, up to max_gap */
	struct samples left;	/* the last reading before each of those, ns */
	long long long_moves;	/* migrations away across a gap over max_gap */
	long long stays;	/* gaps over threshold, up to max_gap, same CPU */
	long long long_stays;	/* gaps over max_gap, same CPU */
};

struct moves {
	int64_t threshold, max_gap;
	struct move_side side[2];	/* after a reading on A, on B */
	int64_t last_t;
	int last;			/* side of the last reading, -1 none */
	long long readings, strays;	/* strays: on neither CPU, left out */
};

int moves_init(struct moves *m, int a, int b, int64_t threshold,
	       int64_t max_gap, size_t cap);
void moves_add(struct moves *m, int64_t t, int cpu);
void moves_free(struct moves *m);
void moves_leave_times(const struct samples *left, const struct samples *woke,
		       int64_t bound, struct samples *out);

#endif
