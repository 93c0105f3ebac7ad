/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tap.h - the smallest test harness: every CHECK prints one line starting
 * with "PASS:" or "FAIL:", which tests/run.sh counts.
 */
#ifndef DLGEN_TAP_H
#define DLGEN_TAP_H

#include <stdio.h>

static int tap_failed;

#define CHECK(cond, ...) do {						\
	int ok_ = !!(cond);						\
	printf("%s: ", ok_ ? "PASS" : "FAIL");				\
	printf(__VA_ARGS__);						\
	if (!ok_) {							\
		printf("  [%s:%d: %s]", __FILE__, __LINE__, #cond);	\
		tap_failed = 1;						\
	}								\
	printf("\n");							\
} while (0)

#define TAP_EXIT() return tap_failed

#endif
