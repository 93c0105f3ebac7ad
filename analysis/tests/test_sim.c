// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the reference simulator against schedules worked out by
 * hand (times in ms; MS = 1e6 ns). A horizon of 1 ns releases one job
 * per task, at 0.
 */
#include <string.h>

#include "check.h"
#include "sim.h"

#define MS 1000000LL

int main(void)
{
	struct sim_out o[4];
	int fast_slow[] = { 512, 1024 }, two[] = { 1024, 1024 }, half[] = { 512 };

	/*
	 * A: uniform CPUs {1024, 512}; t0 = (period 5, work 4), t1 = (6, 4).
	 * At 0, t0 (deadline 5) takes the fast CPU and ends at 4; t1 does
	 * 2 ms of work on the slow CPU by 4, then migrates to the fast one
	 * and ends at 6 = its deadline. No miss. Earliest deadline on the
	 * slowest CPU instead: t0 ends at 6 (1 ms late); without the
	 * migration t1 ends at 8 (2 ms late).
	 */
	struct sim_task a[] = { { 5 * MS, 4 * MS, 0 }, { 6 * MS, 4 * MS, 0 } };

	CHECK(sim_gedf(a, 2, fast_slow, 2, 1, o) == 0, "A: simulates");
	CHECK(o[0].jobs == 1 && o[1].jobs == 1, "A: one job each (got %ld, %ld)", o[0].jobs, o[1].jobs);
	CHECK(o[0].misses == 0 && o[1].misses == 0,
	      "A: earliest deadline on the fastest CPU, t1 migrates at 4 and ends at its deadline 6: no miss (late: %ld, %ld; by %lld, %lld ns)",
	      o[0].misses, o[1].misses, o[0].max_tard, o[1].max_tard);
	CHECK(o[0].work_met == 4 * MS && o[1].work_met == 4 * MS, "A: all 8 ms of work met");

	/*
	 * B: global EDF misses a feasible set (Dhall's effect), 2 x 1024:
	 * t0 = t1 = (10, 2), t2 = (11, 10.5); densities 0.2, 0.2, 0.955 fit
	 * (0.955 <= 1, 1.355 <= 2). t0 and t1 (deadline 10) run first on
	 * both CPUs until 2; t2 runs 2..12.5: 1.5 ms after its deadline 11.
	 */
	struct sim_task b[] = { { 10 * MS, 2 * MS, 0 }, { 10 * MS, 2 * MS, 0 }, { 11 * MS, 10500000, 0 } };

	CHECK(sim_gedf(b, 3, two, 2, 1, o) == 0, "B: simulates");
	CHECK(o[2].misses == 1 && o[2].max_tard == 1500000,
	      "B: global EDF misses a feasible set: t2 ends 1.5 ms late (got %ld miss, %lld ns)",
	      o[2].misses, o[2].max_tard);
	CHECK(o[0].misses == 0 && o[1].misses == 0, "B: t0 and t1 meet theirs");
	CHECK(o[2].work_met == 0 && o[2].work == 10500000, "B: t2's work is offered, not met");

	/*
	 * C: one CPU of capacity 512 (half speed), several jobs, overload
	 * 0.8 + 0.3 = 1.1: t0 = (10, 4) needs 8 ms per job, t1 = (20, 3)
	 * needs 6. Horizon 20: t0 at 0 and 10, t1 at 0. t0 runs 0..8; t1
	 * 8..10 (1 ms of work); at 10 t0's second job and t1 both have
	 * deadline 20: the tie goes to t0 (lower index), 10..18; t1 18..22
	 * ends 2 ms late. t0 meets both.
	 */
	struct sim_task c[] = { { 10 * MS, 4 * MS, 0 }, { 20 * MS, 3 * MS, 0 } };

	CHECK(sim_gedf(c, 2, half, 1, 20 * MS, o) == 0, "C: simulates");
	CHECK(o[0].jobs == 2 && o[1].jobs == 1, "C: jobs released before the horizon: 2 and 1 (got %ld, %ld)",
	      o[0].jobs, o[1].jobs);
	CHECK(o[0].misses == 0 && o[1].misses == 1 && o[1].max_tard == 2 * MS,
	      "C: half speed, ties to the lower index: t1 ends at 22, 2 ms late (got %ld/%ld misses, %lld ns)",
	      o[0].misses, o[1].misses, o[1].max_tard);
	CHECK(o[1].sum_tard == 2 * MS, "C: total tardiness 2 ms (got %lld)", o[1].sum_tard);

	/*
	 * D: a task's jobs run in order, never two at once: one task (2, 3)
	 * on 2 x 1024, horizon 4 (jobs at 0 and 2). Job 1 runs 0..3 (1 ms
	 * late), job 2 3..6 (deadline 4: 2 ms late) though a CPU is idle.
	 */
	struct sim_task d[] = { { 2 * MS, 3 * MS, 0 } };

	CHECK(sim_gedf(d, 1, two, 2, 4 * MS, o) == 0, "D: simulates");
	CHECK(o[0].jobs == 2 && o[0].misses == 2 && o[0].max_tard == 2 * MS && o[0].sum_tard == 3 * MS,
	      "D: a task's jobs one after the other: late by 1 and 2 ms (got %ld misses, max %lld, sum %lld)",
	      o[0].misses, o[0].max_tard, o[0].sum_tard);

	/*
	 * E: first releases at an offset, as dlgen's timer-first tasks (one
	 * period after the start). One CPU 1024, horizon 20: t0 = (10, 6)
	 * from 10 (one job, deadline 20), t1 = (4, 3) from 4 (jobs at 4, 8,
	 * 12, 16). t1 runs 4..7 and 8..11; t0 11..12; t1 12..15; t0 15..16;
	 * at 16 both have deadline 20, the tie to t0: 16..20, done at its
	 * deadline; t1 20..23, 3 ms late. Released at 0 instead, t0 would
	 * have 2 jobs and t1 5.
	 */
	struct sim_task e[] = { { 10 * MS, 6 * MS, 10 * MS }, { 4 * MS, 3 * MS, 4 * MS } };
	int one[] = { 1024 };

	CHECK(sim_gedf(e, 2, one, 1, 20 * MS, o) == 0, "E: simulates");
	CHECK(o[0].jobs == 1 && o[1].jobs == 4, "E: released from the offset, before the horizon: 1 and 4 jobs (got %ld, %ld)",
	      o[0].jobs, o[1].jobs);
	CHECK(o[0].misses == 0 && o[1].misses == 1 && o[1].max_tard == 3 * MS,
	      "E: deadlines from the offset releases: t0 done at 20, t1's last job 3 ms late (got %ld/%ld misses, %lld ns)",
	      o[0].misses, o[1].misses, o[1].max_tard);
	CHECK(o[0].work == 6 * MS && o[1].work == 12 * MS && o[1].work_met == 9 * MS,
	      "E: work offered 6 and 12 ms, t1's met 9 (got %lld, %lld, %lld)", o[0].work, o[1].work, o[1].work_met);
	e[0].offset = -1;
	CHECK(sim_gedf(e, 2, one, 1, 20 * MS, o) == -1, "a negative offset is refused");

	CHECK(sim_gedf(a, 2, (int[]){ 0 }, 1, 1, o) == -1, "a capacity of 0 is refused");
	CHECK_EXIT();
}
