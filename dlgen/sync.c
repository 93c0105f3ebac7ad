// SPDX-License-Identifier: GPL-2.0
/*
 * sync.c - barriers, suspend/resume and mutexes between task threads.
 *
 * Barriers and suspend names share one lock and one condition variable
 * (they are rare next to the jobs' work): each has a generation that a
 * release moves on, so a waiter wakes for its own release only. The
 * mutexes are pthread mutexes, PTHREAD_PRIO_INHERIT with pi_enabled.
 * rt-app's condition variables (wait/signal/broad/sync) are pthread ones
 * waited on with the named mutex. Each waiter takes a ticket; a signal
 * grants the oldest ticket not yet granted (none waiting: it is lost, as
 * a pthread signal is), a broadcast every ticket taken so far. So a
 * spurious wake-up is not a wake-up, and a thread that starts waiting
 * after a signal (rt-app's sync: signal, then wait) cannot take it.
 *
 * A suspend name or condition variable whose every waking thread has
 * ended is dead: its waiters give up rather than wait for the watchdog.
 * Waits re-check that (and the watchdog's stop) every 100 ms.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "sync.h"

#define RECHECK_NS	100000000ULL

struct sync_item {
	unsigned int users;	/* barrier: threads still counted; else wakers */
	unsigned int arrived;	/* barrier: threads waiting now */
	uint64_t gen;		/* releases so far */
	atomic_int dead;	/* no thread left to wake it */
	pthread_mutex_t mtx;	/* OBJ_MUTEX */
	int mtx_ok;
	atomic_uint nwait;	/* OBJ_MUTEX: threads in sync_lock() */
	atomic_ulong since;	/* ... since when (the first of them), or 0 */
	pthread_cond_t cv;	/* OBJ_CONDVAR, CLOCK_MONOTONIC */
	int cv_ok;
	atomic_ulong tickets, granted;	/* OBJ_CONDVAR: waiters so far, woken so far */
};

struct sync_state {
	pthread_mutex_t lock;
	pthread_cond_t cond;	/* CLOCK_MONOTONIC */
	atomic_int stopped;
	unsigned int n;
	struct sync_item item[DLGEN_MAX_OBJS];
	enum obj_kind kind[DLGEN_MAX_OBJS];
};

static struct timespec ns_to_ts(uint64_t ns)
{
	struct timespec t = { (time_t)(ns / 1000000000ULL), (long)(ns % 1000000000ULL) };

	return t;
}

