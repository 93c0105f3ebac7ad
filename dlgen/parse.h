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

/*
 * The same, knowing what the command line says: with PARSE_DURATION_GIVEN
 * (-d MS) loops of -1 are fine without global.duration.
 */
#define PARSE_DURATION_GIVEN	0x1
int taskset_parse_flags(const char *path, const char *text, struct taskset *ts,
			FILE *err, unsigned int flags);

/* Read @path and parse it; a read failure counts as one problem. */
int taskset_load(const char *path, struct taskset *ts, FILE *err);
int taskset_load_flags(const char *path, struct taskset *ts, FILE *err,
		       unsigned int flags);

#endif
