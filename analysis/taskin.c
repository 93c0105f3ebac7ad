// SPDX-License-Identifier: GPL-2.0
/*
 * taskin.c - task sets from CSV rows (see taskin.h).
 */
#include <stdlib.h>
#include <string.h>

#include "taskin.h"

static const char *const own[] = {
	"task", "period_ns", "run_ns", "res_ns", "dl_period_ns", "caps", "offset_ns",
};

int tsin_open(struct tsin *in, FILE *f, const char *name)
{
	int i, j, *cols[] = { &in->col_task, &in->col_period, &in->col_run,
			      &in->col_res, &in->col_dlp, &in->col_caps };

	memset(in, 0, sizeof(*in));
	if (csv_open(&in->c, f, name))
		return -1;
	for (j = 0; j < 6; j++)
		if ((*cols[j] = csv_col(&in->c, own[j])) < 0)
			return -1;
	in->col_offset = csv_has(&in->c, own[6]);
	for (i = 0; i < in->c.ncols; i++) {
		for (j = 0; j < 7 && strcmp(in->c.head[i], own[j]); j++)
			;
		if (j < 7)
			continue;
		if (in->nkey)
			strcat(in->keyhead, ",");
		if (strlen(in->keyhead) + strlen(in->c.head[i]) + 2 > sizeof(in->keyhead)) {
			fprintf(stderr, "%s:1: key columns longer than %zu characters\n",
				name, sizeof(in->keyhead));
			return -1;
		}
		strcat(in->keyhead, in->c.head[i]);
		in->key[in->nkey++] = i;
	}
	return 0;
}

static int whole_ns(struct tsin *in, int col, long long *out, int zero_ok)
{
	double v;

	if (csv_num(&in->c, col, &v))
		return -1;
	if (v != (long long)v || v < 0 || (!zero_ok && v == 0) || v > 1e15) {
		fprintf(stderr, "%s:%ld: %s: '%s' is not a whole number of ns%s\n",
			in->c.name, in->c.line, in->c.head[col], in->c.field[col],
			zero_ok ? "" : " > 0");
		return -1;
	}
	*out = (long long)v;
	return 0;
}

/* Read one row into in->next / next_key / next_caps; 1, 0 (eof) or -1. */
static int read_row(struct tsin *in)
{
	struct ttask *t = &in->next;
	size_t len = 0;
	int r = csv_next(&in->c), i;

	if (r <= 0)
		return r;
	in->next_key[0] = '\0';
	for (i = 0; i < in->nkey; i++) {
		const char *v = in->c.field[in->key[i]];

		len += strlen(v) + 1;
		if (len >= sizeof(in->next_key)) {
			fprintf(stderr, "%s:%ld: key longer than %zu characters\n",
				in->c.name, in->c.line, sizeof(in->next_key));
			return -1;
		}
		if (i)
			strcat(in->next_key, ",");
		strcat(in->next_key, v);
	}
	if (strlen(in->c.field[in->col_task]) >= sizeof(t->name) ||
	    strlen(in->c.field[in->col_caps]) >= sizeof(in->next_caps)) {
		fprintf(stderr, "%s:%ld: task or caps longer than %zu characters\n",
			in->c.name, in->c.line, sizeof(t->name));
		return -1;
	}
	strcpy(t->name, in->c.field[in->col_task]);
	strcpy(in->next_caps, in->c.field[in->col_caps]);
	if (whole_ns(in, in->col_period, &t->period, 0) ||
	    whole_ns(in, in->col_run, &t->run, 1) ||
	    whole_ns(in, in->col_res, &t->res, 1) ||
	    whole_ns(in, in->col_dlp, &t->dl_period, 0))
		return -1;
	t->offset = 0;
	if (in->col_offset >= 0 && whole_ns(in, in->col_offset, &t->offset, 1))
		return -1;
	return 1;
}

static int parse_caps(struct tsin *in, struct tset *s)
{
	char *p = s->caps_text, *end;

	s->m = 0;
	for (;;) {
		long c = strtol(p, &end, 10);

		if (end == p || c < 1 || c > 1024 || s->m == SIM_MAXCPUS ||
		    (*end && *end != ';')) {
			fprintf(stderr, "%s:%ld: caps: '%s' is not capacities 1..1024 joined by ';' (at most %d)\n",
				in->c.name, in->c.line, s->caps_text, SIM_MAXCPUS);
			return -1;
		}
		s->caps[s->m++] = (int)c;
		if (!*end)
			return 0;
		p = end + 1;
	}
}

int tsin_next(struct tsin *in, struct tset *s)
{
	int r;

	if (!in->held) {
		r = read_row(in);
		if (r <= 0)
			return r;
	}
	in->held = 0;
	strcpy(s->key, in->next_key);
	strcpy(s->caps_text, in->next_caps);
	if (parse_caps(in, s))
		return -1;
	s->n = 0;
	do {
		if (s->n == SIM_MAXTASKS) {
			fprintf(stderr, "%s:%ld: more than %d tasks in set %s\n",
				in->c.name, in->c.line, SIM_MAXTASKS, s->key);
			return -1;
		}
		s->t[s->n++] = in->next;
		r = read_row(in);
		if (r < 0)
			return -1;
	} while (r == 1 && !strcmp(in->next_key, s->key) &&
		 !strcmp(in->next_caps, s->caps_text));
	in->held = r == 1;
	return 1;
}

void tsin_close(struct tsin *in)
{
	csv_close(&in->c);
}
