// SPDX-License-Identifier: GPL-2.0
/*
 * test_cpus.c - the probes' CPU lists: what the plans write, and what
 * must be refused.
 */
#include <string.h>

#include "check.h"
#include "cpus.h"

static int is(const char *s, const char *want)
{
	struct cpulist l;
	char got[256] = "";
	int i;

	if (cpulist_parse(s, &l))
		return !strcmp(want, "refused");
	for (i = 0; i < l.n; i++)
		sprintf(got + strlen(got), "%s%d", i ? " " : "", l.cpu[i]);
	return !strcmp(got, want);
}

int main(void)
{
	CHECK(is("0-3,7", "0 1 2 3 7"), "0-3,7");
	CHECK(is("5", "5"), "5");
	CHECK(is("0,2-3", "0 2 3"), "0,2-3");
	CHECK(is("-", ""), "- is no CPU");
	CHECK(is("", "refused"), "empty refused");
	CHECK(is("3-1", "refused"), "3-1 refused");
	CHECK(is("1,1", "refused"), "1,1 refused");
	CHECK(is("2,1", "refused"), "2,1 refused (not increasing)");
	CHECK(is("0-", "refused"), "0- refused");
	CHECK(is("1,", "refused"), "1, refused");
	CHECK(is("x", "refused"), "x refused");
	CHECK(is("64", "refused"), "64 refused (MAX_CPUS)");
	CHECK(is("0-3a", "refused"), "0-3a refused");
	CHECK_EXIT();
}
