/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DLGEN_GEN_H
#define DLGEN_GEN_H

#include <stdint.h>

/* splitmix64: the next 64 random bits of the stream *s. */
uint64_t gen_next(uint64_t *s);
/* Uniform double in [0, 1). */
double gen_uniform(uint64_t *s);

/*
 * n utilizations summing to total (UUniFast), redrawn until all are in
 * [umin, umax] (the "discard" variant). Returns the number of draws used,
 * or -1 after max_tries.
 */
int uunifast_discard(uint64_t *seed, unsigned int n, double total,
		     double umin, double umax, double *u, unsigned int max_tries);

/*
 * n values in [a, b] summing to total, uniformly distributed over that
 * slice of the cube (Stafford's RandFixedSum; Emberson, Stafford & Davis,
 * WATERS 2010). Never discards: every draw is a valid set. Returns 0, or
 * -1 when n * a > total or total > n * b or n > GEN_RFS_MAX.
 */
#define GEN_RFS_MAX 256
int randfixedsum(uint64_t *seed, unsigned int n, double total, double a,
		 double b, double *u);

/* Log-uniform in [pmin, pmax], rounded to a multiple of gran. */
uint64_t loguniform_period(uint64_t *seed, uint64_t pmin, uint64_t pmax,
			   uint64_t gran);

#endif
