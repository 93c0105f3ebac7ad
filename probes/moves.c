// SPDX-License-Identifier: GPL-2.0
/*
 * moves.c - sort a busy thread's readings into migrations and
 * interruptions (moves.h).
 *
 * Two consecutive readings (t0 on CPU c0, t1 on c1) of a thread that does
 * nothing else between them: when c1 differs from c0 the thread migrated,
 * from c0 to c1, and t1 - t0 is how long the move took it (whatever the
 * gap: a migration is never below the threshold, but is not lost if it
 * is). A migration across a gap over max_gap is counted apart (long_moves:
 * the thread was throttled, or moved by something else than the push being
 * measured), as are gaps over the threshold without a change of CPU
 * (stays, and long_stays over max_gap). Everything is counted on the side
 * of c0, the CPU the thread was on before the gap.
 */
#include "moves.h"

int moves_init(struct moves *m, int a, int b, int64_t threshold,
	       int64_t max_gap, size_t cap)
{
	int i;

	*m = (struct moves){ .threshold = threshold, .max_gap = max_gap, .last = -1 };
	m->side[0].cpu = a;
	m->side[1].cpu = b;
	for (i = 0; i < 2; i++)
		if (samples_init(&m->side[i].lat, cap)) {
			moves_free(m);
			return -1;
		}
	return 0;
}

void moves_add(struct moves *m, int64_t t, int cpu)
{
	struct move_side *from;
	int64_t gap = t - m->last_t;
	int now;

	if (cpu == m->side[0].cpu)
		now = 0;
	else if (cpu == m->side[1].cpu)
		now = 1;
	else {
		m->strays++;
		return;
	}
	m->readings++;
	if (m->last >= 0) {
		from = &m->side[m->last];
		if (now != m->last) {
			if (gap > m->max_gap)
				from->long_moves++;
			else
				samples_add(&from->lat, gap);
		} else if (gap > m->max_gap) {
			from->long_stays++;
		} else if (gap > m->threshold) {
			from->stays++;
		}
	}
	m->last = now;
	m->last_t = t;
}

void moves_free(struct moves *m)
{
	samples_free(&m->side[0].lat);
	samples_free(&m->side[1].lat);
}
