/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devi.h - Devi & Anderson's tardiness bound for preemptive global EDF on
 * m identical CPUs ("Tardiness bounds under global EDF scheduling on a
 * multiprocessor", RTSS 2005 / Real-Time Systems 38(2), 2008): with
 * U = sum of utilisations <= m, Lambda = ceil(U) - 1, E = the sum of the
 * Lambda largest execution costs, V = the sum of the Lambda - 1 largest
 * utilisations and e_min the smallest cost, every job of task k finishes
 * at most x + e_k after its deadline, x = (E - e_min) / (m - V) (0 when
 * E <= e_min).
 */
#ifndef ANA_DEVI_H
#define ANA_DEVI_H

/*
 * cost[0..n) (any unit) and period[0..n) (the same unit); m CPUs. Returns
 * x, or -1 when the bound does not apply (U > m, or m - V <= 0).
 */
double devi_x(const double *cost, const double *period, int n, int m);

#endif
