// SPDX-License-Identifier: GPL-2.0
/*
 * run.c - one thread per task instance: set the scheduling policy with
 * sched_setattr(), wait for the common start, then release jobs
 * periodically and do each job's emulated work.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/sched.h>

/*
 * The uapi struct sched_attr (include/uapi/linux/sched/types.h, size 56
 * since 5.3 with the utilization clamps).  Its header clashes with glibc's
 * struct sched_param, so the layout is spelled out here.
 */
struct dl_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

#include "run.h"

struct run_shared {
	const struct run_config *cfg;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int ready;		/* threads past sched_setattr() */
	int go;
	int abort;		/* set-up failed: run no jobs */
	volatile int stop;	/* the watchdog fired */
	uint64_t start;		/* common time zero, CLOCK_MONOTONIC ns */
};

struct thread_arg {
	struct run_shared *sh;
	struct task_log *log;
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void sleep_until(uint64_t t)
{
	struct timespec ts = {
		.tv_sec = t / 1000000000ULL,
		.tv_nsec = t % 1000000000ULL,
	};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* SIGXCPUs of SCHED_FLAG_DL_OVERRUN, counted by the thread that got them. */
static __thread volatile unsigned int overruns;

static void on_sigxcpu(int sig)
{
	(void)sig;
	overruns++;
}

static int set_policy(const struct task_spec *t)
{
	struct dl_sched_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	if (t->util_min >= 0) {
		attr.sched_flags |= SCHED_FLAG_UTIL_CLAMP_MIN;
		attr.sched_util_min = (uint32_t)t->util_min;
	}
	if (t->util_max >= 0) {
		attr.sched_flags |= SCHED_FLAG_UTIL_CLAMP_MAX;
		attr.sched_util_max = (uint32_t)t->util_max;
	}
	if (t->dl_flags & DLGEN_DL_RECLAIM)
		attr.sched_flags |= SCHED_FLAG_RECLAIM;
	if (t->dl_flags & DLGEN_DL_OVERRUN)
		attr.sched_flags |= SCHED_FLAG_DL_OVERRUN;
	switch (t->policy) {
	case POLICY_OTHER:
		attr.sched_policy = SCHED_NORMAL;
		break;
	case POLICY_FIFO:
	case POLICY_RR:
		attr.sched_policy = t->policy == POLICY_FIFO ? SCHED_FIFO : SCHED_RR;
		attr.sched_priority = t->priority;
		break;
	case POLICY_DEADLINE:
		attr.sched_policy = SCHED_DEADLINE;
		attr.sched_runtime = t->dl_runtime_ns;
		attr.sched_deadline = t->dl_deadline_ns;
		attr.sched_period = t->dl_period_ns;
		break;
	}
	return (int)syscall(SYS_sched_setattr, 0, &attr, 0);
}

static void run_jobs(const struct run_config *cfg, struct run_shared *sh,
		     struct task_log *l, uint64_t start)
{
	const struct task_spec *t = l->spec;
	uint64_t rel_dl = task_relative_deadline(t);
	uint64_t release = start + t->delay_ns;
	uint64_t stop = start + cfg->duration_ns;

	while (release < stop && l->njobs < l->maxjobs && !sh->stop) {
		struct job_record *j = &l->jobs[l->njobs];
		struct cpu_trace tr;
		unsigned int ov;
		uint64_t work;

		sleep_until(release);
		cpu_trace_init(&tr);
		ov = overruns;
		j->release = release;
		j->deadline = release + rel_dl;
		j->start = mono_ns();
		work = work_emulated(cfg->caps, t->run_ns, &tr, l->busy_ns,
				     &sh->stop);
		job_finish(j, mono_ns(), work, &tr);
		j->overruns = overruns - ov;
		j->cut = work < t->run_ns;
		l->njobs++;
		release += t->period_ns;
	}
}

static void *task_thread(void *p)
{
	struct thread_arg *a = p;
	struct run_shared *sh = a->sh;
	struct task_log *l = a->log;
	uint64_t start;

	l->tid = (pid_t)syscall(SYS_gettid);
	if (l->spec->dl_flags & DLGEN_DL_OVERRUN) {
		struct sigaction sa = { .sa_handler = on_sigxcpu };
		sigset_t set;

		/* Process-wide handler; the kernel signals the overrunning thread. */
		sigaction(SIGXCPU, &sa, NULL);
		sigemptyset(&set);
		sigaddset(&set, SIGXCPU);
		pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	}
	l->setattr_ret = set_policy(l->spec);
	l->setattr_errno = l->setattr_ret ? errno : 0;

	pthread_mutex_lock(&sh->lock);
	sh->ready++;
	pthread_cond_broadcast(&sh->cond);
	while (!sh->go)
		pthread_cond_wait(&sh->cond, &sh->lock);
	start = sh->start;
	pthread_mutex_unlock(&sh->lock);

	/* A task the kernel refused runs no jobs: that is the result. */
	if (l->setattr_ret == 0 && !sh->abort)
		run_jobs(sh->cfg, sh, l, start);
	return NULL;
}

/*
 * The watchdog: at the highest SCHED_FIFO priority when allowed, so that
 * spinning RT tasks cannot hold it off; it sleeps until start + duration +
 * grace, then tells every job to stop where it is.
 */
static void *watchdog_thread(void *p)
{
	struct run_shared *sh = p;
	struct sched_param sp = { .sched_priority = sched_get_priority_max(SCHED_FIFO) };
	uint64_t t;

	pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	pthread_mutex_lock(&sh->lock);
	while (!sh->go)
		pthread_cond_wait(&sh->cond, &sh->lock);
	t = sh->start + sh->cfg->duration_ns + sh->cfg->grace_ns;
	pthread_mutex_unlock(&sh->lock);
	if (!sh->abort)
		sleep_until(t);
	sh->stop = 1;
	return NULL;
}

int run_taskset(const struct run_config *cfg, struct task_log *logs,
		unsigned int nlogs, uint64_t *start_ns)
{
	struct run_shared sh = { .cfg = cfg };
	struct thread_arg args[nlogs];
	pthread_t th[nlogs], wd;
	unsigned int i, created = 0;
	int err = 0, refused = 0, have_wd;

	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.cond, NULL);

	/*
	 * Threads are created one at a time and each finishes its
	 * sched_setattr() before the next starts, so admission happens in
	 * file order, as a user reading the file expects.
	 */
	for (i = 0; i < nlogs; i++) {
		args[i].sh = &sh;
		args[i].log = &logs[i];
		err = pthread_create(&th[i], NULL, task_thread, &args[i]);
		if (err)
			break;
		created++;
		pthread_mutex_lock(&sh.lock);
		while (sh.ready < (int)created)
			pthread_cond_wait(&sh.cond, &sh.lock);
		pthread_mutex_unlock(&sh.lock);
	}

	for (i = 0; i < created; i++)
		refused |= logs[i].setattr_ret != 0;
	have_wd = !pthread_create(&wd, NULL, watchdog_thread, &sh);

	pthread_mutex_lock(&sh.lock);
	sh.start = mono_ns() + cfg->start_margin_ns;
	sh.go = 1;
	sh.abort = err != 0 || (refused && cfg->all_or_nothing);
	pthread_cond_broadcast(&sh.cond);
	pthread_mutex_unlock(&sh.lock);

	for (i = 0; i < created; i++)
		pthread_join(th[i], NULL);
	if (have_wd) {
		sh.stop = 1;
		pthread_cancel(wd);	/* it may still sleep: end it */
		pthread_join(wd, NULL);
	}
	*start_ns = sh.start;
	if (err)
		return -err;
	return refused && cfg->all_or_nothing ? RUN_REFUSED : 0;
}
