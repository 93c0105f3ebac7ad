// SPDX-License-Identifier: GPL-2.0
/*
 * handoff.c - a turn handed back and forth between two pinned CPUs.
 *
 * Two SCHED_FIFO threads, on CPU A (which starts) and CPU T, pass a turn
 * word: the giver stamps the clock, stores the other's turn (release) and,
 * in futex mode, wakes it with FUTEX_WAKE; the other waits for its turn in
 * FUTEX_WAIT (futex mode: its CPU idles, the wake is an IPI), or spinning
 * with cpu_relax() (spin mode: YIELD, as a kernel spin-wait). A hand-off's
 * latency is the receiver's clock on seeing its turn minus the giver's
 * stamp (two CPUs' clocks); the round trip is A's own clock from its
 * stamp to its next turn. The first WARMUP rounds are not kept.
 *
 * Output: one row: mode,cpu_a,cpu_t,spinners,rounds,
 * at_p50_ns,at_p99_ns,at_max_ns (A to T), ta_p50_ns,ta_p99_ns,ta_max_ns
 * (T to A), rtt_p50_ns,rtt_p99_ns,rtt_max_ns
 */
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "args.h"
#include "probes.h"
#include "spin.h"
#include "stats.h"

#define WARMUP		50
#define FIFO_PRIO	50
#define NOBODY		0xff	/* before A's first turn */
#define ABORT		0xfe	/* a side could not start */

struct side {
	int cpu;
	uint32_t mine, other;
	struct samples lat;	/* hand-offs to this side */
	struct samples rtt;	/* A only */
	int failed;
};

static _Atomic uint32_t turn;
static _Atomic int64_t stamp;
static long rounds;
static int spin_mode;

static void wait_turn(uint32_t mine)
{
	uint32_t v;

	while ((v = atomic_load_explicit(&turn, memory_order_acquire)) != mine && v != ABORT) {
		if (spin_mode)
			cpu_relax();
		else
			syscall(SYS_futex, &turn, FUTEX_WAIT_PRIVATE, v, NULL, NULL, 0);
	}
}

static int64_t give_turn(uint32_t other)
{
	int64_t t = now_ns();
	uint32_t cur = atomic_load_explicit(&turn, memory_order_relaxed);

	atomic_store_explicit(&stamp, t, memory_order_relaxed);
	/* an ABORT stays */
	do {
		if (cur == ABORT)
			return t;
	} while (!atomic_compare_exchange_weak_explicit(&turn, &cur, other,
			memory_order_release, memory_order_relaxed));
	if (!spin_mode)
		syscall(SYS_futex, &turn, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	return t;
}

/* abort_turns - the other side must not wait for ever */
static void abort_turns(void)
{
	atomic_store(&turn, ABORT);
	syscall(SYS_futex, &turn, FUTEX_WAKE_PRIVATE, 2, NULL, NULL, 0);
}

static void *run_side(void *arg)
{
	struct side *s = arg;
	int64_t sent = 0, t;
	long i;

	if (cpu_pin(s->cpu) || sched_fifo(FIFO_PRIO)) {
		s->failed = 1;
		abort_turns();
		return NULL;
	}
	for (i = 0; i < WARMUP + rounds; i++) {
		if (s->mine == 0)
			sent = give_turn(s->other);
		wait_turn(s->mine);
		t = now_ns();
		if (atomic_load(&turn) == ABORT)
			return NULL;
		if (i >= WARMUP) {
			samples_add(&s->lat, t - atomic_load_explicit(&stamp, memory_order_relaxed));
			if (s->mine == 0)
				samples_add(&s->rtt, t - sent);
		}
		if (s->mine != 0)
			give_turn(s->other);
	}
	return NULL;
}

static const char usage[] = "-a CPU -t CPU [-m futex|spin] [-n ROUNDS] [-b BUSY_CPUS]";

int probe_handoff(int argc, char **argv)
{
	struct side a = { .cpu = -1, .mine = 0, .other = 1 };
	struct side b = { .cpu = -1, .mine = 1, .other = 0 };
	struct summary at, ta, rtt;
	struct cpulist busy = { 0 };
	pthread_t ta_thr, tb_thr;
	static const char *const modes[] = { "futex", "spin", NULL };
	const struct opt_spec spec[] = {
		{ 'a', OPT_CPU, &a.cpu, .required = 1 },
		{ 't', OPT_CPU, &b.cpu, .required = 1 },
		{ 'm', OPT_CHOICE, &spin_mode, .choices = modes },
		{ 'n', OPT_LONG, &rounds, .min = 1, .max = 10000000 },
		{ 'b', OPT_CPUS, &busy, .required = 0 },
	};
	int rc;

	rounds = 5000;
	spin_mode = 0;
	rc = args_parse(argc, argv, spec, sizeof(spec) / sizeof(spec[0]), usage);
	if (rc)
		return rc;
	if (a.cpu == b.cpu) {
		fprintf(stderr, "dlprobe handoff: -a and -t are both CPU %d\n", a.cpu);
		return 2;
	}
	if (samples_init(&a.lat, rounds) || samples_init(&b.lat, rounds) ||
	    samples_init(&a.rtt, rounds) || spin_start(&busy))
		return 1;
	atomic_store(&turn, NOBODY);
	if (pthread_create(&tb_thr, NULL, run_side, &b))
		return 1;
	if (pthread_create(&ta_thr, NULL, run_side, &a)) {
		abort_turns();
		pthread_join(tb_thr, NULL);
		return 1;
	}
	pthread_join(ta_thr, NULL);
	pthread_join(tb_thr, NULL);
	spin_stop();
	if (a.failed || b.failed)
		return 1;
	samples_summarize(&b.lat, &at);
	samples_summarize(&a.lat, &ta);
	samples_summarize(&a.rtt, &rtt);
	printf("mode,cpu_a,cpu_t,spinners,rounds,at_p50_ns,at_p99_ns,at_max_ns,ta_p50_ns,ta_p99_ns,ta_max_ns,rtt_p50_ns,rtt_p99_ns,rtt_max_ns\n");
	printf("%s,%d,%d,%d,%zu,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld\n",
	       spin_mode ? "spin" : "futex", a.cpu, b.cpu, busy.n, at.n,
	       (long long)at.p50, (long long)at.p99, (long long)at.max,
	       (long long)ta.p50, (long long)ta.p99, (long long)ta.max,
	       (long long)rtt.p50, (long long)rtt.p99, (long long)rtt.max);
	samples_free(&a.lat);
	samples_free(&b.lat);
	samples_free(&a.rtt);
	return 0;
}
