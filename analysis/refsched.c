// SPDX-License-Identifier: GPL-2.0
/*
 * ana-refsched: reference schedules of every task set of a CSV file
 * (taskin.h) on its platform: each task's first release at its offset_ns
 * (0, synchronous, without the column), implicit deadlines, every job the
 * task's run (work) long, jobs released before the horizon, each simulated
 * to its end.
 *   gedf  ideal global EDF on the uniform platform (sim.h)
 *   ffd   partitioned EDF, first-fit decreasing (partition.h)
 *   bfd   partitioned EDF, best-fit decreasing
 * Partitioning packs by reservation (--by res, default: the bandwidth the
 * kernel admits and places on) or by work (--by work); a task that fits
 * no CPU is refused: no jobs run, its work counts as offered and not met.
 * Output, one row per (set, reference): the key columns, then
 *   ref, tasks, refused, admitted_res, jobs, late_jobs, miss_ratio,
 *   max_tard, mean_tard (tardiness / the task's period: max over jobs, mean
 *   over the jobs of admitted tasks), work_frac (work of jobs done by their
 *   deadline / work offered by every task), proxy_frac (admitted_res /
 *   offered res * (1 - miss_ratio): what points.csv lets one compute for
 *   a kernel run)
 * --tasks FILE: one row per (set, reference, task) there: key, ref, task,
 *   cpu (-1 refused, -2 global), jobs, late_jobs, max_tard, mean_tard.
 * Exit status: 0, or 2 on bad input (one line on stderr).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partition.h"
#include "sim.h"
#include "taskin.h"

static const char *const refs[] = { "gedf", "ffd", "bfd" };

static void usage(void)
{
	fprintf(stderr,
		"usage: ana-refsched --horizon-ms MS [--refs gedf,ffd,bfd] [--by res|work]\n"
		"                    [--tasks FILE] [TASKS.csv]\n");
}

/* Simulate set s under reference r into out[]; cpu[i] is task i's CPU. */
static int schedule(const struct tset *s, int r, int by_work, long long horizon,
		    struct sim_out *out, int *cpu)
{
	struct sim_task st[SIM_MAXTASKS];
	double dens[SIM_MAXTASKS];
	int i, k;

	for (i = 0; i < s->n; i++) {
		st[i].period = s->t[i].period;
		st[i].wcet = s->t[i].run;
		st[i].offset = s->t[i].offset;
		dens[i] = by_work ? (double)s->t[i].run / s->t[i].period :
			  (double)s->t[i].res / s->t[i].dl_period;
	}
	if (r == 0) {
		for (i = 0; i < s->n; i++)
			cpu[i] = -2;
		return sim_gedf(st, s->n, s->caps, s->m, horizon, out);
	}
	partition(dens, s->n, s->caps, s->m, r == 1 ? PART_FIRST : PART_BEST, cpu);
	memset(out, 0, s->n * sizeof(*out));
	for (k = 0; k < s->m; k++) {
		struct sim_task sub[SIM_MAXTASKS];
		struct sim_out so[SIM_MAXTASKS];
		int idx[SIM_MAXTASKS], n = 0;

		for (i = 0; i < s->n; i++)
			if (cpu[i] == k) {
				idx[n] = i;
				sub[n++] = st[i];
			}
		if (!n)
			continue;
		if (sim_gedf(sub, n, &s->caps[k], 1, horizon, so))
			return -1;
		for (i = 0; i < n; i++)
			out[idx[i]] = so[i];
	}
	/* a refused task offers its work all the same */
	for (i = 0; i < s->n; i++)
		if (cpu[i] == -1)
			for (k = 0; st[i].offset + (long long)k * st[i].period < horizon; k++)
				out[i].work += st[i].wcet;
	return 0;
}