static uint64_t now_ns(clockid_t clk)
{
	struct timespec t;

	clock_gettime(clk, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

struct sync_state *sync_new(const struct taskset *ts)
{
	struct sync_state *s = calloc(1, sizeof(*s));
	pthread_condattr_t ca;
	pthread_mutexattr_t ma;
	unsigned int i;

	if (!s)
		return NULL;
	pthread_mutex_init(&s->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&s->cond, &ca);
	pthread_condattr_destroy(&ca);
	s->n = ts->nobjs;
	pthread_mutexattr_init(&ma);
	if (ts->pi_enabled && pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT)) {
		pthread_mutexattr_destroy(&ma);
		sync_free(s);
		return NULL;
	}
	for (i = 0; i < s->n; i++) {
		s->kind[i] = ts->objs[i].kind;
		s->item[i].users = ts->objs[i].users;
		if (s->kind[i] == OBJ_CONDVAR) {
			pthread_condattr_init(&ca);
			pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
			s->item[i].cv_ok = !pthread_cond_init(&s->item[i].cv, &ca);
			pthread_condattr_destroy(&ca);
			if (!s->item[i].cv_ok) {
				pthread_mutexattr_destroy(&ma);
				sync_free(s);
				return NULL;
			}
		}
		if (s->kind[i] == OBJ_MUTEX) {
			if (pthread_mutex_init(&s->item[i].mtx, &ma)) {
				pthread_mutexattr_destroy(&ma);
				sync_free(s);
				return NULL;
			}
			s->item[i].mtx_ok = 1;
		}
	}
	pthread_mutexattr_destroy(&ma);
	return s;
}

void sync_free(struct sync_state *s)
{
	unsigned int i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		if (s->item[i].mtx_ok)
			pthread_mutex_destroy(&s->item[i].mtx);
		if (s->item[i].cv_ok)
			pthread_cond_destroy(&s->item[i].cv);
	}
	pthread_cond_destroy(&s->cond);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

/* The next time a wait re-checks: in 100 ms, or @hard_ns. */
static struct timespec recheck(uint64_t hard_ns)
{
	uint64_t t = now_ns(CLOCK_MONOTONIC) + RECHECK_NS;

	return ns_to_ts(t < hard_ns ? t : hard_ns);
}

/* Under s->lock: wait until item @it's generation passes @gen. */
static int wait_gen(struct sync_state *s, struct sync_item *it, uint64_t gen,
		    uint64_t hard_ns)
{
	struct timespec until;

	while (it->gen == gen && !atomic_load(&s->stopped) && !atomic_load(&it->dead) &&
	       now_ns(CLOCK_MONOTONIC) < hard_ns) {
		until = recheck(hard_ns);
		pthread_cond_timedwait(&s->cond, &s->lock, &until);
	}
	return it->gen == gen ? -1 : 0;
}

/* Under s->lock: a barrier whose counted threads are all there opens. */
static void barrier_check(struct sync_state *s, struct sync_item *it)
{
	if (it->arrived && it->arrived >= it->users) {
		it->arrived = 0;
		it->gen++;
		pthread_cond_broadcast(&s->cond);
	}
}

int sync_barrier(struct sync_state *s, unsigned int obj, uint64_t hard_ns)
{
	struct sync_item *it = &s->item[obj];
	uint64_t gen;
	int ret;

	pthread_mutex_lock(&s->lock);
	gen = it->gen;
	it->arrived++;
	barrier_check(s, it);
	ret = wait_gen(s, it, gen, hard_ns);
	if (ret)
		it->arrived--;	/* stopped: no longer waiting */
	pthread_mutex_unlock(&s->lock);
	return ret;
}

int sync_suspend(struct sync_state *s, unsigned int obj, uint64_t hard_ns)
{
	struct sync_item *it = &s->item[obj];
	int ret;

	pthread_mutex_lock(&s->lock);
	ret = wait_gen(s, it, it->gen, hard_ns);
	pthread_mutex_unlock(&s->lock);
	return ret;
}

void sync_resume(struct sync_state *s, unsigned int obj)
{
	pthread_mutex_lock(&s->lock);
	s->item[obj].gen++;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}

int sync_lock(struct sync_state *s, unsigned int obj, uint64_t hard_ns)
{
	struct sync_item *it = &s->item[obj];
	uint64_t mono = now_ns(CLOCK_MONOTONIC), left;
	struct timespec until;
	int ret;

	/* who waits since when, for the holder's contended time (approximate) */
	if (!atomic_fetch_add(&it->nwait, 1))
		atomic_store(&it->since, mono);
	/* timedlock counts in CLOCK_REALTIME, also for PI mutexes */
	left = hard_ns > mono ? hard_ns - mono : 0;
	until = ns_to_ts(now_ns(CLOCK_REALTIME) + left);
	ret = pthread_mutex_timedlock(&it->mtx, &until) ? -1 : 0;
	if (atomic_fetch_sub(&it->nwait, 1) == 1)
		atomic_store(&it->since, 0);
	return ret;
}

uint64_t sync_waiting_since(struct sync_state *s, unsigned int obj)
{
	return atomic_load(&s->item[obj].nwait) ? atomic_load(&s->item[obj].since) : 0;
}

void sync_unlock(struct sync_state *s, unsigned int obj)
{
	pthread_mutex_unlock(&s->item[obj].mtx);
}

/* Grant the oldest waiting ticket of @it (@all: every one taken so far). */
static void cv_wake(struct sync_item *it, int all)
{
	unsigned long g = atomic_load(&it->granted), t;

	do {
		t = atomic_load(&it->tickets);
		if (g >= t)
			return;	/* nobody waits: lost */
	} while (!atomic_compare_exchange_weak(&it->granted, &g, all ? t : g + 1));
	pthread_cond_broadcast(&it->cv);
}

void sync_signal(struct sync_state *s, unsigned int obj, int all)
{
	cv_wake(&s->item[obj], all);
}

int sync_wait(struct sync_state *s, unsigned int obj, unsigned int mutex,
	      uint64_t hard_ns, int signal_first)
{
	struct sync_item *it = &s->item[obj];
	struct timespec until;
	unsigned long ticket;
	int ret = -1;

	if (signal_first)	/* rt-app's sync: wake one other, then wait */
		cv_wake(it, 0);
	ticket = atomic_fetch_add(&it->tickets, 1);
	for (;;) {
		if (atomic_load(&it->granted) > ticket) {
			ret = 0;
			break;
		}
		if (atomic_load(&s->stopped) || atomic_load(&it->dead) ||
		    now_ns(CLOCK_MONOTONIC) >= hard_ns)
			break;
		until = recheck(hard_ns);
		pthread_cond_timedwait(&it->cv, &s->item[mutex].mtx, &until);
	}
	return ret;
}

void sync_leave(struct sync_state *s, const struct task_spec *t)
{
	uint64_t seen = 0;
	unsigned int p, e;

	pthread_mutex_lock(&s->lock);
	for (p = 0; p < t->nphases; p++) {
		for (e = 0; e < t->phases[p].nevents; e++) {
			const struct event *ev = &t->phases[p].ev[e];
			struct sync_item *it = &s->item[ev->obj];
			int wakes = event_waits_wakes(ev) & 2;

			if ((ev->kind != EV_BARRIER && !wakes) || (seen & (1ULL << ev->obj)))
				continue;
			seen |= 1ULL << ev->obj;
			if (it->users)
				it->users--;
			if (ev->kind == EV_BARRIER) {
				barrier_check(s, it);
			} else if (!it->users) {
				/* nothing can wake it any more */
				atomic_store(&it->dead, 1);
				pthread_cond_broadcast(&s->cond);
				if (s->kind[ev->obj] == OBJ_CONDVAR)
					pthread_cond_broadcast(&it->cv);
			}
		}
	}
	pthread_mutex_unlock(&s->lock);
}

void sync_stop(struct sync_state *s)
{
	unsigned int i;

	pthread_mutex_lock(&s->lock);
	atomic_store(&s->stopped, 1);
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
	for (i = 0; i < s->n; i++)
		if (s->item[i].cv_ok)
			pthread_cond_broadcast(&s->item[i].cv);
}
