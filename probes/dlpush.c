// SPDX-License-Identifier: GPL-2.0
/*
 * dlpush.c - how long the kernel's SCHED_DEADLINE push takes to move a
 * task between two CPUs, each way (issue 28: push migration latency
 * LITTLE->big and big->LITTLE on HiKey960).
 *
 * A mover X, SCHED_DEADLINE (runtime -r, deadline and period -m) and
 * allowed on CPUs A and B only, spins reading CLOCK_MONOTONIC and its CPU
 * (sched_getcpu() on both sides of the clock read, again until they
 * agree); moves.c sorts the readings. Two kickers, SCHED_DEADLINE, Y_A
 * pinned to A and Y_B to B, wake on absolute timers every -p, Y_B half a
 * period after Y_A, spin -w and sleep. A kicker's deadline is half its
 * period after its wake-up, X's -m after its replenishment; X's runtime
 * lasts -r of wall time or more (preempted, or on a CPU whose runtime
 * accounting is scaled by its capacity: -r x 1024 / 462 on a LITTLE one),
 * so keep -m well above -r plus half of -p (refused unless -m - -r > -p /
 * 2). So when Y_A wakes on A while X runs there, Y_A preempts X, and the
 * kernel pushes X (push_dl_task()) to B, which holds no DL task; half a
 * period later Y_B sends it back. X's gap across the change of CPU is the
 * push's latency: X's last reading on the CPU it left to its first on the
 * other, two CPUs' clocks (as handoff.c), so it includes Y's wake-up and
 * switch-in on the CPU left, the push and the other CPU's switch to X.
 *
 * X is throttled for -m minus -r (at least) of each period: those gaps are
 * longer than -g and counted apart (long_gaps), as is a move across such a
 * gap (long_moves: the replenishment enqueues X on the CPU it was
 * throttled on, and the kernel pushes it from there at once to the other
 * CPU if another DL entity is queued there: a kicker, or on 6.12 and
 * later possibly the fair server; seen on the host's 6.18, mostly one
 * way).
 * Gaps over -t without a change of CPU (ticks, interrupts, a kicker that
 * did not push) are interruptions.
 *
 * The kickers' affinity is narrower than their root domain, which the
 * kernel refuses to SCHED_DEADLINE while its admission control is on
 * (sched_setattr: EPERM): the probe writes -1 to
 * /proc/sys/kernel/sched_rt_runtime_us for its run, which also turns RT
 * throttling off, and writes the value found back before it prints, on
 * every exit the process can catch (admission.c); the rows say both. An
 * exclusive cpuset does not help: a kicker's one CPU would still be
 * narrower than a root domain holding A and B.
 *
 * Capacity (HiKey960: LITTLE 462, big 1024): on asymmetric CPUs the push
 * goes only to a CPU X fits (capacity x -m / 1024 >= -r, dl_task_fits_
 * capacity()), else to the largest: the defaults, 4 ms every 10 ms
 * (462 x 10 / 1024 = 4.51 ms), fit a LITTLE CPU, so both directions push.
 *
 * Output: one row per direction (A->B, B->A): direction,cpu_from,cpu_to,
 * migrations (gap up to -g),p50_ns,p99_ns,max_ns (of their gaps),
 * long_moves, interruptions and long_gaps on cpu_from (no change of CPU;
 * gap over -t up to -g, over -g), kicks (wake-ups of cpu_from's kicker),
 * rt_runtime_us (the value found, back in place), run_rt_runtime_us
 * (during the run: -1), then the part of the move spent on cpu_from, on
 * its clock alone: leaves (moves matched to a kick) and leave_p50_ns,
 * leave_p99_ns (empty with none), from X's last reading there to the
 * first reading its kicker on that CPU took after a wake-up at or after
 * it, within half a kick period, each wake-up matched once: meant to be
 * the kick that caused the move, which the probe does not check. It
 * covers the rest of X's loop after that reading, the timer's interrupt,
 * the kicker's wake-up and switch-in, the push (in that switch's balance
 * callback) and the kicker's return to user space. X, being moved, and
 * the other kicker, asleep, read no clock in between, so in dlcap's
 * quantum mode the counter mark (a read never below another vCPU's)
 * leaves that interval alone as long as no quantum ends between the push
 * and the kicker's reading (X could then read on the other CPU first):
 * an argument, not measured. p50_ns less leave_p50_ns is roughly the
 * other CPU's part and the crossing between the two clocks. Exit 1 if a
 * thread cannot get its CPUs or SCHED_DEADLINE, the value cannot be
 * changed or written back.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#include "admission.h"
#include "args.h"
#include "moves.h"
#include "probes.h"

#define WARMUP_NS	20000000	/* from the last thread ready to the start */
#define POLL		{ 0, 1000000 }	/* 1 ms */

