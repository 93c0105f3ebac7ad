// SPDX-License-Identifier: GPL-2.0
/*
 * test_moves.c - readings of (time, CPU) sorted into migrations each way
 * and interruptions on the CPU left, as dlprobe dlpush counts them.
 */
#include "check.h"
#include "moves.h"

#define A	3
#define B	5

int main(void)
{
	/* threshold 1000 ns, max gap 100000 ns */
	static const struct {
		int64_t t;
		int cpu;
	} r[] = {
		{ 0, A },
		{ 100, A },
		{ 5100, B },		/* A->B in 5000 */
		{ 5200, B },
		{ 8200, B },		/* a stay on B: 3000 > 1000 */
		{ 8900, B },		/* 700: no interruption */
		{ 15900, A },		/* B->A in 7000 */
		{ 16300, B },		/* A->B in 400: below the threshold, still a move */
		{ 16400, 7 },		/* neither CPU: left out */
		{ 2016400, B },		/* 2 ms on B: a long stay (throttled) */
		{ 2016500, B },
		{ 5016500, A },		/* B->A across 3 ms: a long move */
		{ 5017000, A },
		{ 5117000, A },		/* 100000: a stay, not a long one */
		{ 5120000, B },		/* A->B in 3000 */
	};
	struct moves m;
	size_t i;

	CHECK(!moves_init(&m, A, B, 1000, 100000, 4), "4 samples a side");
	for (i = 0; i < sizeof(r) / sizeof(r[0]); i++)
		moves_add(&m, r[i].t, r[i].cpu);
	CHECK(m.readings == 14 && m.strays == 1, "14 readings, 1 on neither CPU (%lld, %lld)",
	      m.readings, m.strays);
	CHECK(m.side[0].cpu == A && m.side[1].cpu == B, "side 0 is A, side 1 is B");
	CHECK(m.side[0].lat.n == 3 && m.side[0].lat.v[0] == 5000 &&
	      m.side[0].lat.v[1] == 400 && m.side[0].lat.v[2] == 3000,
	      "A->B: 5000, 400, 3000 ns, in order (%zu)", m.side[0].lat.n);
	CHECK(m.side[1].lat.n == 1 && m.side[1].lat.v[0] == 7000,
	      "B->A: 7000 ns, the 3 ms move left out (%zu)", m.side[1].lat.n);
	CHECK(m.side[0].long_moves == 0 && m.side[1].long_moves == 1,
	      "long moves: none from A, 1 from B");
	CHECK(m.side[0].stays == 1 && m.side[0].long_stays == 0,
	      "on A: 1 stay (100000 is not over the max gap), no long one (%lld, %lld)",
	      m.side[0].stays, m.side[0].long_stays);
	CHECK(m.side[1].stays == 1 && m.side[1].long_stays == 1,
	      "on B: 1 stay of 3000, 1 long of 2 ms (%lld, %lld)",
	      m.side[1].stays, m.side[1].long_stays);
	CHECK(m.side[0].left.n == 3 && m.side[0].left.v[0] == 100 &&
	      m.side[0].left.v[1] == 15900 && m.side[0].left.v[2] == 5117000,
	      "A->B departures: the last reading on A before each move, 100, 15900, 5117000 (%zu)",
	      m.side[0].left.n);
	CHECK(m.side[1].left.n == 1 && m.side[1].left.v[0] == 8900,
	      "B->A departures: 8900, none for the long move (%zu)", m.side[1].left.n);

	/*
	 * Each departure matched to the first wake-up reading at or after it
	 * on the CPU left: 100 -> 900 (800), 15900 -> 17100 (1200; 15000 is
	 * before it), 5117000 -> 5300000 is over the bound (183000 > 100000):
	 * dropped.
	 */
	{
		int64_t woke_v[] = { 900, 15000, 17100, 5300000 };
		struct samples woke = { .v = woke_v, .n = 4, .cap = 4 }, out;

		CHECK(!samples_init(&out, 3), "3 leave samples");
		moves_leave_times(&m.side[0].left, &woke, 100000, &out);
		CHECK(out.n == 2 && out.v[0] == 800 && out.v[1] == 1200,
		      "leave times: 800, 1200; the one over the bound left out (%zu)", out.n);
		samples_free(&out);
	}
	/*
	 * Departures 10, 20, 22 and 40; wake-ups 10 and 25: 10 -> 10 (0, at
	 * the departure itself), 20 -> 25 (5), 22 -> none (25 is taken),
	 * 40 -> none (no wake-up left).
	 */
	{
		int64_t left_v[] = { 10, 20, 22, 40 }, woke_v[] = { 10, 25 };
		struct samples left = { .v = left_v, .n = 4, .cap = 4 };
		struct samples woke = { .v = woke_v, .n = 2, .cap = 2 }, out;

		CHECK(!samples_init(&out, 4), "4 leave samples");
		moves_leave_times(&left, &woke, 100, &out);
		CHECK(out.n == 2 && out.v[0] == 0 && out.v[1] == 5,
		      "leave times: 0 and 5, a wake-up matched once, none after the last (%zu)", out.n);
		samples_free(&out);
	}
	moves_free(&m);

	CHECK(!moves_init(&m, A, B, 1000, 100000, 1), "1 sample a side");
	moves_add(&m, 0, A);
	moves_add(&m, 2000, B);
	moves_add(&m, 4000, A);
	moves_add(&m, 6000, B);
	CHECK(m.side[0].lat.n == 1 && m.side[0].lat.dropped == 1 &&
	      m.side[1].lat.n == 1 && m.side[1].lat.dropped == 0,
	      "a full side drops the second A->B move and counts it");
	moves_free(&m);
	CHECK_EXIT();
}
