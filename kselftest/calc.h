/* SPDX-License-Identifier: GPL-2.0 */
/*
 * calc.h - the arithmetic and parsing of dlselftest, kept apart from the
 * system calls so that tests/test_calc.c checks it on the host.
 */
#ifndef DLST_CALC_H
#define DLST_CALC_H

#include <stdint.h>

/* A server's share of its CPU in whole percent, rounded down (0: none). */
int calc_server_pct(uint64_t runtime_ns, uint64_t period_ns);

/*
 * The bandwidth one DL task may ask for on every CPU, in whole percent:
 * the RT limit (sched_rt_runtime_us / sched_rt_period_us, rounded down)
 * less the servers' percent; never below 1. -1 when the period is 0.
 */
int calc_max_pct(uint64_t rt_runtime_us, uint64_t rt_period_us, int servers_pct);

/*
 * A fair-server runtime 1% above the RT limit, in ns of the server's
 * period: rt_runtime_us * 101 / 100 (rounded down) in ns, rescaled from
 * the RT period to server_period_ns when the two differ.
 */
uint64_t calc_excess_runtime_ns(uint64_t rt_runtime_us, uint64_t rt_period_us,
				uint64_t server_period_ns);

/*
 * The share a CFS task should get from a server of expected_pct: from
 * half to one and a half times it (whole percent, rounded down), the
 * lower bound at least 1.
 */
void calc_share_range(int expected_pct, int *lo, int *hi);

/*
 * utime + stime (clock ticks) from a /proc/PID/stat line; the command
 * field may hold spaces and parentheses, so fields are counted from the
 * last ')'. Returns 0, or -1 when the line has too few fields.
 */
int calc_stat_ticks(const char *line, uint64_t *ticks);

/*
 * The policy from one line of /proc/PID/sched ("policy   :   6").
 * Returns 0 and sets *policy, or -1 when the line is another one.
 */
int calc_policy_line(const char *line, int *policy);

/*
 * The allocated DL bandwidth of a root domain from one line of
 * sched/debug's dl_rq ("  .dl_bw->total_bw   : 419424", BW_SHIFT 20;
 * signed, as the kernel prints it). Returns 0 and sets *bw, or -1 when
 * the line is another one.
 */
int calc_total_bw_line(const char *line, int64_t *bw);

#endif