struct kicker {
	int cpu, failed;
	int64_t offset;		/* its first wake-up after the start */
	long long kicks;
	struct samples woke;	/* its first reading after each wake-up, ns */
	struct samples leave;	/* the part on its CPU of each move away */
};

static _Atomic int64_t start_ns;	/* 0 until every thread is ready */
static _Atomic int ready, stop;
static int64_t end_ns, kick_ns, work_ns;
static int64_t mover_runtime, mover_period;
static struct moves moves;
static int mover_failed;

/* wait for the start (or an abort), sleeping */
static int64_t wait_start(void)
{
	const struct timespec poll = POLL;
	int64_t s;

	atomic_fetch_add(&ready, 1);
	while (!(s = atomic_load(&start_ns)) && !atomic_load(&stop))
		nanosleep(&poll, NULL);
	return s;
}

static inline void reading(int64_t *t, int *cpu)
{
	int before;

	do {
		before = sched_getcpu();
		*t = now_ns();
		*cpu = sched_getcpu();
	} while (*cpu != before);
}

static void *move(void *arg)
{
	struct cpulist ab = { .n = 2, .cpu = { moves.side[0].cpu, moves.side[1].cpu } };
	int64_t s, t;
	int cpu;

	(void)arg;
	if (cpu_allow(&ab) || sched_deadline(mover_runtime, mover_period, mover_period)) {
		mover_failed = 1;
		atomic_store(&stop, 1);
		return NULL;
	}
	s = wait_start();
	if (!s)
		return NULL;
	while (now_ns() < s)
		;
	do {
		reading(&t, &cpu);
		moves_add(&moves, t, cpu);
	} while (t < end_ns && !atomic_load_explicit(&stop, memory_order_relaxed));
	return NULL;
}

static void *kick(void *arg)
{
	struct kicker *k = arg;
	int64_t next, t;

	if (cpu_pin(k->cpu) || sched_deadline(2 * work_ns + 50000, kick_ns / 2, kick_ns)) {
		k->failed = 1;
		atomic_store(&stop, 1);
		return NULL;
	}
	next = wait_start();
	if (!next)
		return NULL;
	for (next += k->offset; next < end_ns && !atomic_load(&stop); next += kick_ns) {
		struct timespec ts = ns_to_ts(next);

		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		t = now_ns();
		k->kicks++;
		samples_add(&k->woke, t);
		while (now_ns() < t + work_ns)
			;
	}
	return NULL;
}

static void print_row(const struct move_side *from, const struct move_side *to,
		      struct kicker *k, long rt_runtime)
{
	struct samples lat = from->lat;
	struct summary sum, lsum;
	char p50[24] = "", p99[24] = "";

	samples_summarize(&lat, &sum);
	/* a kick half a period after the departure is another one's */
	moves_leave_times(&from->left, &k->woke, kick_ns / 2, &k->leave);
	if (!samples_summarize(&k->leave, &lsum)) {
		snprintf(p50, sizeof(p50), "%lld", (long long)lsum.p50);
		snprintf(p99, sizeof(p99), "%lld", (long long)lsum.p99);
	}
	printf("%s,%d,%d,%zu,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%ld,-1,%zu,%s,%s\n",
	       from == &moves.side[0] ? "A->B" : "B->A", from->cpu, to->cpu,
	       lat.n + lat.dropped, (long long)sum.p50, (long long)sum.p99,
	       (long long)sum.max, from->long_moves, from->stays, from->long_stays,
	       k->kicks, rt_runtime, k->leave.n, p50, p99);
}

static void kicker_free(struct kicker *k)
{
	samples_free(&k->woke);
	samples_free(&k->leave);
}

static const char usage[] = "-a CPU -b CPU [-d DURATION_MS] [-t THRESHOLD_NS] [-g MAX_GAP_NS] "
	"[-p KICK_PERIOD_US] [-w KICK_WORK_US] [-r RUNTIME_US] [-m PERIOD_US]";

