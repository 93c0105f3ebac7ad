// SPDX-License-Identifier: GPL-2.0
/*
 * clockwrap.c - can a counter reading behind the timekeeper's cycle_last
 * turn into a jump of CLOCK_REALTIME? (issue 28 finding 5; review of the
 * emulator v2, docs/reviews/qemu-quantum-v2.md finding 4)
 *
 * In the quantum mode two vCPUs' counters differ by up to a quantum, so a
 * vCPU can read the counter below the cycle_last another vCPU's tick has
 * just published. Linux 6.1's vDSO (and the kernel without
 * CONFIG_DEBUG_TIMEKEEPING) computes (((now - last) & mask) * mult + base)
 * >> shift modulo 2^64 (vdsotime.c): with the guest's counter at 62.5 MHz
 * (mask 2^57 - 1 as its boot log says, mult 2^27, shift 23; 2^57 * 2^27 is
 * 0 modulo 2^64) a reading d cycles behind gives base - d * mult, a small
 * step back, unless base < d * mult, when it gives about 2^41 ns (2199 s)
 * ahead. Two things publish a new cycle_last: clock_settime()
 * (the counter value it read, with the realtime set as base) and the
 * timekeeper's tick (a whole number of intervals past the last one). The
 * probe makes each happen on purpose:
 * 1. Observe: readers on the CPUs of -b watch the vDSO data ([vvar]) for
 *    the tick's updates; the interval is the smallest step of cycle_last,
 *    the phase the earliest counter value (modulo the interval) at which
 *    a reader saw an update.
 * 2. Scan: for each offset of -o, -w, -s the thread on -c calls
 *    clock_settime() at a counter value chosen so that the lattice of
 *    cycle_last values (whole intervals from the value clock_settime
 *    read) has a point OFFSET after that phase, and sets the realtime's
 *    nanoseconds to -z NSEC: by default 1 s less one interval, so that a
 *    second boundary falls on the next lattice point (the base the tick
 *    publishes there is 0); -z 0 a whole second, as `date -s` sets it
 *    (the base clock_settime publishes is 0; an RTC's hctosys sets half
 *    a second). Then it waits
 *    -i intervals.
 * 3. Each reader counts, per step, its consistent snapshots of the vDSO
 *    data with the counter below cycle_last, told apart by the base they
 *    carry: behind the value clock_settime read (behind_settime) or a
 *    tick's (behind_tick), with the deepest of each in ns; those the vDSO
 *    arithmetic turns into more than 100 s ahead (predicted); and jumps of
 *    its own CLOCK_REALTIME readings of more than 100 s forward (jumps:
 *    the vDSO's answer itself).
 * Output: freq_hz, mult, shift, interval_cycles, set_nsec, then per step:
 * step, offset_ns (the lattice point's actual offset from the phase),
 * settime_ns (counter from the call to the value clock_settime read),
 * reads, behind_settime, settime_max_ns, behind_tick, tick_max_ns,
 * predicted, jumps, jump_max_s (summed over the readers). Needs arm64
 * (the counter is read directly) and CAP_SYS_TIME.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "probes.h"
#include "readers.h"
#include "vdsotime.h"

#define JUMP_NS		100000000000LL	/* 100 s */
#define MAX_OBS		64
#define MAX_STEPS	1000
#define OBSERVE		-1
#define STOP		INT_MAX

struct step_count {
	long long reads, behind_set, behind_tick, predicted, jumps;
	int64_t set_max, tick_max, jump_max;
};

struct wreader {
	int cpu, failed, nobs;
	uint64_t obs[MAX_OBS], obs_last[MAX_OBS];
	struct step_count *steps;
} __attribute__((aligned(64)));

static const volatile struct vdso_page *vd;
static _Atomic int cur_step;
static _Atomic uint64_t set_base;	/* the base clock_settime gives */
static uint64_t freq;

#if defined(__aarch64__)
static inline uint64_t counter(void)
{
	uint64_t c;

	asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(c) :: "memory");
	return c;
}

