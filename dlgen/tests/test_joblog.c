// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of per-job bookkeeping: CPU traces, lateness, log sizing,
 * capacity scaling and the CSV files.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "joblog.h"
#include "work.h"
#include "check.h"

static void test_cpu_trace(void)
{
	struct cpu_trace tr;

	cpu_trace_init(&tr);
	CHECK(tr.first == -1 && tr.ncpus == 0, "empty trace has no CPU");
	cpu_trace_add(&tr, 4);
	cpu_trace_add(&tr, 4);
	cpu_trace_add(&tr, 5);
	cpu_trace_add(&tr, 4);
	CHECK(tr.first == 4 && tr.last == 4, "first and last CPU: 4, 4");
	CHECK(tr.ncpus == 2, "two distinct CPUs visited (%u)", tr.ncpus);
	CHECK(tr.migrations == 2, "4->5->4 is two migrations (%u)", tr.migrations);
	cpu_trace_add(&tr, 200);
	cpu_trace_add(&tr, -1);
	cpu_trace_add(&tr, DLGEN_MAX_CPUS);
	CHECK(tr.ncpus == 3 && tr.last == 200, "high CPU counted, bad CPU ids ignored");
}

static void test_job_finish_and_lateness(void)
{
	struct job_record j = { .release = 1000, .deadline = 17000 };
	struct cpu_trace tr;

	cpu_trace_init(&tr);
	cpu_trace_add(&tr, 1);
	cpu_trace_add(&tr, 6);
	job_finish(&j, 17500, 10000, &tr);
	CHECK(job_lateness(&j) == 500, "finished 500 ns after the deadline");
	CHECK(j.cpu_start == 1 && j.cpu_end == 6 && j.ncpus == 2 && j.migrations == 1,
	      "job takes CPUs from its trace");
	j.end = 16000;
	CHECK(job_lateness(&j) == -1000, "early finish has negative lateness");
}

static void test_sizing(void)
{
	static struct task_spec t = { .period_ns = 16000000, .delay_ns = 1000000,
			       .policy = POLICY_DEADLINE, .dl_deadline_ns = 12000000,
			       .nphases = 1, .loop = DLGEN_LOOP_FOREVER };
	unsigned int n;

	t.phases[0].loop = 1;
	t.phases[0].nevents = 2;
	t.phases[0].ev[0] = (struct event){ .kind = EV_TIMER, .ns = 16000000 };
	t.phases[0].ev[1] = (struct event){ .kind = EV_RUN, .ns = 1000000 };
	/* a pass takes >= 17 ms and holds <= 2 jobs: (1999 / 17 + 2) * 2 */
	n = task_max_jobs(&t, 2000000000ULL);
	CHECK(n >= 124 && n <= 250, "timer + run over 2 s: room for 124 jobs, bounded (%u)", n);
	t.phases[0].loop = 3;
	t.loop = 1;
	CHECK(task_max_jobs(&t, 2000000000ULL) == 6, "3 passes of one timer: at most 6 jobs");
	t.delay_ns = 3000000000ULL;
	CHECK(task_max_jobs(&t, 2000000000ULL) == 0, "delay past the duration: no job");
	t.delay_ns = 0;
	t.phases[0].ev[0].kind = EV_YIELD;
	t.phases[0].ev[1].kind = EV_YIELD;
	CHECK(task_max_jobs(&t, 2000000000ULL) == DLGEN_MAX_JOBS, "a pass that takes no time: the cap");
	CHECK(task_relative_deadline(&t, 16000000) == 12000000ULL, "DL jobs use dl-deadline");
	t.policy = POLICY_OTHER;
	CHECK(task_relative_deadline(&t, 16000000) == 16000000ULL, "other jobs use the timer period");
	CHECK(task_relative_deadline(&t, 0) == 0, "other jobs without a timer have no deadline");
}

/* Make DIR/cpuN, with a cpu_capacity file holding CAP unless CAP < 0. */
static void fake_cpu(const char *dir, int cpu, int cap)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/cpu%d", dir, cpu);
	mkdir(p, 0755);
	if (cap < 0)
		return;
	snprintf(p, sizeof(p), "%s/cpu%d/cpu_capacity", dir, cpu);
	f = fopen(p, "w");
	fprintf(f, "%d\n", cap);
	fclose(f);
}