int probe_dlpush(int argc, char **argv)
{
	const struct timespec poll = POLL;
	struct kicker ka = { .cpu = -1 }, kb = { .cpu = -1 };
	long duration_ms = 1000, threshold = 1000, max_gap = 1000000;
	long period_us = 1000, work_us = 20, runtime_us = 4000, mperiod_us = 10000;
	long rt_runtime;
	size_t cap;
	pthread_t xt, at, bt;
	int rc, started = 0;
	const struct opt_spec spec[] = {
		{ 'a', OPT_CPU, &ka.cpu, .required = 1 },
		{ 'b', OPT_CPU, &kb.cpu, .required = 1 },
		{ 'd', OPT_LONG, &duration_ms, .min = 1, .max = 600000 },
		{ 't', OPT_LONG, &threshold, .min = 100, .max = 10000000 },
		{ 'g', OPT_LONG, &max_gap, .min = 1000, .max = 1000000000 },
		{ 'p', OPT_LONG, &period_us, .min = 100, .max = 1000000 },
		{ 'w', OPT_LONG, &work_us, .min = 0, .max = 100000 },
		{ 'r', OPT_LONG, &runtime_us, .min = 100, .max = 1000000 },
		{ 'm', OPT_LONG, &mperiod_us, .min = 200, .max = 10000000 },
	};

	rc = args_parse(argc, argv, spec, sizeof(spec) / sizeof(spec[0]), usage);
	if (rc)
		return rc;
	if (ka.cpu == kb.cpu) {
		fprintf(stderr, "dlprobe dlpush: -a and -b are both CPU %d\n", ka.cpu);
		return 2;
	}
	if (max_gap <= threshold) {
		fprintf(stderr, "dlprobe dlpush: -g %ld: the longest move must exceed the threshold (-t %ld)\n",
			max_gap, threshold);
		return 2;
	}
	if (2 * work_us + 50 > period_us / 2) {
		fprintf(stderr, "dlprobe dlpush: -w %ld: the kicker's runtime 2 x %ld + 50 us must fit half its period (-p %ld)\n",
			work_us, work_us, period_us);
		return 2;
	}
	if (mperiod_us - runtime_us <= period_us / 2) {
		fprintf(stderr, "dlprobe dlpush: -r %ld: the mover's slack (-m %ld less -r) must exceed half the kick period (-p %ld)\n",
			runtime_us, mperiod_us, period_us);
		return 2;
	}
	kick_ns = period_us * 1000;
	work_ns = work_us * 1000;
	mover_runtime = runtime_us * 1000;
	mover_period = mperiod_us * 1000;
	ka.offset = kick_ns;
	kb.offset = kick_ns + kick_ns / 2;
	/* a move away from a CPU needs a wake-up of its kicker */
	cap = duration_ms * 1000 / period_us + 1024;
	if (moves_init(&moves, ka.cpu, kb.cpu, threshold, max_gap, cap))
		return 1;
	if (samples_init(&ka.woke, cap) || samples_init(&kb.woke, cap) ||
	    samples_init(&ka.leave, cap) || samples_init(&kb.leave, cap))
		goto err_free;
	if (admission_off("dlpush", &rt_runtime))
		goto err_free;

	atomic_store(&start_ns, 0);
	atomic_store(&ready, 0);
	atomic_store(&stop, 0);
	rc = 1;
	if (pthread_create(&xt, NULL, move, NULL))
		goto out;
	started++;
	if (pthread_create(&at, NULL, kick, &ka))
		goto out;
	started++;
	if (pthread_create(&bt, NULL, kick, &kb))
		goto out;
	started++;
	while (atomic_load(&ready) < 3 && !atomic_load(&stop))
		nanosleep(&poll, NULL);
	end_ns = now_ns() + WARMUP_NS + duration_ms * 1000000;
	atomic_store(&start_ns, end_ns - duration_ms * 1000000);
	rc = 0;
out:
	if (rc)
		atomic_store(&stop, 1);
	if (started > 0)
		pthread_join(xt, NULL);
	if (started > 1)
		pthread_join(at, NULL);
	if (started > 2)
		pthread_join(bt, NULL);
	if (rc || mover_failed || ka.failed || kb.failed)
		rc = 1;
	if (admission_restore("dlpush"))
		rc = 1;
	if (!rc) {
		printf("direction,cpu_from,cpu_to,migrations,p50_ns,p99_ns,max_ns,long_moves,interruptions,long_gaps,kicks,rt_runtime_us,run_rt_runtime_us,leaves,leave_p50_ns,leave_p99_ns\n");
		print_row(&moves.side[0], &moves.side[1], &ka, rt_runtime);
		print_row(&moves.side[1], &moves.side[0], &kb, rt_runtime);
	} else if (started < 3 && !mover_failed && !ka.failed && !kb.failed) {
		fprintf(stderr, "dlprobe dlpush: cannot start its threads\n");
	}
	kicker_free(&ka);
	kicker_free(&kb);
	moves_free(&moves);
	return rc;

err_free:
	kicker_free(&ka);
	kicker_free(&kb);
	moves_free(&moves);
	return 1;
}