static uint64_t counter_freq(void)
{
	uint64_t f;

	asm volatile("mrs %0, cntfrq_el0" : "=r"(f));
	return f;
}
#else
static inline uint64_t counter(void) { return 0; }
static uint64_t counter_freq(void) { return 0; }
#endif

static int64_t realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t cycles_to_ns(int64_t c)
{
	return c * 1000000000 / (int64_t)freq;
}

/* a consistent snapshot of the data a reading uses; 0 if an update raced */
static int snapshot(uint64_t *last, uint64_t *base, uint64_t *now)
{
	uint32_t seq = __atomic_load_n(&vd->seq, __ATOMIC_ACQUIRE);

	if (seq & 1)
		return 0;
	*last = vd->cycle_last;
	*base = vd->basetime[CLOCK_REALTIME].nsec;
	*now = counter();
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return __atomic_load_n(&vd->seq, __ATOMIC_RELAXED) == seq;
}

static void *read_clock(void *arg)
{
	struct wreader *r = arg;
	uint64_t last, base, now, seen = 0;
	uint64_t mask = vd->mask;
	uint32_t mult = vd->mult, shift = vd->shift;
	int64_t t, prev;
	int s;

	if (cpu_pin(r->cpu)) {
		r->failed = 1;
		return NULL;
	}
	prev = realtime_ns();
	while ((s = atomic_load_explicit(&cur_step, memory_order_relaxed)) != STOP) {
		struct step_count *c;

		if (!snapshot(&last, &base, &now))
			continue;
		if (s == OBSERVE) {
			if (last != seen && seen && r->nobs < MAX_OBS) {
				r->obs[r->nobs] = now;
				r->obs_last[r->nobs++] = last;
			}
			seen = last;
			continue;
		}
		c = &r->steps[s];
		c->reads++;
		if ((int64_t)(now - last) < 0) {
			int64_t d = cycles_to_ns(last - now);

			/* behind the value clock_settime read, or a tick's */
			if (base == atomic_load_explicit(&set_base, memory_order_relaxed)) {
				c->behind_set++;
				if (d > c->set_max)
					c->set_max = d;
			} else {
				c->behind_tick++;
				if (d > c->tick_max)
					c->tick_max = d;
			}
			if (vdso_ns(now, last, mask, mult, shift, base) > (uint64_t)JUMP_NS)
				c->predicted++;
		}
		t = realtime_ns();
		if (t - prev > JUMP_NS) {
			c->jumps++;
			if (t - prev > c->jump_max)
				c->jump_max = t - prev;
		}
		prev = t;
	}
	return NULL;
}

static const volatile struct vdso_page *find_vvar(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[256];
	unsigned long start = 0;

	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "[vvar]")) {
			start = strtoul(line, NULL, 16);
			break;
		}
	fclose(f);
	return (const volatile struct vdso_page *)start;
}

/* cycle_last once no update is in progress and it differs from OLD */
static uint64_t new_last(uint64_t old)
{
	uint64_t last, base, now;

	while (!snapshot(&last, &base, &now) || last == old)
		;
	return last;
}

/* X modulo M in (-M/2, M/2] */
static int64_t centred(int64_t x, int64_t m)
{
	x %= m;
	if (x > m / 2)
		x -= m;
	else if (x <= -m / 2)
		x += m;
	return x;
}

static const char usage[] = "-c CPU -b CPUS [-o START_NS] [-w WIDTH_NS] [-s STEP_NS] [-i UPDATES] [-O OBSERVE_MS] [-z NSEC]";

