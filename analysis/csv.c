// SPDX-License-Identifier: GPL-2.0
/*
 * csv.c - comma-separated files by column name.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

/* Split buf in place at commas into out[]; returns the number of fields. */
static int split(char *buf, char **out, int max)
{
	int n = 0;
	char *p = buf;

	buf[strcspn(buf, "\r\n")] = '\0';
	for (;;) {
		if (n == max)
			return max + 1;
		out[n++] = p;
		p = strchr(p, ',');
		if (!p)
			return n;
		*p++ = '\0';
	}
}

int csv_open(struct csv *c, FILE *f, const char *name)
{
	char *cols[CSV_MAXCOLS];
	int i;

	memset(c, 0, sizeof(*c));
	c->f = f;
	c->name = name;
	if (getline(&c->buf, &c->cap, f) < 0) {
		fprintf(stderr, "%s: empty, no header line\n", name);
		return -1;
	}
	c->line = 1;
	c->ncols = split(c->buf, cols, CSV_MAXCOLS);
	if (c->ncols > CSV_MAXCOLS) {
		fprintf(stderr, "%s:1: more than %d columns\n", name, CSV_MAXCOLS);
		return -1;
	}
	for (i = 0; i < c->ncols; i++)
		c->head[i] = strdup(cols[i]);
	return 0;
}

int csv_next(struct csv *c)
{
	int n;

	do {
		if (getline(&c->buf, &c->cap, c->f) < 0)
			return 0;
		c->line++;
	} while (c->buf[strspn(c->buf, "\r\n")] == '\0');
	n = split(c->buf, c->field, CSV_MAXCOLS);
	if (n != c->ncols) {
		fprintf(stderr, "%s:%ld: %d fields, the header has %d\n",
			c->name, c->line, n > CSV_MAXCOLS ? CSV_MAXCOLS : n, c->ncols);
		return -1;
	}
	return 1;
}

int csv_has(const struct csv *c, const char *name)
{
	int i;

	for (i = 0; i < c->ncols; i++)
		if (!strcmp(c->head[i], name))
			return i;
	return -1;
}

int csv_col(struct csv *c, const char *name)
{
	int i = csv_has(c, name);

	if (i < 0)
		fprintf(stderr, "%s: no column %s\n", c->name, name);
	return i;
}

int csv_num(struct csv *c, int i, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(c->field[i], &end);
	if (errno || end == c->field[i] || *end) {
		fprintf(stderr, "%s:%ld: %s: '%s' is not a number\n",
			c->name, c->line, c->head[i], c->field[i]);
		return -1;
	}
	return 0;
}

void csv_close(struct csv *c)
{
	int i;

	for (i = 0; i < c->ncols; i++)
		free(c->head[i]);
	free(c->buf);
	c->buf = NULL;
}
