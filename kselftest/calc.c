// SPDX-License-Identifier: GPL-2.0
/*
 * calc.c - dlselftest's arithmetic and parsing (calc.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc.h"

int calc_server_pct(uint64_t runtime_ns, uint64_t period_ns)
{
	if (!period_ns)
		return 0;
	return (int)(runtime_ns * 100 / period_ns);
}

int calc_max_pct(uint64_t rt_runtime_us, uint64_t rt_period_us, int servers_pct)
{
	int pct;

	if (!rt_period_us)
		return -1;
	pct = (int)(rt_runtime_us * 100 / rt_period_us) - servers_pct;
	return pct < 1 ? 1 : pct;
}

uint64_t calc_excess_runtime_ns(uint64_t rt_runtime_us, uint64_t rt_period_us,
				uint64_t server_period_ns)
{
	uint64_t ns = rt_runtime_us * 101 / 100 * 1000;

	if (rt_period_us && server_period_ns != rt_period_us * 1000)
		ns = ns * server_period_ns / (rt_period_us * 1000);
	return ns;
}

void calc_share_range(int expected_pct, int *lo, int *hi)
{
	*lo = expected_pct * 50 / 100;
	*hi = expected_pct * 150 / 100;
	if (*lo < 1)
		*lo = 1;
}

int calc_stat_ticks(const char *line, uint64_t *ticks)
{
	const char *p = strrchr(line, ')');
	unsigned long long v[13];
	int i;

	if (!p)
		return -1;
	p++;
	/* after ')': state ppid pgrp session tty tpgid flags minflt cminflt
	 * majflt cmajflt utime stime; state is one word, skipped as such */
	while (*p == ' ')
		p++;
	if (!*p)
		return -1;
	while (*p && *p != ' ')
		p++;
	for (i = 0; i < 12; i++) {
		char *end;

		while (*p == ' ')
			p++;
		if (!*p)
			return -1;
		v[i] = strtoull(p, &end, 10);
		if (end == p)
			return -1;
		p = end;
	}
	*ticks = v[10] + v[11];
	return 0;
}

int calc_policy_line(const char *line, int *policy)
{
	char key[16];
	int v;

	if (sscanf(line, " %15s : %d", key, &v) != 2 || strcmp(key, "policy"))
		return -1;
	*policy = v;
	return 0;
}

int calc_total_bw_line(const char *line, int64_t *bw)
{
	char key[32];
	long long v;

	if (sscanf(line, " .%31s : %lld", key, &v) != 2 || strcmp(key, "dl_bw->total_bw"))
		return -1;
	*bw = v;
	return 0;
}
