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
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "0-3,7", "0 1 2 3 7" },
		{ "5", "5" },
		{ "0,2-3", "0 2 3" },
		{ "-", "" },			/* no CPU */
		{ "", "refused" },
		{ "3-1", "refused" },
		{ "1,1", "refused" },
		{ "2,1", "refused" },		/* not increasing */
		{ "0-", "refused" },
		{ "1,", "refused" },
		{ "x", "refused" },
		{ "64", "refused" },		/* MAX_CPUS */
		{ "0-3a", "refused" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(is(cases[i].in, cases[i].want), "'%s': %s", cases[i].in,
		      cases[i].want[0] ? cases[i].want : "no CPU");
	CHECK_EXIT();
}
