/* SPDX-License-Identifier: GPL-2.0 */
/*
 * partition.h - bin packing of tasks onto CPUs of different capacities for
 * partitioned EDF: tasks in decreasing density, CPUs in decreasing
 * capacity; a task fits a CPU while the CPU's EDF utilisation (the sum of
 * its tasks' densities) stays within its capacity.
 */
#ifndef ANA_PARTITION_H
#define ANA_PARTITION_H

enum part_fit {
	PART_FIRST,	/* first-fit decreasing: the fastest CPU it fits */
	PART_BEST,	/* best-fit decreasing: the CPU it leaves least room on */
};

/*
 * dens[0..n): densities (1.0 = a whole capacity-1024 CPU); caps[0..m):
 * capacities 1..1024. assign[i] gets task i's CPU (an index into caps) or
 * -1 when it fits no CPU (partitioning failed for it; later tasks are
 * still placed). Returns the number of tasks that fit no CPU.
 */
int partition(const double *dens, int n, const int *caps, int m,
	      enum part_fit fit, int *assign);

#endif
