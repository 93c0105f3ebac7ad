// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - dlselftest: runs the SCHED_DEADLINE tests of Juri Lelli's RFC
 * (tests.c) in the guest, as dlcap writes them (make dl-kselftest).
 *   dlselftest            every test, in the RFC's order
 *   dlselftest NAME...    those tests
 *   dlselftest -l         the tests' names and what each checks
 * Output is TAP-like: "# NAME: what it checks", detail lines "#   ...",
 * then "ok - NAME", "ok - NAME # SKIP" or "not ok - NAME".
 * Exit status: 0 every test passed or was skipped; 1 one failed; 2 bad
 * arguments.
 */
#include <stdio.h>
#include <string.h>

#include "dlst.h"

static int run(const struct dlst_test *t)
{
	enum verdict v;

	printf("# %s: %s\n", t->name, t->what);
	fflush(stdout);
	v = t->run();
	printf("%s - %s%s\n", v == FAIL ? "not ok" : "ok", t->name, v == SKIP ? " # SKIP" : "");
	fflush(stdout);
	return v == FAIL;
}

int main(int argc, char **argv)
{
	int i, j, failed = 0;

	if (argc == 2 && !strcmp(argv[1], "-l")) {
		for (i = 0; i < dlst_ntests; i++)
			printf("%s\t%s\n", dlst_tests[i].name, dlst_tests[i].what);
		return 0;
	}
	for (j = 1; j < argc; j++) {
		for (i = 0; i < dlst_ntests; i++)
			if (!strcmp(argv[j], dlst_tests[i].name))
				break;
		if (i == dlst_ntests) {
			fprintf(stderr, "dlselftest: no test '%s' (dlselftest -l)\n", argv[j]);
			return 2;
		}
	}
	for (i = 0; i < dlst_ntests; i++) {
		int want = argc == 1;

		for (j = 1; j < argc; j++)
			want |= !strcmp(argv[j], dlst_tests[i].name);
		if (want)
			failed |= run(&dlst_tests[i]);
	}
	return failed;
}
