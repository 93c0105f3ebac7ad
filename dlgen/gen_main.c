// SPDX-License-Identifier: GPL-2.0
/*
 * dlgen-gen: write a synthetic periodic SCHED_DEADLINE task set in the
 * rt-app grammar dlgen reads. See gen.c for the algorithms.
 * Exit status: 0 written, 1 no set within the bounds after many draws,
 * 2 bad arguments.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

static void usage(FILE *f)
{
	fprintf(f,
"usage: dlgen-gen -n TASKS -u TOTAL_U [options] > taskset.json\n"
"  -n N          number of tasks (1..256)\n"
"  -u U          total utilization, in capacity-1024 CPUs (> 0)\n"
"  --umin X      smallest per-task utilization (default 0)\n"
"  --umax X      largest per-task utilization (default 1)\n"
"  --pmin US     shortest period, us (default 10000)\n"
"  --pmax US     longest period, us (default 100000)\n"
"  --gran US     period granularity, us (default 1000)\n"
"  --margin M    DL runtime = run * (1 + M) + slack (default 0.1)\n"
"  --slack US    a fixed addition to every DL runtime, us (default 0): room\n"
"                for per-job overhead that does not scale with the work\n"
"  --algo A      uunifast (UUniFast-discard, default) or randfixedsum\n"
"  --dratio LO:HI  constrained deadlines: dl-deadline = period * r, r uniform\n"
"                in [LO, HI] (0 < LO <= HI <= 1), rounded to --gran and never\n"
"                below the DL runtime (default 1:1, implicit deadlines)\n"
"  --duration S  global.duration, s (default 2)\n"
"  --seed S      generator seed (default 1); same arguments, same file\n"
"Periods are log-uniform. The draws come in a fixed order (utilizations,\n"
"then per task its period and deadline), so adding --dratio keeps the\n"
"utilizations and periods of the same seed.\n");
}

static int num(const char *opt, const char *s, double lo, double hi, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	if (errno || *end || !(*out >= lo && *out <= hi)) {
		fprintf(stderr, "dlgen-gen: %s: '%s' is not a number in [%g, %g]\n",
			opt, s, lo, hi);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "umin", required_argument, NULL, 1 },
		{ "umax", required_argument, NULL, 2 },
		{ "pmin", required_argument, NULL, 3 },
		{ "pmax", required_argument, NULL, 4 },
		{ "gran", required_argument, NULL, 5 },
		{ "margin", required_argument, NULL, 6 },
		{ "duration", required_argument, NULL, 7 },
		{ "seed", required_argument, NULL, 8 },
		{ "algo", required_argument, NULL, 9 },
		{ "dratio", required_argument, NULL, 10 },
		{ "slack", required_argument, NULL, 11 },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	double n = 0, total = 0, umin = 0, umax = 1, pmin = 10000, pmax = 100000;
	double gran = 1000, margin = 0.1, duration = 2, seedd = 1, dlo = 1, dhi = 1, slack = 0;
	const char *algo = "uunifast";
	char *colon;
	double u[256];
	uint64_t seed;
	unsigned int i;
	int c, bad = 0;

	while ((c = getopt_long(argc, argv, "n:u:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': bad |= num("-n", optarg, 1, 256, &n); break;
		case 'u': bad |= num("-u", optarg, 1e-9, 256, &total); break;
		case 1: bad |= num("--umin", optarg, 0, 1, &umin); break;
		case 2: bad |= num("--umax", optarg, 1e-9, 1, &umax); break;
		case 3: bad |= num("--pmin", optarg, 100, 4194304, &pmin); break;
		case 4: bad |= num("--pmax", optarg, 100, 4194304, &pmax); break;
		case 5: bad |= num("--gran", optarg, 1, 4194304, &gran); break;
		case 6: bad |= num("--margin", optarg, 0, 10, &margin); break;
		case 7: bad |= num("--duration", optarg, 1, 86400, &duration); break;
		case 8: bad |= num("--seed", optarg, 0, 9007199254740992.0, &seedd); break;
		case 9:
			algo = optarg;
			if (strcmp(algo, "uunifast") && strcmp(algo, "randfixedsum")) {
				fprintf(stderr, "dlgen-gen: --algo: '%s' is not uunifast or randfixedsum\n",
					algo);
				bad = 1;
			}
			break;
		case 11: bad |= num("--slack", optarg, 0, 1000000, &slack); break;
		case 10:
			colon = strchr(optarg, ':');
			if (!colon) {
				fprintf(stderr, "dlgen-gen: --dratio: '%s' is not LO:HI\n", optarg);
				bad = 1;
				break;
			}
			*colon = 0;
			bad |= num("--dratio LO", optarg, 1e-6, 1, &dlo);
			bad |= num("--dratio HI", colon + 1, 1e-6, 1, &dhi);
			if (!bad && dlo > dhi) {
				fprintf(stderr, "dlgen-gen: --dratio: LO %g > HI %g\n", dlo, dhi);
				bad = 1;
			}
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (bad)
		return 2;
	if (!n || !total || optind != argc) {
		usage(stderr);
		return 2;
	}
	if (pmin > pmax || umin > umax || total > n * umax || total < n * umin) {
		fprintf(stderr, "dlgen-gen: no set can satisfy n=%g, U=%g, u in [%g, %g], periods [%g, %g]\n",
			n, total, umin, umax, pmin, pmax);
		return 2;
	}
	seed = (uint64_t)seedd;
	if (!strcmp(algo, "randfixedsum")) {
		if (randfixedsum(&seed, (unsigned int)n, total, umin, umax, u) < 0) {
			fprintf(stderr, "dlgen-gen: randfixedsum failed (out of memory?)\n");
			return 1;
		}
	} else if (uunifast_discard(&seed, (unsigned int)n, total, umin, umax, u, 1000000) < 0) {
		fprintf(stderr, "dlgen-gen: no utilizations within [%g, %g] after 10^6 draws\n",
			umin, umax);
		return 1;
	}
	printf("{\n\t\"global\" : { \"duration\" : %d },\n\t\"tasks\" : {\n", (int)duration);
	for (i = 0; i < (unsigned int)n; i++) {
		uint64_t p = loguniform_period(&seed, (uint64_t)pmin, (uint64_t)pmax,
					       (uint64_t)gran);
		uint64_t run = (uint64_t)(u[i] * (double)p + 0.5);
		uint64_t rt = (uint64_t)((double)run * (1 + margin) + slack + 0.5);
		uint64_t d = p;

		if (dlo < 1 || dhi < 1) {
			double r = dlo + (dhi - dlo) * gen_uniform(&seed);

			d = (uint64_t)((double)p * r / gran + 0.5) * (uint64_t)gran;
		}

		if (run < 2)
			run = 2;
		if (rt < run)
			rt = run;
		if (rt > p)
			rt = p;
		if (d > p)
			d = p;
		if (d < rt)
			d = rt;
		printf("\t\t\"task%u\" : {\n"
		       "\t\t\t\"policy\" : \"SCHED_DEADLINE\",\n"
		       "\t\t\t\"timer\" : { \"ref\" : \"t%u\", \"period\" : %llu, \"mode\" : \"absolute\" },\n"
		       "\t\t\t\"run\" : %llu,\n"
		       "\t\t\t\"dl-runtime\" : %llu,\n"
		       "\t\t\t\"dl-period\" : %llu,\n"
		       "\t\t\t\"dl-deadline\" : %llu\n"
		       "\t\t}%s\n", i, i, (unsigned long long)p,
		       (unsigned long long)run, (unsigned long long)rt,
		       (unsigned long long)p, (unsigned long long)d,
		       i + 1 < (unsigned int)n ? "," : "");
	}
	printf("\t}\n}\n");
	return 0;
}
