/* SPDX-License-Identifier: GPL-2.0 */
/*
 * csv.h - read a comma-separated file by its header's column names (no
 * quoting: dlcap's CSV files have none). Every error is one line naming
 * the file, the line and the column.
 */
#ifndef ANA_CSV_H
#define ANA_CSV_H

#include <stdio.h>

#define CSV_MAXCOLS 64

struct csv {
	FILE *f;
	const char *name;	/* for messages */
	long line;		/* current line number, 1 = header */
	char *buf;
	size_t cap;
	int ncols;
	char *head[CSV_MAXCOLS];	/* header names (own copies) */
	char *field[CSV_MAXCOLS];	/* current row's fields (into buf) */
};

int csv_open(struct csv *c, FILE *f, const char *name);
/* 1: a row was read, 0: end of file, -1: a malformed row (said on stderr) */
int csv_next(struct csv *c);
/* index of column NAME, or -1 (said on stderr) */
int csv_col(struct csv *c, const char *name);
/* index of column NAME, or -1, silently */
int csv_has(const struct csv *c, const char *name);
/* field I of the current row as a number; -1 on a bad number (said) */
int csv_num(struct csv *c, int i, double *out);
void csv_close(struct csv *c);

#endif
