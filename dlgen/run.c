// SPDX-License-Identifier: GPL-2.0
/*
 * run.c - one thread per task instance: set the scheduling policy with
 * sched_setattr(), wait for the common start, then release jobs
 * periodically and do each job's emulated work.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
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
#include "sync.h"

struct run_shared {
	const struct run_config *cfg;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int ready;		/* threads past sched_setattr() */
	int go;
	int done;		/* every task thread returned: the watchdog may go */
	int abort;		/* set-up failed: run no jobs */
	atomic_int stop;	/* the watchdog fired */
	atomic_int cg_failed;	/* a thread could not move into its taskgroup */
	uint64_t start;		/* common time zero, CLOCK_MONOTONIC ns */
	struct sync_state *sync;	/* barriers, suspend names, mutexes */
	int io_fd;		/* global.io_device, for iorun; -1 if unused */
	atomic_uint io_errors;	/* iorun events cut by a failed write */
	/* fork: the logs of each OBJ_FORK's threads, first and count, and the next */
	struct task_log *logs;
	struct thread_arg *args;
	pthread_t *th;
	unsigned char *made;	/* th[i] was created */
	pthread_attr_t *attr;
	unsigned int fork_first[DLGEN_MAX_OBJS], fork_n[DLGEN_MAX_OBJS];
	atomic_uint fork_next[DLGEN_MAX_OBJS];
};


/* What a task thread holds besides its log. */
struct thread_res {
	unsigned char *buf;	/* mem and iorun's buffer, NULL if neither */
	size_t size;
	uint64_t held;		/* the mutexes it holds (taskset.objs[] bits) */
	uint64_t attempt[DLGEN_MAX_OBJS], acquired[DLGEN_MAX_OBJS];	/* of each held */
	int statfd;		/* /proc/self/task/TID/stat with pi_enabled, else -1 */
	long normal_prio;	/* its "priority" field when not boosted */
	int pi;			/* global.pi_enabled */
	const char *group;	/* the taskgroup it is in; "": not moved (dlgen's own) */
};

