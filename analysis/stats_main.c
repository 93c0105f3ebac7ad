// SPDX-License-Identifier: GPL-2.0
/*
 * ana-stats: intervals and paired tests over task sets (stats.h) from a
 * CSV file with columns group, policy, set, replicate, value (one row per
 * measurement; a set is a task set, replicates are runs of the same set).
 *   ana-stats ci FILE    one row per (group, policy): group, policy, sets,
 *       values, mean (over sets of the mean over replicates), lo, hi (the
 *       nested bootstrap percentile interval)
 *   ana-stats diff FILE  one row per (group, policy a, policy b) with
 *       a before b in the file: group, a, b, sets (in both), mean_diff (a -
 *       b, over sets of the replicate means), lo, hi (bootstrap percentile
 *       over sets), p (exact sign-flip test), p_holm (Holm over every row
 *       of the output), separated (p_holm < 1 - level)
 * Options: -B N resamples (10000), --level L (0.95), --seed S (1),
 *   --against P: diff only P against each other policy.
 * Exit status: 0, or 2 on bad input (one line on stderr).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "opt.h"
#include "stats.h"

struct names {
	char **v;
	int n;
};

static int intern(struct names *t, const char *s)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->v[i], s))
			return i;
	t->v = realloc(t->v, (t->n + 1) * sizeof(*t->v));
	t->v[t->n] = strdup(s);
	return t->n++;
}

struct row {
	int g, p, s;
	double v;
};

static struct names groups, policies, sets;
static struct row *rows;
static int nrows;

/* The replicate values of (g, p, s) into out (may be NULL); their count. */
static int values(int g, int p, int s, double *out)
{
	int i, n = 0;

	for (i = 0; i < nrows; i++)
		if (rows[i].g == g && rows[i].p == p && rows[i].s == s) {
			if (out)
				out[n] = rows[i].v;
			n++;
		}
	return n;
}

static double mean_of(int g, int p, int s)
{
	double *v = malloc(nrows * sizeof(*v)), m = 0;
	int i, n = values(g, p, s, v);

	for (i = 0; i < n; i++)
		m += v[i];
	free(v);
	return m / n;
}

static void ci(int b, double level, uint64_t seed)
{
	double **val = malloc(sets.n * sizeof(*val)), lo, hi, mean;
	int *nrep = malloc(sets.n * sizeof(*nrep));
	int g, p, s, k;

	printf("group,policy,sets,values,mean,lo,hi\n");
	for (g = 0; g < groups.n; g++)
		for (p = 0; p < policies.n; p++) {
			int nv = 0;

			for (s = k = 0; s < sets.n; s++) {
				int n = values(g, p, s, NULL);

				if (!n)
					continue;
				val[k] = malloc(n * sizeof(**val));
				nrep[k] = values(g, p, s, val[k]);
				nv += n;
				k++;
			}
			if (!k)
				continue;
			mean = stats_boot(val, nrep, k, b, level, seed, &lo, &hi);
			printf("%s,%s,%d,%d,%.6f,%.6f,%.6f\n", groups.v[g],
			       policies.v[p], k, nv, mean, lo, hi);
			while (k--)
				free(val[k]);
		}
	free(val);
	free(nrep);
}

struct cmp {
	int g, a, b, n;
	double mean, lo, hi, p;
};

