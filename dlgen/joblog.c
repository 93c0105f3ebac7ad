// SPDX-License-Identifier: GPL-2.0
/*
 * joblog.c - per-job bookkeeping and the CSV files it produces.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "joblog.h"

void cpu_trace_init(struct cpu_trace *tr)
{
	memset(tr, 0, sizeof(*tr));
	tr->first = -1;
	tr->last = -1;
}

void cpu_trace_add(struct cpu_trace *tr, int cpu)
{
	if (cpu < 0 || cpu >= DLGEN_MAX_CPUS)
		return;
	if (tr->first < 0)
		tr->first = cpu;
	else if (cpu != tr->last)
		tr->migrations++;
	tr->last = cpu;
	if (!(tr->seen[cpu / 64] & (1ULL << (cpu % 64)))) {
		tr->seen[cpu / 64] |= 1ULL << (cpu % 64);
		tr->ncpus++;
	}
}

uint64_t task_relative_deadline(const struct task_spec *t, uint64_t timer_ns)
{
	if (t->policy == POLICY_DEADLINE)
		return t->dl_deadline_ns;
	return timer_ns;
}

/*
 * An upper bound on the jobs one instance can log in @duration_ns: a pass
 * over a phase's events takes at least the sum of its work, times and
 * timer periods, and holds at most one job per timer plus one.
 */
unsigned int task_max_jobs(const struct task_spec *t, uint64_t duration_ns)
{
	uint64_t n = 0;
	unsigned int p, e;

	if (t->delay_ns >= duration_ns)
		return 0;
	for (p = 0; p < t->nphases; p++) {
		const struct phase *ph = &t->phases[p];
		uint64_t min = phase_min_pass_ns(ph), passes, timers = 0;

		for (e = 0; e < ph->nevents; e++)
			timers += ph->ev[e].kind == EV_TIMER;
		if (!min)
			return DLGEN_MAX_JOBS;
		passes = (duration_ns - t->delay_ns) / min + 2;
		if (ph->loop > 0 && t->loop > 0 &&
		    (uint64_t)ph->loop * (uint64_t)t->loop < passes)
			passes = (uint64_t)ph->loop * (uint64_t)t->loop;
		n += passes * (timers + 1);
		if (n >= DLGEN_MAX_JOBS)
			return DLGEN_MAX_JOBS;
	}
	return (unsigned int)n;
}

int64_t job_lateness(const struct job_record *j)
{
	if (!j->deadline)
		return 0;	/* a job without a deadline is never late */
	return (int64_t)(j->end - j->deadline);
}

void job_finish(struct job_record *j, uint64_t end, uint64_t work_ns,
		const struct cpu_trace *tr)
{
	j->end = end;
	j->work_ns = work_ns;
	j->cpu_start = tr->first;
	j->cpu_end = tr->last;
	j->ncpus = tr->ncpus;
	j->migrations = tr->migrations;
}

/* 1 if @t has a lock event. */
static int task_locks(const struct task_spec *t)
{
	unsigned int p, e;

	for (p = 0; p < t->nphases; p++)
		for (e = 0; e < t->phases[p].nevents; e++)
			if (t->phases[p].ev[e].kind == EV_LOCK)
				return 1;
	return 0;
}

int task_log_alloc(struct task_log *l, const struct task_spec *t,
		   unsigned int instance, uint64_t duration_ns,
		   unsigned int ncpus)
{
	memset(l, 0, sizeof(*l));
	l->spec = t;
	l->instance = instance;
	l->ncpus = ncpus;
	l->busy_ns = calloc(ncpus ? ncpus : 1, sizeof(*l->busy_ns));
	if (!l->busy_ns)
		return -ENOMEM;
	if (task_locks(t)) {
		l->locks = malloc(sizeof(*l->locks) * DLGEN_MAX_LOCKS);
		if (!l->locks)
			return -ENOMEM;
		memset(l->locks, 0, sizeof(*l->locks) * DLGEN_MAX_LOCKS);
	}
	l->maxjobs = task_max_jobs(t, duration_ns);
	if (!l->maxjobs)
		return 0;
	/* calloc touches nothing; memset faults the pages in now, not later. */
	l->jobs = malloc(sizeof(*l->jobs) * l->maxjobs);
	if (!l->jobs)
		return -ENOMEM;
	memset(l->jobs, 0, sizeof(*l->jobs) * l->maxjobs);
	return 0;
}