int probe_clockwrap(int argc, char **argv)
{
	static struct wreader readers[MAX_CPUS];
	pthread_t threads[MAX_CPUS];
	struct cpulist cpus = { 0 };
	long start = -5000, width = 20000, step = 250, dwell = 3, observe_ms = 100, nsec = -1;
	int setter = -1, i, k, n = 0, nsteps, rc;
	const struct opt_spec spec[] = {
		{ 'c', OPT_CPU, &setter, .required = 1 },
		{ 'b', OPT_CPUS, &cpus, .required = 1 },
		{ 'o', OPT_LONG, &start, .min = -1000000, .max = 1000000 },
		{ 'w', OPT_LONG, &width, .min = 1, .max = 1000000 },
		{ 's', OPT_LONG, &step, .min = 1, .max = 1000000 },
		{ 'i', OPT_LONG, &dwell, .min = 2, .max = 1000 },
		{ 'O', OPT_LONG, &observe_ms, .min = 10, .max = 10000 },
		{ 'z', OPT_LONG, &nsec, .min = -1, .max = 999999999 },
	};
	int64_t phase = 0, best, interval = 0, interval_ns, *offset, *lat;
	uint64_t last, l0, target, now;
	struct timespec ts;

	rc = args_parse(argc, argv, spec, sizeof(spec) / sizeof(spec[0]), usage);
	if (rc)
		return rc;
	nsteps = (int)(width / step);
	if (nsteps < 1 || nsteps > MAX_STEPS) {
		fprintf(stderr, "dlprobe clockwrap: -w %ld / -s %ld: %d steps, not 1..%d\n",
			width, step, nsteps, MAX_STEPS);
		return 2;
	}
	for (i = 0; i < cpus.n; i++)
		if (cpus.cpu[i] == setter) {
			fprintf(stderr, "dlprobe clockwrap: -b %d: the setter's CPU (-c) reads nothing\n", setter);
			return 2;
		}
	if (cpus.n < 1) {
		fprintf(stderr, "dlprobe clockwrap: -b needs a CPU\n");
		return 2;
	}
	freq = counter_freq();
	vd = find_vvar();
	if (!freq || !vd) {
		fprintf(stderr, "dlprobe clockwrap: needs arm64 and a vDSO data page ([vvar])\n");
		return 1;
	}
	if (!vd->clock_mode || !vd->mult || vd->shift > 63) {
		fprintf(stderr, "dlprobe clockwrap: [vvar]: clock_mode %d mult %u shift %u: not 6.1's high-resolution vDSO data\n",
			vd->clock_mode, vd->mult, vd->shift);
		return 1;
	}
	offset = calloc(nsteps, sizeof(*offset));
	lat = calloc(nsteps, sizeof(*lat));
	if (!offset || !lat || cpu_pin(setter))
		return 1;
	atomic_store(&cur_step, OBSERVE);
	for (i = 0; i < cpus.n; i++) {
		memset(&readers[i], 0, sizeof(readers[i]));
		readers[i].cpu = cpus.cpu[i];
		readers[i].steps = calloc(nsteps, sizeof(struct step_count));
		if (!readers[i].steps)
			return 1;
	}
	n = readers_start(threads, &cpus, read_clock, readers, sizeof(readers[0]),
			  "clockwrap");
	if (n < cpus.n) {
		atomic_store(&cur_step, STOP);
		rc = 1;
		goto join;
	}
	/* 1. observe, spinning: an idle setter CPU could hand the tick on */
	now = counter();
	while (counter() - now < (uint64_t)observe_ms * freq / 1000)
		;
	atomic_store(&cur_step, STOP);
	readers_join(threads, n);
	for (i = 0; i < n; i++) {
		struct wreader *r = &readers[i];

		if (r->failed)
			rc = 1;
		for (k = 1; k < r->nobs; k++)
			if (r->obs_last[k] > r->obs_last[k - 1] &&
			    (!interval || (int64_t)(r->obs_last[k] - r->obs_last[k - 1]) < interval))
				interval = r->obs_last[k] - r->obs_last[k - 1];
	}
	if (rc)
		return rc;
	if (!interval) {
		fprintf(stderr, "dlprobe clockwrap: no two timekeeping updates seen in %ld ms\n", observe_ms);
		return 1;
	}
	/* the earliest sight of an update, relative to the first one's */
	best = INT64_MAX;
	for (i = 0; i < n; i++)
		for (k = 0; k < readers[i].nobs; k++) {
			int64_t ph;

			if (best == INT64_MAX)
				phase = (int64_t)readers[i].obs[k];
			ph = centred((int64_t)readers[i].obs[k] - phase, interval);
			if (ph < best)
				best = ph;
		}
	phase += best;
	interval_ns = cycles_to_ns(interval);
	if (cycles_to_ns(interval) * (int64_t)freq != interval * 1000000000) {
		fprintf(stderr, "dlprobe clockwrap: an interval of %lld cycles is not whole ns at %llu Hz\n",
			(long long)interval, (unsigned long long)freq);
		return 1;
	}

	/*
	 * 2. scan, the readers counting per step; each clock_settime moves
	 * realtime forward by less than 2 s, far below a jump
	 */
	atomic_store(&cur_step, OBSERVE);	/* not the calibration's */
	n = readers_start(threads, &cpus, read_clock, readers, sizeof(readers[0]),
			  "clockwrap");
	if (n < cpus.n)
		rc = 1;
	/* the call's lead: from the call to the counter clock_settime reads */
	last = vd->cycle_last;
	now = counter();
	/* forward only: the kernel refuses a realtime before the boot's */
	ts.tv_sec = realtime_ns() / 1000000000 + 1;
	ts.tv_nsec = 0;
	if (!rc && clock_settime(CLOCK_REALTIME, &ts)) {
		perror("dlprobe clockwrap: clock_settime");
		rc = 1;
	}
	l0 = rc ? 0 : new_last(last);
	for (k = 0; !rc && k < nsteps; k++) {
		int64_t want = (start + k * step) * (int64_t)freq / 1000000000;
		uint64_t lead = l0 - now;

		/* the next call time, at least a quarter interval ahead */
		now = counter();
		target = phase + want - lead;
		target += ((int64_t)(now - target) / interval + 1) * interval;
		if (target - now < (uint64_t)interval / 4)
			target += interval;
		atomic_store(&cur_step, k);
		while (counter() < target)
			;
		last = vd->cycle_last;
		now = counter();
		ts.tv_sec = realtime_ns() / 1000000000 + 1;
		ts.tv_nsec = nsec >= 0 ? nsec : 1000000000 - interval_ns;
		atomic_store(&set_base, (uint64_t)ts.tv_nsec << vd->shift);
		if (clock_settime(CLOCK_REALTIME, &ts)) {
			perror("dlprobe clockwrap: clock_settime");
			rc = 1;
			break;
		}
		l0 = new_last(last);
		offset[k] = cycles_to_ns(centred((int64_t)(l0 - phase), interval));
		lat[k] = cycles_to_ns(l0 - now);
		while (counter() < l0 + dwell * interval)
			;
	}
	atomic_store(&cur_step, STOP);
join:
	readers_join(threads, n);
	if (rc)
		return rc;

	printf("freq_hz,mult,shift,interval_cycles,set_nsec,step,offset_ns,settime_ns,reads,behind_settime,settime_max_ns,behind_tick,tick_max_ns,predicted,jumps,jump_max_s\n");
	for (k = 0; k < nsteps; k++) {
		struct step_count sum = { 0 };

		for (i = 0; i < n; i++) {
			struct step_count *c = &readers[i].steps[k];

			sum.reads += c->reads;
			sum.behind_set += c->behind_set;
			sum.behind_tick += c->behind_tick;
			sum.predicted += c->predicted;
			sum.jumps += c->jumps;
			if (c->set_max > sum.set_max)
				sum.set_max = c->set_max;
			if (c->tick_max > sum.tick_max)
				sum.tick_max = c->tick_max;
			if (c->jump_max > sum.jump_max)
				sum.jump_max = c->jump_max;
		}
		printf("%llu,%u,%u,%lld,%ld,%d,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%.3f\n",
		       (unsigned long long)freq, vd->mult, vd->shift, (long long)interval,
		       nsec >= 0 ? nsec : 1000000000 - interval_ns, k, (long long)offset[k],
		       (long long)lat[k], sum.reads, sum.behind_set, (long long)sum.set_max,
		       sum.behind_tick, (long long)sum.tick_max, sum.predicted, sum.jumps,
		       sum.jump_max / 1e9);
	}
	return 0;
}