static void test_capacity(void)
{
	char dir[] = "/tmp/dlgen-sysfs-XXXXXX", p[256];
	struct capacity_table ct;

	if (!mkdtemp(dir)) {	/* not a check: the test cannot run without it */
		perror("mkdtemp");
		exit(1);
	}
	fake_cpu(dir, 0, 462);
	fake_cpu(dir, 1, 1024);
	fake_cpu(dir, 2, -1);

	CHECK(capacity_table_read(&ct, dir) == 3, "three CPUs found");
	CHECK(ct.cap[0] == 462 && ct.cap[1] == 1024 && ct.cap[2] == 1024,
	      "capacities 462 1024 and 1024 for a CPU without the file");
	CHECK(work_scaled(&ct, 0, 1024000) == 462000,
	      "1.024 ms of CPU time on a 462 CPU is 0.462 ms of work");
	CHECK(work_scaled(&ct, 1, 1000) == 1000, "a big CPU does work at 1:1");
	CHECK(work_scaled(&ct, 7, 1000) == 1000, "unknown CPU counts as 1024");
	CHECK(capacity_table_read(&ct, "/nonexistent") == -1, "no CPUs: -1");

	snprintf(p, sizeof(p), "rm -rf %s", dir);
	if (system(p))
		fprintf(stderr, "could not remove %s\n", dir);
}

