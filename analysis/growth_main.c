// SPDX-License-Identifier: GPL-2.0
/*
 * ana-growth: per task of one point, is its tardiness bounded or growing
 * over the run (the test and its label: growth.h)?
 *   ana-growth [options] POINTDIR
 * reads POINTDIR/tasks.csv (period_ns, admitted) and POINTDIR/jobs.csv
 * (release_ns, lateness_ns) by their headers; every admitted task with a
 * period counts, the others (refused, or not periodic) are left out.
 * Output, one row per task: task, instance, period_ms, jobs, jobs_half2,
 * span_s, block, slope, slope_lo, slope_hi (periods per second), m1, m3
 * (max tardiness of the first and last third, periods), max, label.
 * Options: --min-jobs N (30), --block L (ceil(sqrt(n2))), -B N (2000),
 *   --margin M (1 period), --seed S (1),
 *   --series FILE: also every job as task, instance, t_s, tardiness.
 * Exit status: 0, or 2 on bad input (one line on stderr).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "opt.h"
#include "growth.h"

struct task {
	char name[64];
	long inst;
	double period;		/* ns */
	int admitted;
	double *x, *y;		/* release (ns, then s from the first), tardiness */
	int n, cap;
};

static struct task *tasks;
static int ntasks;

static struct task *find(const char *name, long inst)
{
	int i;

	for (i = 0; i < ntasks; i++)
		if (tasks[i].inst == inst && !strcmp(tasks[i].name, name))
			return &tasks[i];
	return NULL;
}

/* Reads a whole number field into *v (an instance, a flag). */
static int whole(struct csv *c, int col, long *v)
{
	double d;

	if (csv_num(c, col, &d))
		return -1;
	if (d != floor(d)) {
		fprintf(stderr, "%s:%ld: %s: '%s' is not a whole number\n",
			c->name, c->line, c->head[col], c->field[col]);
		return -1;
	}
	*v = (long)d;
	return 0;
}

/*
 * Opens DIR/FILE as CSV into *c with the columns NAMES[0..n) into COLS;
 * the file stays open in c->f. -1 (said on stderr) on any problem.
 */
static int open_cols(const char *dir, const char *file, char *path, size_t len,
		     struct csv *c, const char *const *names, int *cols, int n)
{
	FILE *f;
	int i;

	snprintf(path, len, "%s/%s", dir, file);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "ana-growth: %s: cannot read\n", path);
		return -1;
	}
	if (csv_open(c, f, path))
		return -1;
	for (i = 0; i < n; i++)
		if ((cols[i] = csv_col(c, names[i])) < 0)
			return -1;
	return 0;
}

static int read_tasks(const char *dir)
{
	static const char *const names[] = { "task", "instance", "period_ns", "admitted" };
	char path[4096];
	struct csv c;
	int col[4], r;

	if (open_cols(dir, "tasks.csv", path, sizeof(path), &c, names, col, 4))
		return -1;
	while ((r = csv_next(&c)) == 1) {
		struct task *t;
		long adm;

		tasks = realloc(tasks, (ntasks + 1) * sizeof(*tasks));
		t = memset(&tasks[ntasks++], 0, sizeof(*t));
		if (strlen(c.field[col[0]]) >= sizeof(t->name)) {
			fprintf(stderr, "%s:%ld: task: name longer than %zu\n",
				path, c.line, sizeof(t->name) - 1);
			return -1;
		}
		strcpy(t->name, c.field[col[0]]);
		if (whole(&c, col[1], &t->inst) || csv_num(&c, col[2], &t->period) ||
		    whole(&c, col[3], &adm))
			return -1;
		if (t->period < 0) {
			fprintf(stderr, "%s:%ld: period_ns: '%s' is negative\n",
				path, c.line, c.field[col[2]]);
			return -1;
		}
		t->admitted = adm == 1;
	}
	csv_close(&c);
	fclose(c.f);
	return r;
}

