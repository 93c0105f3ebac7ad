// SPDX-License-Identifier: GPL-2.0
/*
 * devi.c - Devi & Anderson's G-EDF tardiness bound (see devi.h).
 */
#include <math.h>

#include "devi.h"
#include "sim.h"
#include "uniform.h"

/* as uniform.c: U = m is within the bound despite the rounding of sums */
#define DEVI_EPS 1e-9

double devi_x(const double *cost, const double *period, int n, int m)
{
	double c[SIM_MAXTASKS], u[SIM_MAXTASKS];
	double usum = 0, e = 0, v = 0, emin;
	int i, lambda;

	if (n < 1 || n > SIM_MAXTASKS || m < 1)
		return -1;
	for (i = 0; i < n; i++) {
		c[i] = cost[i];
		u[i] = cost[i] / period[i];
		usum += u[i];
	}
	if (usum > m + DEVI_EPS)
		return -1;
	sort_desc(c, n);
	sort_desc(u, n);
	emin = c[n - 1];
	lambda = (int)ceil(usum - DEVI_EPS) - 1;
	for (i = 0; i < lambda && i < n; i++)
		e += c[i];
	for (i = 0; i < lambda - 1 && i < n; i++)
		v += u[i];
	if (m - v <= 0)
		return -1;
	return e > emin ? (e - emin) / (m - v) : 0;
}