static void test_csv(void)
{
	struct task_spec t = { .name = "big", .policy = POLICY_DEADLINE,
			       .run_ns = 10, .period_ns = 100,
			       .dl_runtime_ns = 20, .dl_deadline_ns = 100,
			       .dl_period_ns = 100, .util_min = -1, .util_max = -1 };
	struct job_record jobs[2] = {
		{ 1000, 1001, 1050, 1100, 10, 4, 4, 1, 0, 0, 0, 0, -1 },
		{ 1100, 1101, 1300, 1200, 12, 4, 5, 2, 1, 3, 1, 2, 2 },
	};
	uint64_t busy[8] = { 0, 0, 0, 0, 300, 700, 0, 0 }, idle[8] = { 0 };
	struct task_log logs[2] = {
		{ .spec = &t, .instance = 0, .tid = 42, .njobs = 2, .jobs = jobs,
		  .ncpus = 8, .busy_ns = busy },
		{ .spec = &t, .instance = 1, .tid = 43, .setattr_ret = -1,
		  .setattr_errno = EBUSY, .ncpus = 8, .busy_ns = idle },
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	jobs_csv_write(f, logs, 2);
	fclose(f);
	CHECK(!strncmp(buf, "task,instance,job,release_ns,start_ns,end_ns,deadline_ns,lateness_ns,cpu_start,cpu_end,ncpus,migrations,work_ns,response_ns,overruns,cut,phase,throttles\n", 153),
	      "jobs.csv header");
	CHECK(strstr(buf, "\nbig,0,0,1000,1001,1050,1100,-50,4,4,1,0,10,50,0,0,0,-1\n") != NULL,
	      "early job row: negative lateness, response 50");
	CHECK(strstr(buf, "\nbig,0,1,1100,1101,1300,1200,100,4,5,2,1,12,200,3,1,2,2\n") != NULL,
	      "late, migrated job row with 3 overruns, cut by the watchdog");
	CHECK(!strstr(buf, "big,1,"), "a refused instance has no job rows");
	free(buf);

	f = open_memstream(&buf, &len);
	tasks_csv_write(f, logs, 2);
	fclose(f);
	CHECK(strstr(buf, "busy_ns_by_cpu,taskgroup\n") == strchr(buf, '\n') - 24,
	      "tasks.csv: taskgroup is the last column: %.*s", (int)(strchr(buf, '\n') - buf), buf);
	CHECK(strstr(buf, "\nbig,0,42,SCHED_DEADLINE,10,100,20,100,100,1,0,2,1,100,0.200000,25,100,3,-1,-1,4=300;5=700,\n") != NULL,
	      "tasks.csv: admitted, 2 jobs, 1 miss, max 100, density 0.2, mean 25, p99 100, busy per CPU, no taskgroup: %s", buf);
	CHECK(strstr(buf, "\nbig,1,43,SCHED_DEADLINE,10,100,20,100,100,0,EBUSY,0,0,0,0.200000,0,0,0,-1,-1,,\n") != NULL,
	      "tasks.csv: refusal recorded with errno EBUSY");
	free(buf);
}

/* taskgroups.csv: per thread and phase, where it ran; tasks.csv's taskgroup. */
static void test_taskgroups_csv(void)
{
	static struct task_spec t = { .name = "tg", .policy = POLICY_OTHER, .nphases = 3,
				      .taskgroup = "/tg1", .util_min = -1, .util_max = -1 };
	struct tg_record rec[6] = {
		{ 1, "/tg1/tg11", "/tg1/tg11" }, { 4, "/tg1/tg11", "/tg1/tg11" },
		{ 1, "/tg1", "/tg1" }, { 4, "/", "/" },
		{ 1, "/", "/" }, { 0, "", "" },
	};
	uint64_t busy[1] = { 0 };
	struct task_log l = { .spec = &t, .tid = 7, .tgs = rec, .ncpus = 1, .busy_ns = busy };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	strcpy(t.phases[0].name, "p0");
	strcpy(t.phases[1].name, "p1");
	strcpy(t.phases[2].name, "p2");
	f = open_memstream(&buf, &len);
	taskgroups_csv_write(f, &l, 1);
	fclose(f);
	CHECK(!strcmp(buf, "task,instance,tid,phase,phase_name,first_pass,passes,taskgroup,cgroup\n"
		      "tg,0,7,0,p0,0,5,/tg1/tg11,/tg1/tg11\n"
		      "tg,0,7,1,p1,0,1,/tg1,/tg1\n"
		      "tg,0,7,1,p1,1,4,/,/\n"
		      "tg,0,7,2,p2,0,1,/,/\n"),
	      "taskgroups.csv: a phase in one group is one row, in two groups two: %s", buf);
	free(buf);
	f = open_memstream(&buf, &len);
	tasks_csv_write(f, &l, 1);
	fclose(f);
	CHECK(strstr(buf, ",-1,-1,,/tg1\n") != NULL, "tasks.csv: the task's taskgroup, last: %s", buf);
	free(buf);
}

static void test_lateness_stats(void)
{
	struct job_record jobs[200];
	struct task_log l = { .njobs = 200, .jobs = jobs };
	struct lateness_stats st;
	struct task_spec dl = { .policy = POLICY_DEADLINE, .dl_runtime_ns = 3,
				.dl_period_ns = 12 };
	int i;

	/* Lateness -99 .. 100: max 100, mean 0.5 -> 0, p99 (rank 198) 98. */
	for (i = 0; i < 200; i++) {
		jobs[i].deadline = 1000;
		jobs[i].end = (uint64_t)(1000 - 99 + i);
	}
	CHECK(lateness_stats(&l, &st) == 0, "stats computed");
	CHECK(st.jobs == 200 && st.misses == 100, "100 of 200 jobs late (%u)", st.misses);
	CHECK(st.max == 100 && st.mean == 0 && st.p99 == 98,
	      "max 100, mean 0, p99 98 (%lld %lld %lld)", (long long)st.max,
	      (long long)st.mean, (long long)st.p99);
	l.njobs = 1;
	lateness_stats(&l, &st);
	CHECK(st.p99 == -99 && st.max == -99, "one job: p99 = max = its lateness");
	l.njobs = 0;
	CHECK(lateness_stats(&l, &st) == 0 && st.jobs == 0 && st.max == 0, "no jobs: zeros");
	CHECK(task_bandwidth(&dl) == 0.25, "bandwidth runtime/period = 0.25");
	dl.policy = POLICY_FIFO;
	CHECK(task_bandwidth(&dl) == 0, "non-DL tasks reserve no bandwidth");
}

int main(void)
{
	test_taskgroups_csv();
	test_lateness_stats();
	test_cpu_trace();
	test_job_finish_and_lateness();
	test_sizing();
	test_capacity();
	test_csv();
	CHECK_EXIT();
}
