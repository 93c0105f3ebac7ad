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
 * of c0, the CPU the thread was on before the gap; for each migration
 * counted, t0 is kept too (left), for dlpush.c to time the part of the
 * move spent on c0.
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
		if (samples_init(&m->side[i].lat, cap) ||
		    samples_init(&m->side[i].left, cap)) {
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
			if (gap > m->max_gap) {
				from->long_moves++;
			} else {
				samples_add(&from->lat, gap);
				samples_add(&from->left, m->last_t);
			}
		} else if (gap > m->max_gap) {
			from->long_stays++;
		} else if (gap > m->threshold) {
			from->stays++;
		}
	}
	m->last = now;
	m->last_t = t;
}

/*
 * The part of each move spent on the CPU left, on that CPU's clock alone
 * (dlpush.c): for each departure (left: the mover's last reading before a
 * move, in time order), the first reading at or after it of a thread
 * woken on that CPU (woke, in time order), less the departure, kept when
 * up to bound; a wake-up matched once is not matched again. Into out, at
 * most its capacity.
 */
void moves_leave_times(const struct samples *left, const struct samples *woke,
		       int64_t bound, struct samples *out)
{
	size_t i, j = 0;

	for (i = 0; i < left->n; i++) {
		int64_t d = left->v[i];

		while (j < woke->n && woke->v[j] < d)
			j++;
		if (j == woke->n)
			break;
		if (woke->v[j] - d <= bound) {
			samples_add(out, woke->v[j] - d);
			j++;
		}
	}
}

void moves_free(struct moves *m)
{
	int i;

	for (i = 0; i < 2; i++) {
		samples_free(&m->side[i].lat);
		samples_free(&m->side[i].left);
	}
}
