// SPDX-License-Identifier: GPL-2.0
/*
 * test_vdsotime.c - Linux 6.1's counter-to-time arithmetic (vdsotime.c)
 * on the guest's counter: 62.5 MHz, mask 2^57 - 1 (arm_arch_timer's width
 * on 6.1, "mask: 0x1ffffffffffffff" in the boot log), mult 2^27, shift 23
 * (what clocks_calc_mult_shift() gives for 62.5 MHz over 600 s). Each
 * expected value is worked by hand in the comment beside it.
 */
#include "check.h"
#include "vdsotime.h"

#define MASK	((1ULL << 57) - 1)
#define MULT	(1U << 27)
#define SHIFT	23
#define NS(x)	((uint64_t)(x) << SHIFT)

int main(void)
{
	uint64_t last = 1000000007;

	/* 250000 cycles ahead, base 0: 250000 * 2^27 >> 23 = 4 ms */
	CHECK(vdso_ns(last + 250000, last, MASK, MULT, SHIFT, 0) == 4000000,
	      "a reading 250000 cycles ahead is 4000000 ns");
	/*
	 * 1 cycle behind, base 4 ms: (2^57 - 1) * 2^27 = -2^27 modulo 2^64,
	 * so base - 16 ns: a step back of one cycle, no jump
	 */
	CHECK(vdso_ns(last - 1, last, MASK, MULT, SHIFT, NS(4000000)) == 3999984,
	      "1 cycle behind with a base of 4 ms: 16 ns back");
	/* 1 cycle behind, base 0: 2^64 - 2^27 >> 23 = 2^41 - 16 ns ahead */
	CHECK(vdso_ns(last - 1, last, MASK, MULT, SHIFT, 0) == (1ULL << 41) - 16,
	      "1 cycle behind with a base of 0: 2^41 - 16 ns (2199 s) ahead");
	/* 625 cycles (10 us) behind, base 5 us: 2^23 * (5000 - 10000) wraps */
	CHECK(vdso_ns(last - 625, last, MASK, MULT, SHIFT, NS(5000)) == (1ULL << 41) - 5000,
	      "10 us behind with a base of 5 us: 2^41 - 5000 ns ahead");
	/* the same 625 cycles behind a base of 10 us: exactly 0, no wrap */
	CHECK(vdso_ns(last - 625, last, MASK, MULT, SHIFT, NS(10000)) == 0,
	      "10 us behind with a base of 10 us: 0 ns");
	/* a 56-bit mask wraps the same: 2^56 * 2^27 is 0 modulo 2^64 too */
	CHECK(vdso_ns(last - 1, last, (1ULL << 56) - 1, MULT, SHIFT, 0) == (1ULL << 41) - 16,
	      "56-bit mask, 1 cycle behind a base of 0: 2^41 - 16 ns ahead");
	/*
	 * mult 2^27 + 1 (an NTP-adjusted mult, not a multiple of 2^7):
	 * (2^57 - 1)(2^27 + 1) = 2^57 - 2^27 - 1 modulo 2^64, so 1 cycle
	 * behind a base of 1 s gives 1e9 + 2^34 - 17 ns: 17.2 s ahead
	 * whatever the base
	 */
	CHECK(vdso_ns(last - 1, last, MASK, MULT + 1, SHIFT, NS(1000000000)) ==
	      1000000000ULL + (1ULL << 34) - 17,
	      "1 cycle behind with mult 2^27 + 1: 2^34 - 17 ns past the base");
	CHECK_EXIT();
}
