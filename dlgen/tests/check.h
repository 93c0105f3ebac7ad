/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h - the smallest test harness: every CHECK prints one line starting
 * with "PASS:" or "FAIL:", which tests/run.sh counts.
 */
#ifndef DLGEN_CHECK_H
#define DLGEN_CHECK_H

#include <stdio.h>

static int check_failed;

#define CHECK(cond, ...) do {						\
	int ok_ = !!(cond);						\
	printf("%s: ", ok_ ? "PASS" : "FAIL");				\
	printf(__VA_ARGS__);						\
	if (!ok_) {							\
		printf("  [%s:%d: %s]", __FILE__, __LINE__, #cond);	\
		check_failed = 1;						\
	}								\
	printf("\n");							\
} while (0)

#define CHECK_EXIT() return check_failed

#endif
