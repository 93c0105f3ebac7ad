// SPDX-License-Identifier: GPL-2.0
/*
 * partition.c - first-fit and best-fit decreasing onto uniform CPUs.
 */
#include <stdlib.h>

#include "partition.h"
#include "sim.h"

/* as uniform.c: equality fits; rounding of us ratios is ~1e-15 */
#define PART_EPS 1e-9

static const double *by_dens;
static const int *by_cap;

static int cmp_task(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;

	if (by_dens[i] != by_dens[j])
		return by_dens[i] > by_dens[j] ? -1 : 1;
	return i - j;
}

static int cmp_cpu(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;

	if (by_cap[i] != by_cap[j])
		return by_cap[j] - by_cap[i];
	return i - j;
}

int partition(const double *dens, int n, const int *caps, int m,
	      enum part_fit fit, int *assign)
{
	int task[SIM_MAXTASKS], cpu[SIM_MAXCPUS];
	double load[SIM_MAXCPUS] = { 0 };
	int i, k, failed = 0;

	for (i = 0; i < n; i++)
		task[i] = i;
	for (k = 0; k < m; k++)
		cpu[k] = k;
	by_dens = dens;
	by_cap = caps;
	qsort(task, n, sizeof(*task), cmp_task);
	qsort(cpu, m, sizeof(*cpu), cmp_cpu);

	for (i = 0; i < n; i++) {
		int t = task[i], best = -1;
		double best_room = 0;

		for (k = 0; k < m; k++) {
			int c = cpu[k];
			double room = caps[c] / 1024.0 - load[c] - dens[t];

			if (room < -PART_EPS)
				continue;
			if (fit == PART_FIRST) {
				best = c;
				break;
			}
			/* strictly less room: ties stay on the faster CPU */
			if (best < 0 || room < best_room - PART_EPS) {
				best = c;
				best_room = room;
			}
		}
		assign[t] = best;
		if (best < 0)
			failed++;
		else
			load[best] += dens[t];
	}
	return failed;
}
