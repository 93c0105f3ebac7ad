// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of first-fit and best-fit decreasing on uniform CPUs, worked
 * out by hand, and partitioned EDF failing where global EDF does not.
 */
#include "check.h"
#include "partition.h"
#include "sim.h"
#include "uniform.h"

#define MS 1000000LL

int main(void)
{
	int as[8], caps[] = { 512, 1024 }, two[] = { 1024, 1024 };
	double s[] = { 0.5, 1 };
	/*
	 * CPUs {1024 (index 1), 512 (index 0)}; densities 0.3, 0.5, 0.3, 0.4
	 * (indices 0..3), total 1.5 = the capacity, feasible (0.5 <= 1).
	 * FFD, tasks 0.5, 0.4, 0.3, 0.3 onto the fastest CPU that fits:
	 * 0.5 -> 1024, 0.4 -> 1024 (0.9), 0.3 -> 512, 0.3 fits neither
	 * (1.2 > 1, 0.6 > 0.5): task 2 (the later 0.3) is refused.
	 * BFD, onto the CPU left with least room: 0.5 -> 512 (room 0),
	 * 0.4 -> 1024 (0.6), 0.3 -> 1024 (0.3), 0.3 -> 1024 (0): all placed.
	 */
	double d[] = { 0.3, 0.5, 0.3, 0.4 }, u[4] = { 0.3, 0.5, 0.3, 0.4 };

	CHECK(uniform_feasible(u, 4, s, 2, NULL) == 0, "the set is feasible on {1024, 512}");
	CHECK(partition(d, 4, caps, 2, PART_FIRST, as) == 1, "FFD refuses one task");
	CHECK(as[1] == 1 && as[3] == 1 && as[0] == 0 && as[2] == -1,
	      "FFD: 0.5, 0.4 on the 1024 CPU, the first 0.3 on the 512 one, the second nowhere (got %d %d %d %d)",
	      as[0], as[1], as[2], as[3]);
	CHECK(partition(d, 4, caps, 2, PART_BEST, as) == 0, "BFD places all four");
	CHECK(as[1] == 0 && as[3] == 1 && as[0] == 1 && as[2] == 1,
	      "BFD: 0.5 fills the 512 CPU, the rest the 1024 one (got %d %d %d %d)",
	      as[0], as[1], as[2], as[3]);

	/*
	 * Partitioning fails where global EDF only lags: three tasks (10, 6)
	 * on 2 x 1024, density 0.6 each, total 1.8 <= 2 (feasible). No CPU
	 * takes two (1.2 > 1): both heuristics refuse one task. Global EDF
	 * runs t0, t1 0..6 and t2 6..12: 2 ms late, but runs every job.
	 */
	{
		double e[] = { 0.6, 0.6, 0.6 };
		struct sim_task t[] = { { 10 * MS, 6 * MS, 0 }, { 10 * MS, 6 * MS, 0 }, { 10 * MS, 6 * MS, 0 } };
		struct sim_out o[3];

		CHECK(partition(e, 3, two, 2, PART_FIRST, as) == 1 && as[2] == -1,
		      "FFD: 3 x 0.6 on 2 x 1024 refuses the third (got %d %d %d)", as[0], as[1], as[2]);
		CHECK(partition(e, 3, two, 2, PART_BEST, as) == 1 && as[2] == -1,
		      "BFD: the same (got %d %d %d)", as[0], as[1], as[2]);
		CHECK(sim_gedf(t, 3, two, 2, 1, o) == 0 && o[2].max_tard == 2 * MS && o[0].misses == 0,
		      "global EDF runs all three, the third 2 ms late (got %lld ns)", o[2].max_tard);
	}
	/* equal density exactly filling a CPU fits (boundary) */
	{
		double e[] = { 0.5, 0.5 };
		int one[] = { 1024 };

		CHECK(partition(e, 2, one, 1, PART_FIRST, as) == 0, "0.5 + 0.5 fills a 1024 CPU exactly and fits");
	}
	CHECK_EXIT();
}
