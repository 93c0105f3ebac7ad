/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vdsotime.h - the arithmetic Linux 6.1 uses to turn a counter reading
 * into a time (the generic vDSO's do_hres() and the kernel's
 * timekeeping_delta_to_ns() without CONFIG_DEBUG_TIMEKEEPING), and the
 * layout of the vDSO data page it reads it from (include/vdso/datapage.h).
 */
#ifndef DLPROBE_VDSOTIME_H
#define DLPROBE_VDSOTIME_H

#include <stdint.h>

struct vdso_stamp {
	uint64_t sec;
	uint64_t nsec;		/* shifted: nanoseconds << shift */
};

/* the start of 6.1's struct vdso_data (CS_HRES_COARSE, the first) */
struct vdso_page {
	uint32_t seq;
	int32_t clock_mode;
	uint64_t cycle_last;
	uint64_t mask;
	uint32_t mult;
	uint32_t shift;
	struct vdso_stamp basetime[12];	/* by clock id: 0 REALTIME */
};

/*
 * The nanoseconds past stamp->sec seconds that a reading NOW of the counter
 * gives: ((((now - last) & mask) * mult) + nsec) >> shift, each step
 * modulo 2^64 as the kernel computes it. A reading behind LAST wraps.
 */
uint64_t vdso_ns(uint64_t now, uint64_t last, uint64_t mask, uint32_t mult,
		 uint32_t shift, uint64_t base_nsec);

#endif