int main(int argc, char **argv)
{
	static struct tset s;
	int use[3] = { 1, 1, 1 }, by_work = 0, r, i, a;
	long long horizon = 0;
	const char *name = "stdin", *tasks_name = NULL;
	FILE *f = stdin, *tf = NULL;
	struct tsin in;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--horizon-ms") && a + 1 < argc) {
			char *end;
			double ms = strtod(argv[++a], &end);

			if (*end || !(ms > 0 && ms < 1e9)) {
				fprintf(stderr, "ana-refsched: --horizon-ms: '%s' is not a positive number of ms\n", argv[a]);
				return 2;
			}
			horizon = (long long)(ms * 1e6);
		} else if (!strcmp(argv[a], "--refs") && a + 1 < argc) {
			char *list = argv[++a], *tok;

			memset(use, 0, sizeof(use));
			for (tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
				for (i = 0; i < 3 && strcmp(tok, refs[i]); i++)
					;
				if (i == 3) {
					fprintf(stderr, "ana-refsched: --refs: '%s' is not gedf, ffd or bfd\n", tok);
					return 2;
				}
				use[i] = 1;
			}
		} else if (!strcmp(argv[a], "--by") && a + 1 < argc) {
			a++;
			if (strcmp(argv[a], "res") && strcmp(argv[a], "work")) {
				fprintf(stderr, "ana-refsched: --by: '%s' is not res or work\n", argv[a]);
				return 2;
			}
			by_work = !strcmp(argv[a], "work");
		} else if (!strcmp(argv[a], "--tasks") && a + 1 < argc) {
			tasks_name = argv[++a];
		} else if (argv[a][0] == '-' && argv[a][1]) {
			usage();
			return 2;
		} else if (a == argc - 1) {
			name = argv[a];
		} else {
			usage();
			return 2;
		}
	}
	if (!horizon) {
		usage();
		return 2;
	}
	if (strcmp(name, "stdin") && strcmp(name, "-") && !(f = fopen(name, "r"))) {
		perror(name);
		return 2;
	}
	if (tasks_name && !(tf = fopen(tasks_name, "w"))) {
		perror(tasks_name);
		return 2;
	}
	if (tsin_open(&in, f, name))
		return 2;
	printf("%s%sref,tasks,refused,admitted_res,jobs,late_jobs,miss_ratio,max_tard,mean_tard,work_frac,proxy_frac\n",
	       in.keyhead, in.nkey ? "," : "");
	if (tf)
		fprintf(tf, "%s%sref,task,cpu,jobs,late_jobs,max_tard,mean_tard\n",
			in.keyhead, in.nkey ? "," : "");
	while ((r = tsin_next(&in, &s)) == 1) {
		for (a = 0; a < 3; a++) {
			struct sim_out out[SIM_MAXTASKS];
			int cpu[SIM_MAXTASKS], refused = 0;
			double adm = 0, off = 0, maxt = 0, sumt = 0, miss;
			long long work = 0, met = 0;
			long jobs = 0, late = 0;

			if (!use[a])
				continue;
			if (schedule(&s, a, by_work, horizon, out, cpu)) {
				fprintf(stderr, "%s: set %s: cannot simulate (bad task or capacity)\n",
					name, s.key);
				return 2;
			}
			for (i = 0; i < s.n; i++) {
				double dr = (double)s.t[i].res / s.t[i].dl_period;
				double mt = (double)out[i].max_tard / s.t[i].period;

				off += dr;
				work += out[i].work;
				if (cpu[i] == -1) {
					refused++;
				} else {
					adm += dr;
					jobs += out[i].jobs;
					late += out[i].misses;
					met += out[i].work_met;
					sumt += (double)out[i].sum_tard / s.t[i].period;
					if (mt > maxt)
						maxt = mt;
				}
				if (tf)
					fprintf(tf, "%s%s%s,%s,%d,%ld,%ld,%.6f,%.6f\n",
						s.key, in.nkey ? "," : "", refs[a], s.t[i].name,
						cpu[i] == -2 ? -2 : cpu[i], out[i].jobs,
						out[i].misses, mt, out[i].jobs ?
						(double)out[i].sum_tard / s.t[i].period / out[i].jobs : 0);
			}
			miss = jobs ? (double)late / jobs : 0;
			printf("%s%s%s,%d,%d,%.6f,%ld,%ld,%.6f,%.6f,%.6f,%.6f,%.6f\n",
			       s.key, in.nkey ? "," : "", refs[a], s.n, refused, adm,
			       jobs, late, miss, maxt, jobs ? sumt / jobs : 0,
			       work ? (double)met / work : 1, off ? adm / off * (1 - miss) : 1);
		}
	}
	tsin_close(&in);
	if (tf && fclose(tf)) {
		perror(tasks_name);
		return 2;
	}
	return r < 0 ? 2 : 0;
}
