// SPDX-License-Identifier: GPL-2.0
/*
 * test_calc.c - dlselftest's arithmetic and parsing (calc.c) on the
 * numbers of a default 6.12 system and on canned /proc text.
 */
#include <stdint.h>

#include "calc.h"
#include "check.h"

int main(void)
{
	uint64_t t = 0;
	int64_t bw = 0;
	int lo, hi, pol = -1;

	CHECK(calc_server_pct(50000000, 1000000000) == 5, "fair server 50 ms / 1 s is 5%%");
	CHECK(calc_server_pct(1, 0) == 0, "a server without period counts 0%%");
	CHECK(calc_max_pct(950000, 1000000, 5) == 90, "95%% RT limit less a 5%% server: 90%%");
	CHECK(calc_max_pct(950000, 1000000, 0) == 95, "no server (6.1): 95%%");
	CHECK(calc_max_pct(10000, 1000000, 5) == 1, "never below 1%%");
	CHECK(calc_max_pct(950000, 0, 5) == -1, "a zero RT period is an error");
	CHECK(calc_excess_runtime_ns(950000, 1000000, 1000000000) == 959500000ULL,
	      "101%% of 950 ms in a 1 s server period: 959.5 ms");
	CHECK(calc_excess_runtime_ns(950000, 1000000, 500000000) == 479750000ULL,
	      "rescaled to a 0.5 s server period: 479.75 ms");
	calc_share_range(5, &lo, &hi);
	CHECK(lo == 2 && hi == 7, "5%% +-50%% is 2..7%% (got %d..%d)", lo, hi);
	calc_share_range(1, &lo, &hi);
	CHECK(lo == 1 && hi == 1, "the lower bound is at least 1 (got %d..%d)", lo, hi);
	CHECK(!calc_stat_ticks("42 (cpu hog) R 1 42 42 0 -1 4194304 10 0 0 0 120 7 0 0 20 0 1 0", &t) &&
	      t == 127, "utime + stime after a command with a space: 127 (got %llu)",
	      (unsigned long long)t);
	CHECK(!calc_stat_ticks("7 (a) b) S 1 7 7 0 -1 0 0 0 0 0 3 4 0", &t) && t == 7,
	      "a ')' inside the command: fields from the last one (got %llu)", (unsigned long long)t);
	CHECK(calc_stat_ticks("7 (x) S 1 2 3", &t) == -1, "a short line is refused");
	CHECK(calc_stat_ticks("no parenthesis", &t) == -1, "a line without ')' is refused");
	CHECK(!calc_policy_line("policy                                       :                    6\n", &pol) &&
	      pol == 6, "/proc/PID/sched's policy line: 6 (got %d)", pol);
	CHECK(calc_policy_line("prio                                         :                  -1\n", &pol) == -1,
	      "another line is not the policy");
	CHECK(!calc_total_bw_line("  .dl_bw->total_bw                : 419424\n", &bw) &&
	      bw == 419424, "sched/debug's total_bw line: 419424 (got %lld)", (long long)bw);
	CHECK(!calc_total_bw_line("  .dl_bw->total_bw                : -52428\n", &bw) &&
	      bw == -52428, "a negative total_bw is read as such (got %lld)", (long long)bw);
	CHECK(calc_total_bw_line("  .dl_bw->bw                      : 996147\n", &bw) == -1,
	      "dl_bw->bw is not total_bw");
	CHECK_EXIT();
}
