/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uniform.h - exact feasibility of implicit-deadline periodic tasks on a
 * uniform multiprocessor (Horvath, Lam & Sethi 1977; Funk, Goossens &
 * Baruah 2001).
 */
#ifndef ANA_UNIFORM_H
#define ANA_UNIFORM_H

/*
 * Densities u[0..n) and capacities s[0..m) (same unit: 1.0 = one CPU of
 * capacity 1024), in any order; both arrays are sorted (descending) in
 * place. Returns 0 when the set is feasible, else the smallest k that
 * fails: k < m (and k <= n) when u1 + ... + uk > s1 + ... + sk, k = m when
 * the total exceeds the total capacity. *slack (may be NULL) gets the
 * smallest (s1 + ... + sk) - (u1 + ... + uk) over the conditions checked,
 * negative when infeasible.
 */
int uniform_feasible(double *u, int n, double *s, int m, double *slack);

/* Sort descending, in place. */
void sort_desc(double *v, int n);

#endif
