// SPDX-License-Identifier: GPL-2.0
/*
 * dlgen - SCHED_DEADLINE workload generator for asymmetric-capacity CPUs.
 *
 * Exit status: 0 success; 1 system failure (memory, threads, output);
 * 2 bad input or usage; 3 real-time policies refused outside the dlcap
 * guest; 4 --admission=all-or-nothing and the kernel refused a task.
 * An admission refusal is otherwise a result, recorded in tasks.csv.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <json-c/json.h>

#include "cgroup.h"
#include "joblog.h"
#include "parse.h"
#include "run.h"
#include "work.h"

#ifndef DLGEN_VERSION
#define DLGEN_VERSION "unknown"
#endif

enum { EXIT_SYS = 1, EXIT_INPUT = 2, EXIT_NOT_GUEST = 3, EXIT_REFUSED = 4 };

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
"  -d, --duration-ms MS   override global.duration (without one: the cap of a\n"
"                         run that ends with its tasks' loops, default 3600 s)\n"
"  -s, --sysfs-cpu DIR    read cpuN/cpu_capacity under DIR\n"
"                         (default: /sys/devices/system/cpu; missing = 1024)\n"
"  -a, --admission=MODE   continue (default): run the tasks the kernel admitted;\n"
"                         all-or-nothing: if it refused any, run no job (exit 4)\n"
"  -g, --grace-ms MS      watchdog: stop every job at duration + MS (default 1000)\n"
"  -t, --count-throttles  per DL job, count CBS replenishments (throttles) from\n"
"                         the dl.deadline of /proc/self/task/TID/sched, read when\n"
"                         the job starts and ends (jobs.csv throttles; -1 if off)\n"
"  -w, --work MODE        emulated (default): run = thread CPU time x capacity/1024;\n"
"                         loops: rt-app's calibrated loop (for real boards),\n"
"                         calibrated per capacity class at start-up (or pinned\n"
"                         by global.calibration), reported in summary.json\n"
"      --cgroup-root DIR  where rt-app's taskgroups are made, as threaded cgroups\n"
"                         of the cpu controller (default: /sys/fs/cgroup, a\n"
"                         cgroup2 mount; dlgen must run in its root cgroup)\n"
"      --align-ms MS      before creating any thread, sleep until CLOCK_MONOTONIC\n"
"                         reaches the next multiple of MS ms, so that points\n"
"                         on two kernels start from the same instant of boot\n"
"      --i-know-this-is-not-a-vm\n"
"                         allow SCHED_DEADLINE/FIFO/RR outside the dlcap guest\n"
"                         (whose kernel command line has dlcap.guest); without\n"
"                         it they are refused there, so a task set run by mistake\n"
"                         on a workstation cannot starve it (exit 3)\n"
"      --bench-log N      time dlgen's per-job bookkeeping over N jobs, print\n"
"                         ns per job and exit (make bench-dlgen)\n"
"  -V, --version          print the version\n"
"  -h, --help             this text\n"
"\n"
"Output in DIR: jobs.csv (one row per job), tasks.csv (one row per task\n"
"instance), summary.json (bandwidth, lateness, busy time, provenance),\n"
"locks.csv (with mutexes), taskgroups.csv (with taskgroups: the cgroup each\n"
"thread ran each phase in).\n"
"\n"
"Exit status: 0 success, 1 system failure, 2 bad input or usage,\n"
"3 real-time policies outside the dlcap guest, 4 all-or-nothing refusal.\n");
}

/* Threads a fork would have started but did not (the run ended first) are not reported. */
static unsigned int drop_unforked(struct task_log *logs, unsigned int n)
{
	unsigned int i, k = 0;

	for (i = 0; i < n; i++) {
		if (logs[i].forked && !logs[i].started) {
			task_log_free(&logs[i]);
			continue;
		}
		logs[k++] = logs[i];
	}
	return k;
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

/* FNV-1a 64 of the task set file: identifies the input in summary.json. */
static int file_hash(const char *path, char out[17])
{
	uint64_t h = 0xcbf29ce484222325ULL;
	FILE *f = fopen(path, "r");
	int ch;

	if (!f)
		return -1;
	while ((ch = getc(f)) != EOF) {
		h ^= (unsigned char)ch;
		h *= 0x100000001b3ULL;
	}
	fclose(f);
	snprintf(out, 17, "%016llx", (unsigned long long)h);
	return 0;
}

static int on_guest(void)
{
	char buf[4096] = "";
	FILE *f = fopen("/proc/cmdline", "r");

	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	return strstr(buf, "dlcap.guest") != NULL;
}

static int write_summary(const char *dir, const char *input,
			 const struct task_log *logs, unsigned int n,
			 const struct capacity_table *caps, uint64_t start,
			 uint64_t duration, int loops_bound,
			 const struct loop_calibration *lc)
{
	json_object *o = json_object_new_object(), *a, *b;
	double offered = 0, admitted = 0;
	uint64_t *busy = calloc(caps->ncpus + 1, sizeof(*busy));
	unsigned int i, k, jobs = 0, misses = 0;
	int64_t maxlat = 0;
	long double sumlat = 0;
	struct utsname u;
	char hash[17] = "", path[4096], tmp[4096];
	int ret;

	if (!o || !busy)
		return -1;
	for (i = 0; i < n; i++) {
		const struct task_log *l = &logs[i];

		offered += task_bandwidth(l->spec);
		if (!l->setattr_ret)
			admitted += task_bandwidth(l->spec);
		for (k = 0; k < l->njobs; k++) {
			int64_t lat = job_lateness(&l->jobs[k]);

			if (!jobs++ || lat > maxlat)
				maxlat = lat;
			misses += lat > 0;
			sumlat += lat;
		}
		for (k = 0; k < caps->ncpus && k < l->ncpus; k++)
			busy[k] += l->busy_ns[k];
	}
	file_hash(input, hash);
	json_object_object_add(o, "dlgen_version", json_object_new_string(DLGEN_VERSION));
	json_object_object_add(o, "input", json_object_new_string(input));
	json_object_object_add(o, "input_fnv1a64", json_object_new_string(hash));
	json_object_object_add(o, "work_mode", json_object_new_string(lc ? "loops" : "emulated"));
	if (lc) {
		json_object *cal = json_object_new_object(), *cls = json_object_new_array();

		for (i = 0; i < lc->nclasses; i++) {
			json_object *e = json_object_new_object();

			json_object_object_add(e, "capacity", json_object_new_int((int)lc->cap[i]));
			json_object_object_add(e, "cpu", json_object_new_int(lc->cpu[i]));
			json_object_object_add(e, "ns_per_loop", json_object_new_double(lc->ns_per_loop[i]));
			json_object_object_add(e, "spread", json_object_new_double(lc->spread[i]));
			json_object_array_add(cls, e);
		}
		json_object_object_add(cal, "classes", cls);
		json_object_object_add(cal, "ref_ns_per_loop", json_object_new_double(lc->ref_ns_per_loop));
		json_object_object_add(cal, "pinned", json_object_new_boolean(lc->pinned));
		json_object_object_add(o, "calibration", cal);
	}
	json_object_object_add(o, "kernel_release",
			       json_object_new_string(uname(&u) ? "?" : u.release));
	a = json_object_new_array();
	for (k = 0; k < caps->ncpus; k++)
		json_object_array_add(a, json_object_new_int(caps->cap[k]));
	json_object_object_add(o, "cpu_capacity", a);
	json_object_object_add(o, "start_ns", json_object_new_int64((int64_t)start));
	json_object_object_add(o, "duration_ns", json_object_new_int64((int64_t)duration));
	/* no global.duration: the run ended with the tasks' loops, duration is the cap */
	if (loops_bound)
		json_object_object_add(o, "loops_bound", json_object_new_boolean(1));
	json_object_object_add(o, "offered_bandwidth", json_object_new_double(offered));
	json_object_object_add(o, "admitted_bandwidth", json_object_new_double(admitted));
	json_object_object_add(o, "jobs", json_object_new_int(jobs));
	json_object_object_add(o, "late_jobs", json_object_new_int(misses));
	json_object_object_add(o, "miss_ratio", json_object_new_double(jobs ? (double)misses / jobs : 0));
	json_object_object_add(o, "max_lateness_ns", json_object_new_int64(maxlat));
	json_object_object_add(o, "mean_lateness_ns",
			       json_object_new_int64(jobs ? (int64_t)(sumlat / jobs) : 0));
	a = json_object_new_array();
	b = json_object_new_object();
	for (k = 0; k < caps->ncpus; k++) {
		char cls[16];
		json_object *cur;

		json_object_array_add(a, json_object_new_int64((int64_t)busy[k]));
		snprintf(cls, sizeof(cls), "%u", caps->cap[k]);
		if (json_object_object_get_ex(b, cls, &cur))
			json_object_set_int64(cur, json_object_get_int64(cur) + (int64_t)busy[k]);
		else
			json_object_object_add(b, cls, json_object_new_int64((int64_t)busy[k]));
	}
	json_object_object_add(o, "busy_ns_by_cpu", a);
	json_object_object_add(o, "busy_ns_by_capacity", b);
	free(busy);

	snprintf(path, sizeof(path), "%s/summary.json", dir);
	snprintf(tmp, sizeof(tmp), "%s/.summary.json.tmp", dir);
	ret = json_object_to_file_ext(tmp, o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
				      JSON_C_TO_STRING_NOSLASHESCAPE);
	json_object_put(o);
	if (ret || rename(tmp, path)) {
		fprintf(stderr, "dlgen: %s: cannot write\n", path);
		return -1;
	}
	return 0;
}

static void print_summary(const struct task_log *logs, unsigned int n,
			  const struct capacity_table *caps)
{
	struct lateness_stats st;
	unsigned int i;

	printf("dlgen: %u CPUs, capacities", caps->ncpus);
	for (i = 0; i < caps->ncpus; i++)
		printf(" %u", caps->cap[i]);
	printf("\n");
	for (i = 0; i < n; i++) {
		const struct task_log *l = &logs[i];

		lateness_stats(l, &st);
		if (l->setattr_ret)
			printf("dlgen: %s-%u: %s refused: %s\n", l->spec->name,
			       l->instance, policy_name(l->spec->policy),
			       strerrorname_np(l->setattr_errno));
		else
			printf("dlgen: %s-%u: %u jobs, %u late\n", l->spec->name,
			       l->instance, st.jobs, st.misses);
	}
}

static int check_files(int argc, char **argv, unsigned int flags)
{
	static struct taskset ts;
	int i, bad = 0;

	for (i = 0; i < argc; i++)
		if (taskset_load_flags(argv[i], &ts, stderr, flags))
			bad = 1;
	return bad ? EXIT_INPUT : 0;
}

/*
 * A whole number of ms for option --@name in [@min, @max] (@what names it in
 * the error); 0 on success, else a one-line error and -1.
 */
static int parse_ms(const char *name, const char *what, const char *arg,
		    long long min, long long max, long long *ms)
{
	char *end;

	errno = 0;
	*ms = strtoll(arg, &end, 10);
	if (errno || *end || *ms < min || *ms > max) {
		fprintf(stderr, "dlgen: --%s: '%s' is not a %s in ms (%lld..%lld)\n",
			name, arg, what, min, max);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "out", required_argument, NULL, 'o' },
		{ "duration-ms", required_argument, NULL, 'd' },
		{ "sysfs-cpu", required_argument, NULL, 's' },
		{ "admission", required_argument, NULL, 'a' },
		{ "grace-ms", required_argument, NULL, 'g' },
		{ "work", required_argument, NULL, 'w' },
		{ "count-throttles", no_argument, NULL, 't' },
		{ "bench-log", required_argument, NULL, 'B' },
		{ "align-ms", required_argument, NULL, 'A' },
		{ "cgroup-root", required_argument, NULL, 'R' },
		{ "i-know-this-is-not-a-vm", no_argument, NULL, 'N' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct taskset ts;
	static struct capacity_table caps;
	const char *outdir = ".", *sysfs = "/sys/devices/system/cpu";
	const char *cgroup_root = DLGEN_CGROUP_ROOT;
	struct cgroup_set *cgroups = NULL;
	int use_tgs;
	struct run_config cfg = { .ts = &ts, .caps = &caps,
				  .start_margin_ns = 20000000ULL,
				  .grace_ns = 1000000000ULL };
	struct task_log *logs;
	unsigned int nlogs = 0, i, k;
	long long dur_ms = -1, ms;
	uint64_t start;
	int check = 0, c, ret = 0, not_vm_ok = 0, loops_mode = 0;
	long long bench_n = 0;
	static struct loop_calibration lc;
	char *end;

	while ((c = getopt_long(argc, argv, "co:d:s:a:g:w:tVh", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			check = 1;
			break;
		case 'o':
			outdir = optarg;
			break;
		case 'd':
			if (parse_ms("duration-ms", "duration", optarg, 1, 86400000, &dur_ms))
				return EXIT_INPUT;
			break;
		case 's':
			sysfs = optarg;
			break;
		case 'a':
			if (!strcmp(optarg, "all-or-nothing")) {
				cfg.all_or_nothing = 1;
			} else if (strcmp(optarg, "continue")) {
				fprintf(stderr, "dlgen: --admission: '%s' is not continue or all-or-nothing\n",
					optarg);
				return EXIT_INPUT;
			}
			break;
		case 'g':
			if (parse_ms("grace-ms", "time", optarg, 0, 3600000, &ms))
				return EXIT_INPUT;
			cfg.grace_ns = (uint64_t)ms * 1000000ULL;
			break;
		case 'N':
			not_vm_ok = 1;
			break;
		case 'A':
			if (parse_ms("align-ms", "time", optarg, 1, 3600000, &ms))
				return EXIT_INPUT;
			cfg.align_ns = (uint64_t)ms * 1000000ULL;
			break;
		case 't':
			cfg.count_throttles = 1;
			break;
		case 'R':
			cgroup_root = optarg;
			break;
		case 'B':
			errno = 0;
			bench_n = strtoll(optarg, &end, 10);
			if (errno || *end || bench_n < 1 || bench_n > DLGEN_MAX_JOBS) {
				fprintf(stderr, "dlgen: --bench-log: '%s' is not a job count (1..%u)\n",
					optarg, DLGEN_MAX_JOBS);
				return EXIT_INPUT;
			}
			break;
		case 'w':
			if (!strcmp(optarg, "loops")) {
				loops_mode = 1;
			} else if (strcmp(optarg, "emulated")) {
				fprintf(stderr, "dlgen: --work: '%s' is not emulated or loops\n", optarg);
				return EXIT_INPUT;
			}
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
	/* acted on after every option is read: -s may come after --bench-log */
	if (bench_n) {
		double ns;

		if (capacity_table_read(&caps, sysfs) < 0)
			caps.ncpus = 1;
		ns = run_bench_logging(&caps, (unsigned int)bench_n);
		if (ns < 0) {
			fprintf(stderr, "dlgen: --bench-log: out of memory\n");
			return EXIT_SYS;
		}
		printf("dlgen: per-job bookkeeping: %.1f ns per job over %lld jobs (%u CPUs)\n",
		       ns, bench_n, caps.ncpus);
		return 0;
	}
	if (check)
		return optind < argc ? check_files(argc - optind, argv + optind,
						   dur_ms > 0 ? PARSE_DURATION_GIVEN : 0)
				     : (usage(stderr), EXIT_INPUT);
	if (argc - optind != 1) {
		usage(stderr);
		return EXIT_INPUT;
	}
	if (taskset_load_flags(argv[optind], &ts, stderr,
			       dur_ms > 0 ? PARSE_DURATION_GIVEN : 0))
		return EXIT_INPUT;
	cfg.duration_ns = dur_ms > 0 ? (uint64_t)dur_ms * 1000000ULL : ts.duration_ns;
	if (!not_vm_ok && !on_guest()) {
		for (i = 0; i < ts.ntasks; i++) {
			if (ts.tasks[i].policy != POLICY_OTHER) {
				fprintf(stderr, "dlgen: %s: task %s is %s, and this is not the dlcap guest (no dlcap.guest on the kernel command line); refusing. Use --i-know-this-is-not-a-vm to run anyway\n",
					argv[optind], ts.tasks[i].name,
					policy_name(ts.tasks[i].policy));
				return EXIT_NOT_GUEST;
			}
		}
	}
	if (capacity_table_read(&caps, sysfs) < 0) {
		fprintf(stderr, "dlgen: no cpuN folders under %s\n", sysfs);
		return EXIT_SYS;
	}
	if (mkdir(outdir, 0755) && errno != EEXIST) {
		fprintf(stderr, "dlgen: --out %s: %s\n", outdir, strerror(errno));
		return EXIT_SYS;
	}

	for (i = 0; i < ts.ntasks; i++)
		nlogs += ts.tasks[i].instances + ts.tasks[i].forks;
	logs = calloc(nlogs, sizeof(*logs));
	if (!logs) {
		fprintf(stderr, "dlgen: out of memory\n");
		return EXIT_SYS;
	}
	nlogs = 0;
	use_tgs = taskset_uses_taskgroups(&ts);
	for (i = 0; i < ts.ntasks; i++) {
		/* the instances, then the threads fork events may start */
		for (k = 0; k < ts.tasks[i].instances + ts.tasks[i].forks; k++) {
			if (task_log_alloc(&logs[nlogs], &ts.tasks[i], k,
					   cfg.duration_ns, caps.ncpus) ||
			    (use_tgs && task_log_alloc_taskgroups(&logs[nlogs]))) {
				fprintf(stderr, "dlgen: out of memory for the job log\n");
				return EXIT_SYS;
			}
			logs[nlogs++].forked = k >= ts.tasks[i].instances;
		}
	}

	if (loops_mode) {
		if (loops_calibrate(&lc, &caps, (double)ts.calib_ns_per_loop, ts.calib_cpu, 15)) {
			fprintf(stderr, "dlgen: --work=loops: cannot pin the calibration to each CPU class: %s\n",
				strerror(errno));
			return EXIT_SYS;
		}
		for (i = 0; i < lc.nclasses; i++)
			printf("dlgen: calibration: capacity %u (CPU %d): %.3f ns per loop, spread %.1f%%\n",
			       lc.cap[i], lc.cpu[i], lc.ns_per_loop[i], 100 * lc.spread[i]);
		printf("dlgen: calibration: a run's ns are loops of %.3f ns (%s)\n",
		       lc.ref_ns_per_loop, lc.pinned ? "global.calibration" : "measured");
		cfg.loops = &lc;
	}

	/* rt-app's taskgroups: made now, removed when the run has ended */
	if (use_tgs) {
		cgroups = cgroup_set_prepare(&ts, cgroup_root, stderr);
		if (!cgroups) {
			for (i = 0; i < nlogs; i++)
				task_log_free(&logs[i]);
			free(logs);
			return EXIT_SYS;
		}
		cfg.cgroups = cgroups;
	}

	/* No page fault while tasks run; not fatal where it is not allowed. */
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		fprintf(stderr, "dlgen: mlockall: %s (going on)\n", strerror(errno));

	ret = run_taskset(&cfg, logs, nlogs, &start);
	cgroup_set_cleanup(cgroups, stderr);
	if (ret < 0)
		fprintf(stderr, "dlgen: creating threads: %s; writing what ran\n",
			strerror(-ret));
	else if (ret == RUN_REFUSED)
		fprintf(stderr, "dlgen: --admission=all-or-nothing: the kernel refused a task; no job was run\n");
	/* RUN_CGROUP_FAILED: the thread said which group, and why */
	nlogs = drop_unforked(logs, nlogs);
	print_summary(logs, nlogs, &caps);
	if (write_csv(outdir, "jobs.csv", jobs_csv_write, logs, nlogs) ||
	    write_csv(outdir, "tasks.csv", tasks_csv_write, logs, nlogs) ||
	    (locks_csv_wanted(logs, nlogs) &&
	     write_csv(outdir, "locks.csv", locks_csv_write, logs, nlogs)) ||
	    (use_tgs &&
	     write_csv(outdir, "taskgroups.csv", taskgroups_csv_write, logs, nlogs)) ||
	    write_summary(outdir, argv[optind], logs, nlogs, &caps, start,
			  cfg.duration_ns, ts.loops_bound, cfg.loops))
		ret = -1;
	for (i = 0; i < nlogs; i++)
		task_log_free(&logs[i]);
	free(logs);
	if (ret < 0 || ret == RUN_CGROUP_FAILED)
		return EXIT_SYS;
	return ret == RUN_REFUSED ? EXIT_REFUSED : 0;
}
