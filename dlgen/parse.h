/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DLGEN_PARSE_H
#define DLGEN_PARSE_H

#include <stdio.h>
#include "taskset.h"

/*
 * Parse and validate a task set in the rt-app grammar.
 * @path names the file in error messages; @text is its whole content.
 * Every problem is reported as one line "path:line:col: field: message"
 * on @err.  Returns the number of problems (0: @ts is valid).
 */
int taskset_parse(const char *path, const char *text, struct taskset *ts,
		  FILE *err);

/* Read @path and parse it; a read failure counts as one problem. */
int taskset_load(const char *path, struct taskset *ts, FILE *err);

#endif
