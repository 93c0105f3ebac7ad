// SPDX-License-Identifier: GPL-2.0
/*
 * ana-feasible: the uniform-multiprocessor feasibility of every task set
 * of a CSV file (taskin.h), by reservation (DL runtime / DL period: what
 * the kernel admits on) and by work (run / period: what the jobs need).
 * One output row per set: its key columns, then
 *   tasks, cpus, capacity, res_total, work_total,
 *   feasible_res, k_res, slack_res, feasible_work, k_work, slack_work
 * k_* is the first failing prefix (0 when feasible; cpus = the total).
 * Exit status: 0, or 2 on bad input (one line on stderr).
 */
#include <stdio.h>
#include <string.h>

#include "taskin.h"
#include "uniform.h"

int main(int argc, char **argv)
{
	static struct tset s;
	struct tsin in;
	FILE *f = stdin;
	const char *name = "stdin";
	int r;

	if (argc > 2 || (argc == 2 && !strcmp(argv[1], "--help"))) {
		fprintf(stderr, "usage: ana-feasible [TASKS.csv] (default stdin)\n");
		return 2;
	}
	if (argc == 2 && strcmp(argv[1], "-")) {
		name = argv[1];
		f = fopen(name, "r");
		if (!f) {
			perror(name);
			return 2;
		}
	}
	if (tsin_open(&in, f, name))
		return 2;
	printf("%s%stasks,cpus,capacity,res_total,work_total,feasible_res,k_res,slack_res,feasible_work,k_work,slack_work\n",
	       in.keyhead, in.nkey ? "," : "");
	while ((r = tsin_next(&in, &s)) == 1) {
		double ur[SIM_MAXTASKS], uw[SIM_MAXTASKS], cap[SIM_MAXCPUS];
		double tr = 0, tw = 0, tc = 0, sr, sw;
		int i, kr, kw;

		for (i = 0; i < s.n; i++) {
			ur[i] = (double)s.t[i].res / s.t[i].dl_period;
			uw[i] = (double)s.t[i].run / s.t[i].period;
			tr += ur[i];
			tw += uw[i];
		}
		for (i = 0; i < s.m; i++) {
			cap[i] = s.caps[i] / 1024.0;
			tc += cap[i];
		}
		kr = uniform_feasible(ur, s.n, cap, s.m, &sr);
		kw = uniform_feasible(uw, s.n, cap, s.m, &sw);
		printf("%s%s%d,%d,%.6f,%.6f,%.6f,%d,%d,%.6f,%d,%d,%.6f\n",
		       s.key, in.nkey ? "," : "", s.n, s.m, tc, tr, tw,
		       !kr, kr, sr, !kw, kw, sw);
	}
	tsin_close(&in);
	return r < 0 ? 2 : 0;
}