int task_log_alloc_taskgroups(struct task_log *l)
{
	l->tgs = calloc(2 * (l->spec->nphases ? l->spec->nphases : 1), sizeof(*l->tgs));
	return l->tgs ? 0 : -ENOMEM;
}

void task_log_free(struct task_log *l)
{
	free(l->jobs);
	free(l->busy_ns);
	free(l->locks);
	free(l->tgs);
	l->jobs = NULL;
	l->busy_ns = NULL;
	l->locks = NULL;
	l->tgs = NULL;
}

int locks_csv_wanted(const struct task_log *logs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (logs[i].locks)
			return 1;
	return 0;
}

void locks_csv_write(FILE *f, const struct task_log *logs, unsigned int n)
{
	unsigned int i, k;

	fprintf(f, "task,instance,job,mutex,attempt_ns,acquired_ns,released_ns,"
		   "wait_ns,hold_ns,contended_ns,boosted\n");
	for (i = 0; i < n; i++) {
		const struct task_log *l = &logs[i];

		for (k = 0; k < l->nlocks; k++) {
			const struct lock_record *r = &l->locks[k];

			fprintf(f, "%s,%u,%u,%u,%llu,%llu,%llu,%llu,%llu,%llu,%d\n",
				l->spec->name, l->instance, r->job, r->mutex,
				(unsigned long long)r->attempt, (unsigned long long)r->acquired,
				(unsigned long long)r->released,
				(unsigned long long)(r->acquired - r->attempt),
				(unsigned long long)(r->released - r->acquired),
				(unsigned long long)r->contended_ns, r->boosted);
		}
	}
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

int lateness_stats(const struct task_log *l, struct lateness_stats *st)
{
	int64_t *lat;
	long double sum = 0;
	unsigned int k;

	memset(st, 0, sizeof(*st));
	st->jobs = l->njobs;
	if (!l->njobs)
		return 0;
	lat = malloc(sizeof(*lat) * l->njobs);
	if (!lat)
		return -ENOMEM;
	for (k = 0; k < l->njobs; k++) {
		lat[k] = job_lateness(&l->jobs[k]);
		sum += lat[k];
		st->misses += lat[k] > 0;
	}
	qsort(lat, l->njobs, sizeof(*lat), cmp_i64);
	st->max = lat[l->njobs - 1];
	st->mean = (int64_t)(sum / l->njobs);
	/* Nearest rank: the smallest value >= 99% of the jobs' lateness. */
	st->p99 = lat[(l->njobs * 99 + 99) / 100 - 1];
	free(lat);
	return 0;
}

double task_bandwidth(const struct task_spec *t)
{
	if (t->policy != POLICY_DEADLINE || !t->dl_period_ns)
		return 0;
	return (double)t->dl_runtime_ns / (double)t->dl_period_ns;
}

void jobs_csv_write(FILE *f, const struct task_log *logs, unsigned int n)
{
	unsigned int i, k;

	fprintf(f, "task,instance,job,release_ns,start_ns,end_ns,deadline_ns,"
		   "lateness_ns,cpu_start,cpu_end,ncpus,migrations,work_ns,"
		   "response_ns,overruns,cut,phase,throttles\n");
	for (i = 0; i < n; i++) {
		const struct task_log *l = &logs[i];

		for (k = 0; k < l->njobs; k++) {
			const struct job_record *j = &l->jobs[k];

			fprintf(f, "%s,%u,%u,%llu,%llu,%llu,%llu,%lld,%d,%d,%u,%u,%llu,%llu,%u,%u,%u,%d\n",
				l->spec->name, l->instance, k,
				(unsigned long long)j->release,
				(unsigned long long)j->start,
				(unsigned long long)j->end,
				(unsigned long long)j->deadline,
				(long long)job_lateness(j), j->cpu_start,
				j->cpu_end, j->ncpus, j->migrations,
				(unsigned long long)j->work_ns,
				(unsigned long long)(j->end - j->release),
				j->overruns, j->cut, j->phase, j->throttles);
		}
	}
}

void tasks_csv_write(FILE *f, const struct task_log *logs, unsigned int n)
{
	unsigned int i, k, c;

	fprintf(f, "task,instance,tid,policy,run_ns,period_ns,dl_runtime_ns,"
		   "dl_deadline_ns,dl_period_ns,admitted,errno,jobs,misses,"
		   "max_lateness_ns,density,mean_lateness_ns,p99_lateness_ns,"
		   "overruns,util_min,util_max,busy_ns_by_cpu,taskgroup\n");
	for (i = 0; i < n; i++) {
		const struct task_log *l = &logs[i];
		const struct task_spec *t = l->spec;
		struct lateness_stats st;
		unsigned int ov = 0;
		const char *sep = "";

		lateness_stats(l, &st);
		for (k = 0; k < l->njobs; k++)
			ov += l->jobs[k].overruns;
		fprintf(f, "%s,%u,%d,%s,%llu,%llu,%llu,%llu,%llu,%d,%s,%u,%u,%lld,%.6f,%lld,%lld,%u,%d,%d,",
			t->name, l->instance, (int)l->tid, policy_name(t->policy),
			(unsigned long long)t->run_ns,
			(unsigned long long)t->period_ns,
			(unsigned long long)t->dl_runtime_ns,
			(unsigned long long)t->dl_deadline_ns,
			(unsigned long long)t->dl_period_ns,
			l->setattr_ret == 0,
			l->setattr_ret ? strerrorname_np(l->setattr_errno) : "0",
			st.jobs, st.misses, (long long)st.max,
			t->dl_deadline_ns ? (double)t->dl_runtime_ns / (double)t->dl_deadline_ns : 0.0,
			(long long)st.mean, (long long)st.p99, ov,
			t->util_min, t->util_max);
		/* "cpu=ns" for every CPU the instance ran on, ';'-separated. */
		for (c = 0; c < l->ncpus; c++) {
			if (!l->busy_ns[c])
				continue;
			fprintf(f, "%s%u=%llu", sep, c, (unsigned long long)l->busy_ns[c]);
			sep = ";";
		}
		/* last, so that readers by position are not disturbed */
		fprintf(f, ",%s\n", t->taskgroup);
	}
}

/*
 * One row per thread and phase: the cgroup it ran the phase in from
 * first_pass on, for passes passes; a phase whose later passes ran where
 * its first did is one row.
 */
void taskgroups_csv_write(FILE *f, const struct task_log *logs, unsigned int n)
{
	unsigned int i, p;

	fprintf(f, "task,instance,tid,phase,phase_name,first_pass,passes,taskgroup,cgroup\n");
	for (i = 0; i < n; i++) {
		const struct task_log *l = &logs[i];

		for (p = 0; l->tgs && p < l->spec->nphases; p++) {
			const struct tg_record *r0 = &l->tgs[2 * p], *r1 = r0 + 1;
			int same = r0->passes && r1->passes &&
				!strcmp(r0->taskgroup, r1->taskgroup) && !strcmp(r0->cgroup, r1->cgroup);

			if (r0->passes)
				fprintf(f, "%s,%u,%d,%u,%s,0,%u,%s,%s\n", l->spec->name, l->instance,
					(int)l->tid, p, l->spec->phases[p].name,
					r0->passes + (same ? r1->passes : 0), r0->taskgroup, r0->cgroup);
			if (r1->passes && !same)
				fprintf(f, "%s,%u,%d,%u,%s,1,%u,%s,%s\n", l->spec->name, l->instance,
					(int)l->tid, p, l->spec->phases[p].name, r1->passes,
					r1->taskgroup, r1->cgroup);
		}
	}
}
