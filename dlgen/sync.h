/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DLGEN_SYNC_H
#define DLGEN_SYNC_H

#include <stdatomic.h>
#include <stdint.h>
#include "taskset.h"

/*
 * rt-app's synchronisation between the threads of a run: barriers,
 * suspend/resume on a name, and mutexes (priority inheritance with
 * global.pi_enabled). Every wait ends at the watchdog: at @hard_ns
 * (CLOCK_MONOTONIC) or when sync_stop() is called.
 */
struct sync_state;

/* The objects of @ts; NULL when memory or a mutex attribute fails. */
struct sync_state *sync_new(const struct taskset *ts);
void sync_free(struct sync_state *s);

/* 0 once every thread that uses barrier @obj is there; -1 if stopped first. */
int sync_barrier(struct sync_state *s, unsigned int obj, uint64_t hard_ns);
/*
 * 0 when a resume of @obj comes after the call; -1 if stopped first or
 * every thread that could resume it has ended.
 */
int sync_suspend(struct sync_state *s, unsigned int obj, uint64_t hard_ns);
/* Wake every thread suspended on @obj now (a resume nobody waits for is lost, as in rt-app). */
void sync_resume(struct sync_state *s, unsigned int obj);
/* 0 with mutex @obj held; -1 if the watchdog came first. */
int sync_lock(struct sync_state *s, unsigned int obj, uint64_t hard_ns);
void sync_unlock(struct sync_state *s, unsigned int obj);
/*
 * Since when another thread waits for mutex @obj (the first of those
 * waiting now; approximate when they come and go), 0 if none.
 */
uint64_t sync_waiting_since(struct sync_state *s, unsigned int obj);
/*
 * rt-app's wait (and sync, @signal_first): with mutex @mutex held, wait on
 * condition variable @obj; 0 when woken, -1 if stopped first or every
 * thread that could wake it has ended. The mutex is held again on return.
 */
int sync_wait(struct sync_state *s, unsigned int obj, unsigned int mutex,
	      uint64_t hard_ns, int signal_first);
/* signal (@all 0) or broad (@all 1): wake the threads waiting on @obj now. */
void sync_signal(struct sync_state *s, unsigned int obj, int all);
/*
 * A thread of @t ends (its loops are done, it was stopped or refused): it
 * no longer counts at its barriers, which may release the others.
 */
void sync_leave(struct sync_state *s, const struct task_spec *t);
/* The watchdog fired: wake every waiter. */
void sync_stop(struct sync_state *s);

#endif