static int read_jobs(const char *dir)
{
	static const char *const names[] = { "task", "instance", "release_ns", "lateness_ns" };
	char path[4096];
	struct csv c;
	int col[4], r;

	if (open_cols(dir, "jobs.csv", path, sizeof(path), &c, names, col, 4))
		return -1;
	while ((r = csv_next(&c)) == 1) {
		struct task *t;
		double rel, late;
		long inst;

		if (whole(&c, col[1], &inst) || csv_num(&c, col[2], &rel) ||
		    csv_num(&c, col[3], &late))
			return -1;
		t = find(c.field[col[0]], inst);
		if (!t) {
			fprintf(stderr, "%s:%ld: task: '%s' instance %ld is not in tasks.csv\n",
				path, c.line, c.field[col[0]], inst);
			return -1;
		}
		if (t->n && rel < t->x[t->n - 1]) {
			fprintf(stderr, "%s:%ld: release_ns: %s is before the task's previous job\n",
				path, c.line, c.field[col[2]]);
			return -1;
		}
		if (t->n == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 256;
			t->x = realloc(t->x, t->cap * sizeof(*t->x));
			t->y = realloc(t->y, t->cap * sizeof(*t->y));
		}
		t->x[t->n] = rel;
		t->y[t->n++] = t->period > 0 ? fmax(late, 0) / t->period : 0;
	}
	csv_close(&c);
	fclose(c.f);
	return r;
}

static int counted(const struct task *t)
{
	return t->admitted && t->period > 0 && t->n > 0;
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "min-jobs", required_argument, NULL, 1 },
		{ "block", required_argument, NULL, 2 },
		{ "margin", required_argument, NULL, 3 },
		{ "seed", required_argument, NULL, 4 },
		{ "series", required_argument, NULL, 5 },
		{ NULL, 0, NULL, 0 },
	};
	struct growth_opts o;
	const char *series = NULL;
	double v, first = INFINITY, last = -INFINITY;
	FILE *sf = NULL;
	uint64_t seed0;
	int c, i, k, bad = 0;

	growth_defaults(&o);
	while ((c = getopt_long(argc, argv, "B:", lo, NULL)) != -1) {
		switch (c) {
		case 'B': bad |= opt_num("ana-growth", "-B", optarg, 1, 1e7, &v); o.resamples = (int)v; break;
		case 1: bad |= opt_num("ana-growth", "--min-jobs", optarg, 2, 1e9, &v); o.min_jobs = (int)v; break;
		case 2: bad |= opt_num("ana-growth", "--block", optarg, 1, 1e9, &v); o.block = (int)v; break;
		case 3: bad |= opt_num("ana-growth", "--margin", optarg, 0, 1e9, &o.margin); break;
		case 4: bad |= opt_num("ana-growth", "--seed", optarg, 0, 9007199254740992.0, &v); o.seed = (uint64_t)v; break;
		case 5: series = optarg; break;
		default: bad = 1;
		}
	}
	if (bad || optind != argc - 1) {
		if (!bad)
			fprintf(stderr, "usage: ana-growth [-B N] [--min-jobs N] [--block L] [--margin M] [--seed S] [--series FILE] POINTDIR\n");
		return 2;
	}
	if (read_tasks(argv[optind]) || read_jobs(argv[optind]))
		return 2;
	seed0 = o.seed;
	/* the run: from the first release of any counted job to the last */
	for (i = 0; i < ntasks; i++)
		if (counted(&tasks[i])) {
			first = fmin(first, tasks[i].x[0]);
			last = fmax(last, tasks[i].x[tasks[i].n - 1]);
		}
	if (series) {
		sf = fopen(series, "w");
		if (!sf) {
			fprintf(stderr, "ana-growth: --series %s: cannot write\n", series);
			return 2;
		}
		fprintf(sf, "task,instance,t_s,tardiness\n");
	}
	printf("task,instance,period_ms,jobs,jobs_half2,span_s,block,slope,slope_lo,slope_hi,m1,m3,max,label\n");
	for (i = 0; i < ntasks; i++) {
		struct task *t = &tasks[i];
		struct growth g;

		if (!counted(t))
			continue;
		for (k = 0; k < t->n; k++) {
			t->x[k] = (t->x[k] - first) / 1e9;
			if (sf)
				fprintf(sf, "%s,%ld,%.6f,%.6f\n", t->name, t->inst, t->x[k], t->y[k]);
		}
		o.seed = seed0 + i;	/* each task its own draws, the same every run */
		growth_test(t->x, t->y, t->n, (last - first) / 1e9, &o, &g);
		printf("%s,%ld,%.3f,%d,%d,%.3f,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%s\n",
		       t->name, t->inst, t->period / 1e6, g.n, g.n2, g.span, g.block,
		       g.slope, g.lo, g.hi, g.m1, g.m3, g.max, growth_name(g.label));
	}
	if (sf && fclose(sf)) {
		fprintf(stderr, "ana-growth: --series %s: write failed\n", series);
		return 2;
	}
	return 0;
}