static void diff(int b, double level, uint64_t seed, int against)
{
	struct cmp *c = NULL;
	double *d = malloc(sets.n * sizeof(*d)), *p, *adj;
	double **pd = malloc(sets.n * sizeof(*pd));
	int *one = malloc(sets.n * sizeof(*one));
	int g, x, y, s, n, k = 0, i;

	for (g = 0; g < groups.n; g++)
		for (x = 0; x < policies.n; x++)
			for (y = x + 1; y < policies.n; y++) {
				if (against >= 0 && x != against && y != against)
					continue;
				for (s = n = 0; s < sets.n; s++) {
					if (!values(g, x, s, NULL) || !values(g, y, s, NULL))
						continue;
					d[n] = mean_of(g, x, s) - mean_of(g, y, s);
					pd[n] = &d[n];
					one[n++] = 1;
				}
				if (!n)
					continue;
				c = realloc(c, (k + 1) * sizeof(*c));
				c[k].g = g;
				c[k].a = x;
				c[k].b = y;
				c[k].n = n;
				c[k].mean = stats_boot(pd, one, n, b, level, seed,
						       &c[k].lo, &c[k].hi);
				c[k].p = stats_signflip(d, n, 100000, seed);
				k++;
			}
	p = malloc((k + 1) * sizeof(*p));
	adj = malloc((k + 1) * sizeof(*adj));
	for (i = 0; i < k; i++)
		p[i] = c[i].p;
	stats_holm(p, k, adj);
	printf("group,a,b,sets,mean_diff,lo,hi,p,p_holm,separated\n");
	for (i = 0; i < k; i++)
		printf("%s,%s,%s,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%d\n", groups.v[c[i].g],
		       policies.v[c[i].a], policies.v[c[i].b], c[i].n, c[i].mean,
		       c[i].lo, c[i].hi, c[i].p, adj[i], adj[i] < 1 - level);
	free(c);
	free(d);
	free(pd);
	free(one);
	free(p);
	free(adj);
}

int main(int argc, char **argv)
{
	double level = 0.95, b = 10000, seed = 1;
	const char *mode = NULL, *name = NULL, *against = NULL;
	int a, cg, cp, cs, cv, r, ia = -1;
	struct csv c;
	FILE *f;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-B") && a + 1 < argc) {
			if (opt_num("ana-stats", "-B", argv[++a], 100, 1e7, &b))
				return 2;
		} else if (!strcmp(argv[a], "--level") && a + 1 < argc) {
			if (opt_num("ana-stats", "--level", argv[++a], 0.5, 0.999, &level))
				return 2;
		} else if (!strcmp(argv[a], "--seed") && a + 1 < argc) {
			if (opt_num("ana-stats", "--seed", argv[++a], 0, 1e15, &seed))
				return 2;
		} else if (!strcmp(argv[a], "--against") && a + 1 < argc) {
			against = argv[++a];
		} else if (!mode && (!strcmp(argv[a], "ci") || !strcmp(argv[a], "diff"))) {
			mode = argv[a];
		} else if (mode && !name && argv[a][0] != '-') {
			name = argv[a];
		} else {
			fprintf(stderr, "usage: ana-stats ci|diff [-B N] [--level L] [--seed S] [--against POLICY] FILE\n");
			return 2;
		}
	}
	if (!mode || !name) {
		fprintf(stderr, "usage: ana-stats ci|diff [-B N] [--level L] [--seed S] [--against POLICY] FILE\n");
		return 2;
	}
	f = fopen(name, "r");
	if (!f) {
		perror(name);
		return 2;
	}
	if (csv_open(&c, f, name) || (cg = csv_col(&c, "group")) < 0 ||
	    (cp = csv_col(&c, "policy")) < 0 || (cs = csv_col(&c, "set")) < 0 ||
	    csv_col(&c, "replicate") < 0 || (cv = csv_col(&c, "value")) < 0)
		return 2;
	while ((r = csv_next(&c)) == 1) {
		double v;

		if (csv_num(&c, cv, &v))
			return 2;
		rows = realloc(rows, (nrows + 1) * sizeof(*rows));
		rows[nrows].g = intern(&groups, c.field[cg]);
		rows[nrows].p = intern(&policies, c.field[cp]);
		rows[nrows].s = intern(&sets, c.field[cs]);
		rows[nrows++].v = v;
	}
	if (r < 0)
		return 2;
	if (!nrows) {
		fprintf(stderr, "%s: no rows\n", name);
		return 2;
	}
	if (against) {
		for (ia = 0; ia < policies.n && strcmp(policies.v[ia], against); ia++)
			;
		if (ia == policies.n) {
			fprintf(stderr, "ana-stats: --against: no policy '%s' in %s\n", against, name);
			return 2;
		}
	}
	if (!strcmp(mode, "ci"))
		ci((int)b, level, (uint64_t)seed);
	else
		diff((int)b, level, (uint64_t)seed, ia);
	return 0;
}
