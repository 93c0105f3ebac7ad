/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dlst.h - dlselftest: dlcap's own in-guest implementation of the
 * SCHED_DEADLINE kselftests of Juri Lelli's RFC series "selftests/sched:
 * SCHED_DEADLINE tests" (LKML, 2026-03-06; EXPERIMENTS.md section 23),
 * one test per RFC test, the same inputs and pass/fail rule; where this
 * version differs, tests.c says so at the test.
 */
#ifndef DLST_H
#define DLST_H

#include <stdint.h>
#include <sys/types.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

enum verdict { PASS, SKIP, FAIL };

struct dlst_test {
	const char *name;
	const char *what;	/* one line: what the RFC test checks */
	enum verdict (*run)(void);
};

extern const struct dlst_test dlst_tests[];
extern const int dlst_ntests;

/* "#   ..." detail lines on stdout (TAP comments) */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static inline uint64_t ms_ns(uint64_t ms) { return ms * 1000000ULL; }

/* sched_setattr(2) with SCHED_DEADLINE and these parameters (ns). */
int dl_setattr(pid_t tid, uint64_t runtime, uint64_t deadline, uint64_t period);
/* The policy /proc/PID/sched shows, or -1. */
int proc_policy(pid_t pid);
/* utime + stime of PID in clock ticks, or -1 (as uint64_t: UINT64_MAX). */
uint64_t proc_ticks(pid_t pid);
/* One unsigned number from a file; 0 or -1. */
int read_u64(const char *path, uint64_t *v);
/* Write one number into a file; 0, or -1 with errno the write's. */
int write_u64(const char *path, uint64_t v);
/* sched_rt_runtime_us and sched_rt_period_us (the kernel's defaults
 * 950000 and 1000000 without /proc/sys); 0 or -1. After a read from
 * /proc/sys, notes the root domain's total_bw (note_total_bw()). */
int rt_bandwidth(uint64_t *runtime_us, uint64_t *period_us);
/* Note the root domain's allocated DL bandwidth from sched/debug:
 * "total_bw WHEN: N" ("unknown" when it cannot be read). */
void note_total_bw(const char *when);
/* The servers' percent on cpu0, summed over /sys/kernel/debug/sched/[*]_server. */
int servers_pct(void);
/* Whether /sys/kernel/debug/sched/fair_server exists. */
int have_fair_server(void);
/* CPU's fair server runtime and (if period) period in ns; 0 or -1. */
int fair_server_get(int cpu, uint64_t *runtime, uint64_t *period);
int fair_server_set_runtime(int cpu, uint64_t runtime);
/* The CPU's capacity from sysfs, or -1. */
long cpu_capacity(int cpu);
int online_cpus(void);

/*
 * A busy child: pinned to cpu (unless cpu < 0), under SCHED_FIFO prio if
 * fifo_prio > 0, busy for secs seconds (0: until killed), then exits 0.
 * With period > 0 the parent gives it SCHED_DEADLINE (runtime, deadline,
 * period) once it exists; when that is refused, the child is reaped and
 * -1 is returned with errno the refusal's.
 */
pid_t hog_start(int cpu, int fifo_prio, uint64_t runtime, uint64_t deadline,
		uint64_t period, int secs);
/* SIGTERM, up to 1 s for it to exit, then SIGKILL; reaped either way. */
void hog_stop(pid_t pid);

#endif
