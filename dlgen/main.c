// SPDX-License-Identifier: GPL-2.0
/*
 * dlgen - SCHED_DEADLINE workload generator for asymmetric-capacity CPUs.
 *
 * Exit status: 0 success; 1 system failure (memory, threads, output);
 * 2 bad input or usage.  An admission refusal by the kernel is a result,
 * recorded in tasks.csv, not a failure.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "joblog.h"
#include "parse.h"
#include "run.h"
#include "work.h"

#ifndef DLGEN_VERSION
#define DLGEN_VERSION "unknown"
#endif

enum { EXIT_SYS = 1, EXIT_INPUT = 2 };

static void usage(FILE *f)
{
	fprintf(f,
"usage: dlgen [options] TASKSET.json\n"
"       dlgen --check TASKSET.json...\n"
"\n"
"Runs a task set in the rt-app grammar: one thread per task instance,\n"
"scheduling policy set with sched_setattr(), periodic jobs of busy work\n"
"measured in thread CPU time scaled by cpu_capacity/1024 of the CPU it ran on.\n"
"\n"
"  -c, --check            validate the task sets and exit (no thread is created)\n"
"  -o, --out DIR          write jobs.csv and tasks.csv into DIR (default: .)\n"
"  -d, --duration-ms MS   override global.duration\n"
"  -s, --sysfs-cpu DIR    read cpuN/cpu_capacity under DIR\n"
"                         (default: /sys/devices/system/cpu; missing = 1024)\n"
"  -V, --version          print the version\n"
"  -h, --help             this text\n"
"\n"
"Exit status: 0 success, 1 system failure, 2 bad input or usage.\n");
}

static int write_csv(const char *dir, const char *name,
		     void (*fn)(FILE *, const struct task_log *, unsigned int),
		     const struct task_log *logs, unsigned int n)
{
	char tmp[4096], path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", dir, name);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "dlgen: %s: %s\n", tmp, strerror(errno));
		return -1;
	}
	fn(f, logs, n);
	if (fflush(f) || ferror(f) || fclose(f)) {
		fprintf(stderr, "dlgen: %s: write error\n", tmp);
		return -1;
	}
	if (rename(tmp, path)) {
		fprintf(stderr, "dlgen: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

static void print_summary(const struct task_log *logs, unsigned int n,
			  const struct capacity_table *caps)
{
	unsigned int i, k;

	printf("dlgen: %u CPUs, capacities", caps->ncpus);
	for (i = 0; i < caps->ncpus; i++)
		printf(" %u", caps->cap[i]);
	printf("\n");
	for (i = 0; i < n; i++) {
		const struct task_log *l = &logs[i];
		unsigned int misses = 0;

		for (k = 0; k < l->njobs; k++)
			misses += job_lateness(&l->jobs[k]) > 0;
		if (l->setattr_ret)
			printf("dlgen: %s-%u: %s refused: %s\n", l->spec->name,
			       l->instance, policy_name(l->spec->policy),
			       strerrorname_np(l->setattr_errno));
		else
			printf("dlgen: %s-%u: %u jobs, %u late\n", l->spec->name,
			       l->instance, l->njobs, misses);
	}
}

static int check_files(int argc, char **argv)
{
	static struct taskset ts;
	int i, bad = 0;

	for (i = 0; i < argc; i++)
		if (taskset_load(argv[i], &ts, stderr))
			bad = 1;
	return bad ? EXIT_INPUT : 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "out", required_argument, NULL, 'o' },
		{ "duration-ms", required_argument, NULL, 'd' },
		{ "sysfs-cpu", required_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct taskset ts;
	static struct capacity_table caps;
	const char *outdir = ".", *sysfs = "/sys/devices/system/cpu";
	struct run_config cfg = { .ts = &ts, .caps = &caps,
				  .start_margin_ns = 20000000ULL };
	struct task_log *logs;
	unsigned int nlogs = 0, i, k;
	long long dur_ms = -1;
	uint64_t start;
	int check = 0, c, ret = 0;
	char *end;

	while ((c = getopt_long(argc, argv, "co:d:s:Vh", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			check = 1;
			break;
		case 'o':
			outdir = optarg;
			break;
		case 'd':
			errno = 0;
			dur_ms = strtoll(optarg, &end, 10);
			if (errno || *end || dur_ms <= 0 || dur_ms > 86400000) {
				fprintf(stderr, "dlgen: --duration-ms: '%s' is not a duration in ms (1..86400000)\n",
					optarg);
				return EXIT_INPUT;
			}
			break;
		case 's':
			sysfs = optarg;
			break;
		case 'V':
			printf("dlgen %s\n", DLGEN_VERSION);
			return 0;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return EXIT_INPUT;
		}
	}
	if (check)
		return optind < argc ? check_files(argc - optind, argv + optind)
				     : (usage(stderr), EXIT_INPUT);
	if (argc - optind != 1) {
		usage(stderr);
		return EXIT_INPUT;
	}
	if (taskset_load(argv[optind], &ts, stderr))
		return EXIT_INPUT;
	cfg.duration_ns = dur_ms > 0 ? (uint64_t)dur_ms * 1000000ULL : ts.duration_ns;
	if (capacity_table_read(&caps, sysfs) < 0) {
		fprintf(stderr, "dlgen: no cpuN folders under %s\n", sysfs);
		return EXIT_SYS;
	}
	if (mkdir(outdir, 0755) && errno != EEXIST) {
		fprintf(stderr, "dlgen: --out %s: %s\n", outdir, strerror(errno));
		return EXIT_SYS;
	}

	for (i = 0; i < ts.ntasks; i++)
		nlogs += ts.tasks[i].instances;
	logs = calloc(nlogs, sizeof(*logs));
	if (!logs) {
		fprintf(stderr, "dlgen: out of memory\n");
		return EXIT_SYS;
	}
	nlogs = 0;
	for (i = 0; i < ts.ntasks; i++) {
		for (k = 0; k < ts.tasks[i].instances; k++) {
			if (task_log_alloc(&logs[nlogs++], &ts.tasks[i], k,
					   cfg.duration_ns)) {
				fprintf(stderr, "dlgen: out of memory for the job log\n");
				return EXIT_SYS;
			}
		}
	}

	ret = run_taskset(&cfg, logs, nlogs, &start);
	if (ret)
		fprintf(stderr, "dlgen: creating threads: %s; writing what ran\n",
			strerror(-ret));
	print_summary(logs, nlogs, &caps);
	if (write_csv(outdir, "jobs.csv", jobs_csv_write, logs, nlogs) ||
	    write_csv(outdir, "tasks.csv", tasks_csv_write, logs, nlogs))
		ret = -1;
	for (i = 0; i < nlogs; i++)
		task_log_free(&logs[i]);
	free(logs);
	return ret ? EXIT_SYS : 0;
}