struct thread_arg {
	struct run_shared *sh;
	struct task_log *log;
	uint64_t start;		/* a forked thread's start; 0: the common one */
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

/*
 * Sleep until CLOCK_MONOTONIC is a multiple of @period_ns, on the first CPU
 * this thread may use: two kernels whose boots took different times then
 * create the threads at the same instant, from the same CPU, with every CPU
 * idle (and its PELT averages decayed) before it (--align-ms).  The
 * affinity is restored afterwards, so the task threads inherit the
 * caller's.
 */
static void align_start(uint64_t period_ns)
{
	cpu_set_t saved, first;
	int c, pinned = 0;

	if (!sched_getaffinity(0, sizeof(saved), &saved)) {
		CPU_ZERO(&first);
		for (c = 0; c < CPU_SETSIZE && !CPU_COUNT(&first); c++)
			if (CPU_ISSET(c, &saved))
				CPU_SET(c, &first);
		pinned = !sched_setaffinity(0, sizeof(first), &first);
	}
	sleep_until((mono_ns() / period_ns + 1) * period_ns);
	if (pinned)
		sched_setaffinity(0, sizeof(saved), &saved);
}

/* SIGXCPUs of SCHED_FLAG_DL_OVERRUN, counted by the thread that got them. */
static __thread volatile sig_atomic_t overruns;

static void on_sigxcpu(int sig)
{
	(void)sig;
	overruns++;
}

/* "cpus": the thread's affinity, set before its policy. */
static int set_affinity(const struct task_spec *t)
{
	cpu_set_t set;
	int c;

	if (!t->have_cpus)
		return 0;
	CPU_ZERO(&set);
	for (c = 0; c < DLGEN_MAX_CPUS && c < CPU_SETSIZE; c++)
		if (t->cpus[c / 64] & (1ULL << (c % 64)))
			CPU_SET(c, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/*
 * Per-phase "cpus": at each phase's start, its own CPUs, else the task's
 * affinity (@base). Best effort: a refusal leaves the affinity as it was.
 */
static void set_phase_affinity(const struct phase *ph, const cpu_set_t *base)
{
	cpu_set_t set;
	int c;

	if (!ph->have_cpus) {
		sched_setaffinity(0, sizeof(*base), base);
		return;
	}
	CPU_ZERO(&set);
	for (c = 0; c < DLGEN_MAX_CPUS && c < CPU_SETSIZE; c++)
		if (ph->cpus[c / 64] & (1ULL << (c % 64)))
			CPU_SET(c, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static int task_uses_buffer(const struct task_spec *t)
{
	unsigned int p, e;

	for (p = 0; p < t->nphases; p++)
		for (e = 0; e < t->phases[p].nevents; e++)
			if (t->phases[p].ev[e].kind == EV_MEM ||
			    t->phases[p].ev[e].kind == EV_IORUN)
				return 1;
	return 0;
}

static int taskset_uses_io(const struct taskset *ts)
{
	unsigned int i, p, e;

	for (i = 0; i < ts->ntasks; i++)
		for (p = 0; p < ts->tasks[i].nphases; p++)
			for (e = 0; e < ts->tasks[i].phases[p].nevents; e++)
				if (ts->tasks[i].phases[p].ev[e].kind == EV_IORUN)
					return 1;
	return 0;
}

/*
 * With pi_enabled, a thread that locks mutexes reads its effective
 * priority at each unlock: its stat file, and the value it has unboosted
 * (SCHED_FIFO/RR: -1 - priority; SCHED_OTHER: 20 + nice). SCHED_DEADLINE
 * inherits a deadline, which that field does not show: not read.
 */
static void open_prio(struct thread_res *tr, const struct task_log *l, int pi_enabled)
{
	const struct task_spec *t = l->spec;
	char path[64];

	tr->statfd = -1;
	tr->pi = pi_enabled;
	if (!pi_enabled || !l->locks || t->policy == POLICY_DEADLINE)
		return;
	tr->normal_prio = t->policy == POLICY_OTHER ? 20 + t->nice : -1 - (long)t->priority;
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)l->tid);
	tr->statfd = open(path, O_RDONLY | O_CLOEXEC);
}

static int task_has_phase_cpus(const struct task_spec *t)
{
	unsigned int p;

	for (p = 0; p < t->nphases; p++)
		if (t->phases[p].have_cpus)
			return 1;
	return 0;
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
		attr.sched_nice = t->nice;	/* rt-app's "priority" */
		attr.sched_runtime = t->dl_runtime_ns;	/* custom slice (6.12+) */
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

/*
 * The CBS deadline of the calling DL thread, from the "dl.deadline" line of
 * /proc/self/task/TID/sched (CONFIG_SCHED_DEBUG); 0 if unreadable. @fd is
 * the open file (-1 to skip).
 */
static uint64_t cbs_deadline(int fd)
{
	char buf[16384], *p;
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return 0;
	/* the whole file: with schedstats on, dl.deadline sits past 4 KiB */
	while (len < sizeof(buf) - 1 &&
	       (n = pread(fd, buf + len, sizeof(buf) - 1 - len, (off_t)len)) > 0)
		len += (size_t)n;
	if (!len)
		return 0;
	buf[len] = 0;
	p = strstr(buf, "dl.deadline");
	if (!p || !(p = strchr(p, ':')))
		return 0;
	return strtoull(p + 1, NULL, 10);
}

/* The job an instance is in: opened at a release, closed at a timer. */
struct job_state {
	struct job_record *j;	/* NULL: the log is full */
	struct cpu_trace tr;
	uint64_t work;
	unsigned int ov;
	int active;		/* an event ran since the release */
	int schedfd;		/* /proc/self/task/TID/sched, or -1 */
	uint64_t dl0;		/* CBS deadline when the job started */
};

static void job_open(struct task_log *l, struct job_state *js, uint64_t release,
		     uint64_t timer_ns, unsigned int phase)
{
	uint64_t rel_dl = task_relative_deadline(l->spec, timer_ns);
	int fd = js->schedfd;

	memset(js, 0, sizeof(*js));
	js->schedfd = fd;
	cpu_trace_init(&js->tr);
	js->ov = overruns;
	if (l->njobs >= l->maxjobs)
		return;
	js->j = &l->jobs[l->njobs];
	memset(js->j, 0, sizeof(*js->j));
	js->j->release = release;
	js->j->deadline = rel_dl ? release + rel_dl : 0;
	js->j->phase = phase;
	js->j->throttles = -1;
}

/* Close the job; one in which no event ran is not a job and is not logged. */
static void job_close(struct task_log *l, struct job_state *js, int cut)
{
	if (!js->j || !js->active)
		return;
	job_finish(js->j, mono_ns(), js->work, &js->tr);
	js->j->overruns = overruns - js->ov;
	js->j->cut = cut;
	/* every replenishment after a throttle moves the deadline one period */
	if (js->dl0 && l->spec->dl_period_ns) {
		uint64_t dl1 = cbs_deadline(js->schedfd);

		if (dl1 >= js->dl0)
			js->j->throttles = (int)((dl1 - js->dl0 + l->spec->dl_period_ns / 2) /
						 l->spec->dl_period_ns);
	}
	l->njobs++;
	js->j = NULL;
}

static void job_mark_start(struct job_state *js)
{
	if (js->j && !js->active) {
		/* the CBS deadline once the job runs, before its first event */
		js->dl0 = cbs_deadline(js->schedfd);
		js->j->start = mono_ns();
	}
	js->active = 1;
}

/* The first timer period of @ph, for the deadline of its first job. */
static uint64_t phase_timer_ns(const struct phase *ph)
{
	unsigned int e;

	for (e = 0; e < ph->nevents; e++)
		if (ph->ev[e].kind == EV_TIMER)
			return ph->ev[e].ns;
	return 0;
}

static void *task_thread(void *p);

/* rt-app's fork: start the next thread of the task fork @obj names, now. */
static void fork_thread(struct run_shared *sh, unsigned int obj)
{
	unsigned int k = atomic_fetch_add(&sh->fork_next[obj], 1), i;

	if (k >= sh->fork_n[obj])
		return;	/* counted in advance: cannot happen */
	i = sh->fork_first[obj] + k;
	sh->args[i] = (struct thread_arg){ sh, &sh->logs[i], 0 };
	sh->args[i].start = mono_ns();
	sh->logs[i].started = 1;
	if (pthread_create(&sh->th[i], sh->attr, task_thread, &sh->args[i]))
		sh->logs[i].started = 0;
	else
		sh->made[i] = 1;
}

/*
 * The "priority" field (18) of /proc/self/task/TID/stat: the thread's
 * effective priority, which priority inheritance raises; LONG_MAX if
 * unreadable.
 */
static long effective_prio(int fd)
{
	char buf[512], *p;
	ssize_t n;
	int f;

	if (fd < 0 || (n = pread(fd, buf, sizeof(buf) - 1, 0)) <= 0)
		return LONG_MAX;
	buf[n] = 0;
	p = strrchr(buf, ')');	/* the command may hold spaces */
	for (f = 2; p && f < 18; f++)
		p = strchr(p + 1, ' ');
	return p ? strtol(p + 1, NULL, 10) : LONG_MAX;
}

/*
 * Unlock mutex @obj and log the hold (locks.csv): its wait, its span, how
 * long another thread waited for it meanwhile, and whether the thread's
 * priority was raised at the end of it (with pi_enabled; -1 unknown).
 */
static void unlock_logged(struct sync_state *s, struct task_log *l, struct thread_res *tr,
			  unsigned int obj)
{
	uint64_t now = mono_ns(), since = sync_waiting_since(s, obj);
	struct lock_record *r = NULL;
	long prio = LONG_MAX;

	if (tr->statfd >= 0)
		prio = effective_prio(tr->statfd);
	sync_unlock(s, obj);
	tr->held &= ~(1ULL << obj);
	if (!l->locks)
		return;
	if (l->nlocks == DLGEN_MAX_LOCKS) {
		l->locks_dropped++;
		return;
	}
	r = &l->locks[l->nlocks++];
	r->job = l->njobs;
	r->mutex = obj;
	r->attempt = tr->attempt[obj];
	r->acquired = tr->acquired[obj];
	r->released = now;
	if (since && since < r->acquired)
		since = r->acquired;
	r->contended_ns = since && now > since ? now - since : 0;
	if (tr->statfd >= 0 && prio != LONG_MAX)
		r->boosted = prio < tr->normal_prio;
	else if (!tr->pi && l->spec->policy != POLICY_DEADLINE)
		r->boosted = 0;	/* no inheritance without pi_enabled */
	else
		r->boosted = -1;
}

/* A blocking event; -1 when the watchdog came first (the job is cut). */
static int block_on(struct sync_state *s, const struct event *ev, uint64_t hard,
		    struct thread_res *tr)
{
	switch (ev->kind) {
	case EV_BARRIER:
		return sync_barrier(s, ev->obj, hard);
	case EV_SUSPEND:
		return sync_suspend(s, ev->obj, hard);
	case EV_LOCK:
		tr->attempt[ev->obj] = mono_ns();
		if (sync_lock(s, ev->obj, hard))
			return -1;
		tr->acquired[ev->obj] = mono_ns();
		tr->held |= 1ULL << ev->obj;
		return 0;
	case EV_WAIT:
	case EV_SYNC:
		return sync_wait(s, ev->obj, ev->mutex, hard, ev->kind == EV_SYNC);
	default:
		return 0;
	}
}

/* A move into a taskgroup failed: the run stops (every wait ends). */
static void cgroup_failed(struct run_shared *sh)
{
	atomic_store(&sh->cg_failed, 1);
	atomic_store(&sh->stop, 1);
	sync_stop(sh->sync);
}

/* Move the calling thread into @group unless it is there; -1 on failure. */
static int move_to(struct run_shared *sh, struct task_log *l, struct thread_res *tr,
		   const char *group)
{
	int e;

	if (!sh->cfg->cgroups || !strcmp(group, tr->group))
		return 0;
	e = cgroup_move(sh->cfg->cgroups, group, l->tid);
	if (e) {
		cgroup_move_error(sh->cfg->cgroups, group, l->tid, l->spec->name, -e, stderr);
		cgroup_failed(sh);
		return -1;
	}
	tr->group = group;
	return 0;
}

/*
 * rt-app's taskgroup of phase @p: the phase's own, else the thread stays
 * where it is (the previous phase's group, or the task's).
 */
static int move_for_phase(struct run_shared *sh, struct task_log *l, struct thread_res *tr,
			  unsigned int p)
{
	const struct phase *ph = &l->spec->phases[p];

	return ph->taskgroup[0] ? move_to(sh, l, tr, ph->taskgroup) : 0;
}

/* taskgroups.csv: where the thread runs phase @p of pass @pass. */
static void note_phase_group(struct task_log *l, const struct thread_res *tr,
			     unsigned int p, int pass)
{
	struct tg_record *r;

	if (!l->tgs)
		return;
	r = &l->tgs[2 * p + (pass > 0)];
	if (!r->passes++) {
		r->taskgroup = tr->group;
		cgroup_of_thread(l->tid, r->cgroup, sizeof(r->cgroup));
	}
}

/*
 * Run the task's events: phases in order, each repeated its loop count,
 * the whole repeated the task's loop count. A job starts at a release -
 * the task's or a phase's start, a timer's expiry, or the start of a pass
 * of a phase without a timer - and ends at the next timer or at the end of
 * that pass. Releases stop at start + duration.
 */
static void run_jobs(const struct run_config *cfg, struct run_shared *sh,
		     struct task_log *l, uint64_t start, int schedfd, struct thread_res *tr)
{
	const struct task_spec *t = l->spec;
	int phase_cpus = task_has_phase_cpus(t);
	cpu_set_t base;
	uint64_t stop = start + cfg->duration_ns;
	uint64_t hard = stop + cfg->grace_ns;
	uint64_t tnext[DLGEN_MAX_EVENTS];
	struct job_state js;
	int pass, it;
	unsigned int p, e;

	int tloop = t->loop, ploop = 1;
	long long passes;

	/*
	 * One phase repeated by the task's loop is one phase with the loops
	 * multiplied: its timers keep one schedule and a job spans passes.
	 */
	if (t->nphases == 1) {
		/* in 64 bits: 100000 x 100000 passes wrapped to "forever" */
		passes = (long long)tloop * t->phases[0].loop;
		ploop = tloop < 0 || t->phases[0].loop < 0 ? DLGEN_LOOP_FOREVER :
			passes > INT_MAX ? INT_MAX : (int)passes;
		tloop = 1;
	}
	js.schedfd = schedfd;
	if (phase_cpus && sched_getaffinity(0, sizeof(base), &base))
		phase_cpus = 0;
	sleep_until(start + t->delay_ns);
	for (pass = 0; tloop < 0 || pass < tloop; pass++) {
		for (p = 0; p < t->nphases; p++) {
			const struct phase *ph = &t->phases[p];
			uint64_t t0, ptimer = phase_timer_ns(ph);

			/* a move is before the phase's first release (the first's: at set-up) */
			if ((pass || p) && move_for_phase(sh, l, tr, p))
				return;
			/* the task's first release is its nominal start */
			t0 = pass || p ? mono_ns() : start + t->delay_ns;
			if (t0 >= stop || atomic_load(&sh->stop) || l->njobs >= l->maxjobs)
				return;
			note_phase_group(l, tr, p, pass);
			if (phase_cpus)
				set_phase_affinity(ph, &base);
			/* absolute timers: expiries t0 + k * period, k >= 1 */
			for (e = 0; e < ph->nevents; e++)
				tnext[e] = t0;
			job_open(l, &js, t0, ptimer, p);
			if (t->nphases > 1)
				ploop = ph->loop;
			for (it = 0; ploop < 0 || it < ploop; it++) {
				if (it && !ptimer) {
					/* no timer: every pass is a job */
					job_close(l, &js, 0);
					if (mono_ns() >= stop || atomic_load(&sh->stop))
						return;
					job_open(l, &js, mono_ns(), 0, p);
				}
				for (e = 0; e < ph->nevents; e++) {
					const struct event *ev = &ph->ev[e];
					uint64_t until;

					if (atomic_load(&sh->stop)) {
						job_close(l, &js, 1);
						return;
					}
					switch (ev->kind) {
					case EV_RUN:
						job_mark_start(&js);
						if (cfg->loops)
							js.work += work_loops(cfg->caps, cfg->loops, ev->ns,
									      &js.tr, l->busy_ns, &sh->stop);
						else
							js.work += work_emulated(cfg->caps, ev->ns, &js.tr,
										 l->busy_ns, &sh->stop);
						break;
					case EV_RUNTIME:
						job_mark_start(&js);
						js.work += work_for_time(cfg->caps, mono_ns() + ev->ns,
									 &js.tr, l->busy_ns, &sh->stop);
						break;
					case EV_SLEEP:
						job_mark_start(&js);
						until = mono_ns() + ev->ns;
						if (until > hard) {
							/* past the watchdog: cut here */
							sleep_until(hard);
							job_close(l, &js, 1);
							return;
						}
						sleep_until(until);
						break;
					case EV_YIELD:
						job_mark_start(&js);
						sched_yield();
						break;
					case EV_TIMER:
						job_close(l, &js, 0);
						if (ev->relative) {
							until = mono_ns() + ev->ns;
						} else {
							tnext[e] += ev->ns;
							until = tnext[e];
						}
						if (until >= stop || l->njobs >= l->maxjobs)
							return;
						sleep_until(until);
						job_open(l, &js, until, ev->ns, p);
						break;
					case EV_BARRIER:
					case EV_SUSPEND:
					case EV_LOCK:
					case EV_WAIT:
					case EV_SYNC:
						/* blocking: part of the job, as a sleep */
						job_mark_start(&js);
						if (block_on(sh->sync, ev, hard, tr)) {
							job_close(l, &js, 1);
							return;
						}
						break;
					case EV_RESUME:
						job_mark_start(&js);
						sync_resume(sh->sync, ev->obj);
						break;
					case EV_UNLOCK:
						job_mark_start(&js);
						unlock_logged(sh->sync, l, tr, ev->obj);
						break;
					case EV_SIGNAL:
					case EV_BROADCAST:
						job_mark_start(&js);
						sync_signal(sh->sync, ev->obj, ev->kind == EV_BROADCAST);
						break;
					case EV_FORK:
						job_mark_start(&js);
						fork_thread(sh, ev->obj);
						break;
					case EV_MEM:
						job_mark_start(&js);
						work_mem(tr->buf, tr->size, ev->ns);
						break;
					case EV_IORUN:
						job_mark_start(&js);
						if (work_io(sh->io_fd, tr->buf, tr->size, ev->ns))
							atomic_fetch_add(&sh->io_errors, 1);
						break;
					}
				}
			}
			job_close(l, &js, atomic_load(&sh->stop) != 0);
		}
	}
}

static void *task_thread(void *p)
{
	struct thread_arg *a = p;
	struct run_shared *sh = a->sh;
	struct task_log *l = a->log;
	struct thread_res *tr = calloc(1, sizeof(*tr));
	uint64_t start;
	unsigned int o;

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
	l->setattr_ret = set_affinity(l->spec);
	if (!l->setattr_ret)
		l->setattr_ret = set_policy(l->spec);
	l->setattr_errno = l->setattr_ret ? errno : 0;
	if (!l->setattr_ret && !tr) {
		l->setattr_ret = -1;
		l->setattr_errno = ENOMEM;
	}
	/*
	 * The task's taskgroup after its policy, as rt-app does, then the
	 * first phase's: at set-up, before the common start (a move waits for
	 * the cgroup threadgroup lock; rt-app makes the second at the phase).
	 */
	if (tr) {
		tr->group = "";	/* "" to "": no move */
		if (!l->setattr_ret && !move_to(sh, l, tr, l->spec->taskgroup))
			move_for_phase(sh, l, tr, 0);
	}
	/* mem and iorun: a buffer of its own, allocated (and locked) now */
	if (!l->setattr_ret && task_uses_buffer(l->spec)) {
		tr->size = (size_t)sh->cfg->ts->mem_buffer_size;
		tr->buf = calloc(1, tr->size);
		if (!tr->buf) {
			l->setattr_ret = -1;
			l->setattr_errno = ENOMEM;
		}
	}
	if (tr)
		open_prio(tr, l, sh->cfg->ts->pi_enabled);

	pthread_mutex_lock(&sh->lock);
	sh->ready++;
	pthread_cond_broadcast(&sh->cond);
	while (!sh->go)
		pthread_cond_wait(&sh->cond, &sh->lock);
	start = a->start ? a->start : sh->start;
	pthread_mutex_unlock(&sh->lock);

	/* A task the kernel refused runs no jobs: that is the result. */
	if (l->setattr_ret == 0 && !sh->abort) {
		int fd = -1;

		/* --count-throttles: the CBS deadline of a DL thread, per job */
		if (sh->cfg->count_throttles && l->spec->policy == POLICY_DEADLINE) {
			char path[64];

			snprintf(path, sizeof(path), "/proc/self/task/%d/sched", (int)l->tid);
			fd = open(path, O_RDONLY | O_CLOEXEC);
		}
		run_jobs(sh->cfg, sh, l, start, fd, tr);
		if (fd >= 0)
			close(fd);
	}
	/* a thread stopped inside a lock/unlock pair lets the others go */
	for (o = 0; tr && o < DLGEN_MAX_OBJS; o++)
		if (tr->held & (1ULL << o))
			sync_unlock(sh->sync, o);
	sync_leave(sh->sync, l->spec);
	/* back to the root, as rt-app: its groups can then be removed (best effort) */
	if (tr && tr->group[0] && strcmp(tr->group, "/"))
		cgroup_move(sh->cfg->cgroups, "/", l->tid);
	if (tr) {
		if (tr->statfd >= 0)
			close(tr->statfd);
		free(tr->buf);
		free(tr);
	}
	return NULL;
}

double run_bench_logging(const struct capacity_table *ct, unsigned int n)
{
	static struct task_spec t = { .name = "bench", .policy = POLICY_OTHER, .nphases = 1 };
	struct task_log l;
	struct job_state js = { .schedfd = -1 };
	uint64_t t0, t1;
	unsigned int k;

	t.phases[0].nevents = 1;
	t.phases[0].ev[0] = (struct event){ .kind = EV_TIMER, .ns = 1000 };
	t.phases[0].loop = (int)n;
	t.loop = 1;
	if (task_log_alloc(&l, &t, 0, (uint64_t)n * 1000, ct->ncpus) || l.maxjobs < n)
		return -1;
	t0 = mono_ns();
	for (k = 0; k < n; k++) {
		/* what a job costs besides its events: open, first event, close */
		job_open(&l, &js, t0 + (uint64_t)k * 1000, 1000, 0);
		job_mark_start(&js);
		cpu_trace_add(&js.tr, sched_getcpu());
		job_close(&l, &js, 0);
	}
	t1 = mono_ns();
	task_log_free(&l);
	return (double)(t1 - t0) / n;
}

/*
 * The watchdog: at the highest SCHED_FIFO priority when allowed, so that
 * spinning RT tasks cannot hold it off; it waits until start + duration +
 * grace, then tells every job to stop where it is. It is woken early when
 * every task thread has returned (not cancelled: a cancelled thread's
 * frames are never unwound cleanly, which ASan reported).
 */
static void *watchdog_thread(void *p)
{
	struct run_shared *sh = p;
	struct sched_param sp = { .sched_priority = sched_get_priority_max(SCHED_FIFO) };
	struct timespec ts;
	uint64_t t;

	pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	pthread_mutex_lock(&sh->lock);
	while (!sh->go)
		pthread_cond_wait(&sh->cond, &sh->lock);
	t = sh->start + sh->cfg->duration_ns + sh->cfg->grace_ns;
	ts.tv_sec = (time_t)(t / 1000000000ULL);
	ts.tv_nsec = (long)(t % 1000000000ULL);
	while (!sh->done && !sh->abort &&
	       pthread_cond_timedwait(&sh->cond, &sh->lock, &ts) != ETIMEDOUT)
		;
	pthread_mutex_unlock(&sh->lock);
	atomic_store(&sh->stop, 1);
	sync_stop(sh->sync);
	return NULL;
}

/* Where each fork's threads are: the forked logs of the task it names. */
static void fork_slots(struct run_shared *sh, struct task_log *logs, unsigned int nlogs,
		       struct thread_arg *args, pthread_t *th, unsigned char *made,
		       pthread_attr_t *attr)
{
	const struct taskset *ts = sh->cfg->ts;
	unsigned int o, i;

	sh->logs = logs;
	sh->args = args;
	sh->th = th;
	sh->made = made;
	sh->attr = attr;
	for (o = 0; o < ts->nobjs; o++) {
		if (ts->objs[o].kind != OBJ_FORK)
			continue;
		for (i = 0; i < nlogs; i++) {
			if (!logs[i].forked || strcmp(logs[i].spec->name, ts->objs[o].name))
				continue;
			if (!sh->fork_n[o])
				sh->fork_first[o] = i;
			sh->fork_n[o]++;
		}
	}
}

int run_taskset(const struct run_config *cfg, struct task_log *logs,
		unsigned int nlogs, uint64_t *start_ns)
{
	struct run_shared sh = { .cfg = cfg };
	struct thread_arg args[nlogs];
	pthread_t th[nlogs], wd;
	unsigned char made[nlogs];
	unsigned int i, created = 0;
	int err = 0, refused = 0, have_wd;
	sigset_t xcpu, oldmask;
	pthread_attr_t attr;
	pthread_condattr_t cattr;

	/*
	 * Stacks of a known size: dlgen mlockall()s before creating threads,
	 * and with the default 8 MiB stacks thread creation failed near 100
	 * instances in a 1 GiB guest (DLGEN_MAX_THREADS x this is locked).
	 */
	sh.io_fd = -1;
	if (taskset_uses_io(cfg->ts)) {
		/* rt-app's: created if missing, written, never read */
		sh.io_fd = open(cfg->ts->io_device, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
		if (sh.io_fd < 0) {
			err = errno;
			fprintf(stderr, "dlgen: global.io_device %s: %s\n", cfg->ts->io_device,
				strerror(err));
			return -err;
		}
	}
	sh.sync = sync_new(cfg->ts);
	if (!sh.sync) {
		if (sh.io_fd >= 0)
			close(sh.io_fd);
		return -ENOMEM;
	}
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, DLGEN_THREAD_STACK);
	pthread_mutex_init(&sh.lock, NULL);
	/* the watchdog's timed wait is against CLOCK_MONOTONIC, as the jobs */
	pthread_condattr_init(&cattr);
	pthread_condattr_setclock(&cattr, CLOCK_MONOTONIC);
	pthread_cond_init(&sh.cond, &cattr);
	pthread_condattr_destroy(&cattr);
	/*
	 * The kernel sends SIGXCPU of SCHED_FLAG_DL_OVERRUN to the process:
	 * block it here (threads inherit the mask) so that only the threads
	 * that asked for it, which unblock it, can receive and count it.
	 */
	sigemptyset(&xcpu);
	sigaddset(&xcpu, SIGXCPU);
	pthread_sigmask(SIG_BLOCK, &xcpu, &oldmask);

	if (cfg->align_ns)
		align_start(cfg->align_ns);

	/*
	 * Threads are created one at a time and each finishes its
	 * sched_setattr() before the next starts, so admission happens in
	 * file order, as a user reading the file expects.
	 */
	memset(made, 0, sizeof(made));
	fork_slots(&sh, logs, nlogs, args, th, made, &attr);
	for (i = 0; i < nlogs; i++) {
		if (logs[i].forked)
			continue;	/* started by a fork event, if at all */
		args[i] = (struct thread_arg){ &sh, &logs[i], 0 };
		err = pthread_create(&th[i], &attr, task_thread, &args[i]);
		if (err)
			break;
		made[i] = 1;
		created++;
		pthread_mutex_lock(&sh.lock);
		while (sh.ready < (int)created)
			pthread_cond_wait(&sh.cond, &sh.lock);
		pthread_mutex_unlock(&sh.lock);
	}

	for (i = 0; i < nlogs; i++)
		refused |= made[i] && logs[i].setattr_ret != 0;
	have_wd = !pthread_create(&wd, &attr, watchdog_thread, &sh);

	pthread_mutex_lock(&sh.lock);
	sh.start = mono_ns() + cfg->start_margin_ns;
	sh.go = 1;
	sh.abort = err != 0 || (refused && cfg->all_or_nothing) || atomic_load(&sh.cg_failed);
	pthread_cond_broadcast(&sh.cond);
	pthread_mutex_unlock(&sh.lock);

	/* the common threads first: only they fork, so then every fork is made */
	for (i = 0; i < nlogs; i++)
		if (made[i] && !logs[i].forked)
			pthread_join(th[i], NULL);
	for (i = 0; i < nlogs; i++)
		if (made[i] && logs[i].forked)
			pthread_join(th[i], NULL);
	pthread_attr_destroy(&attr);
	if (have_wd) {
		pthread_mutex_lock(&sh.lock);
		sh.done = 1;	/* it may still wait: end it */
		pthread_cond_broadcast(&sh.cond);
		pthread_mutex_unlock(&sh.lock);
		pthread_join(wd, NULL);
	}
	pthread_sigmask(SIG_SETMASK, &oldmask, NULL);
	sync_free(sh.sync);
	if (sh.io_fd >= 0)
		close(sh.io_fd);
	if (atomic_load(&sh.io_errors))
		fprintf(stderr, "dlgen: %u iorun events were cut by a failed write to %s\n",
			atomic_load(&sh.io_errors), cfg->ts->io_device);
	*start_ns = sh.start;
	if (err)
		return -err;
	if (atomic_load(&sh.cg_failed))
		return RUN_CGROUP_FAILED;
	return refused && cfg->all_or_nothing ? RUN_REFUSED : 0;
}
