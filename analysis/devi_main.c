// SPDX-License-Identifier: GPL-2.0
/*
 * ana-devi: Devi & Anderson's G-EDF tardiness bound (devi.h) for every
 * task set of a CSV file (taskin.h) whose CPUs are identical, with each
 * job's cost its work (run) at the CPUs' capacity. One row per set: the
 * key columns, then
 *   cpus, u_work (work / capacity), x_ms, bound_max (max over tasks of
 *   (x + e_k) / period_k: a bound on points.csv's max_tard), bounded
 *   (0 when the theorem does not apply: U > m)
 * Exit status: 0, or 2 on bad input (one line on stderr, e.g. a set on
 * CPUs of different capacities).
 */
#include <stdio.h>
#include <string.h>

#include "devi.h"
#include "taskin.h"

int main(int argc, char **argv)
{
	static struct tset s;
	const char *name = "stdin";
	FILE *f = stdin;
	struct tsin in;
	int r;

	if (argc > 2 || (argc == 2 && !strcmp(argv[1], "--help"))) {
		fprintf(stderr, "usage: ana-devi [TASKS.csv] (default stdin)\n");
		return 2;
	}
	if (argc == 2 && strcmp(argv[1], "-") && !(f = fopen(name = argv[1], "r"))) {
		perror(name);
		return 2;
	}
	if (tsin_open(&in, f, name))
		return 2;
	printf("%s%scpus,u_work,x_ms,bound_max,bounded\n", in.keyhead, in.nkey ? "," : "");
	while ((r = tsin_next(&in, &s)) == 1) {
		double cost[SIM_MAXTASKS], per[SIM_MAXTASKS], u = 0, x, b = 0;
		double scale = 1024.0 / s.caps[0];
		int i;

		for (i = 1; i < s.m; i++)
			if (s.caps[i] != s.caps[0]) {
				fprintf(stderr, "%s: set %s: caps %s are not identical CPUs (the bound is for those)\n",
					name, s.key, s.caps_text);
				return 2;
			}
		for (i = 0; i < s.n; i++) {
			cost[i] = s.t[i].run * scale;
			per[i] = s.t[i].period;
			u += cost[i] / per[i];
		}
		x = devi_x(cost, per, s.n, s.m);
		for (i = 0; x >= 0 && i < s.n; i++)
			if ((x + cost[i]) / per[i] > b)
				b = (x + cost[i]) / per[i];
		printf("%s%s%d,%.6f,%.6f,%.6f,%d\n", s.key, in.nkey ? "," : "",
		       s.m, u, x >= 0 ? x / 1e6 : -1, x >= 0 ? b : -1, x >= 0);
	}
	tsin_close(&in);
	return r < 0 ? 2 : 0;
}
