// SPDX-License-Identifier: GPL-2.0
/*
 * vdsotime.c - a counter reading turned into nanoseconds as Linux 6.1's
 * vDSO does it (vdsotime.h).
 */
#include "vdsotime.h"

uint64_t vdso_ns(uint64_t now, uint64_t last, uint64_t mask, uint32_t mult,
		 uint32_t shift, uint64_t base_nsec)
{
	uint64_t ns = base_nsec;

	ns += ((now - last) & mask) * (uint64_t)mult;
	return ns >> shift;
}
