// SPDX-License-Identifier: GPL-2.0
/*
 * work.c - capacity-emulating busy work.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "work.h"

int capacity_table_read(struct capacity_table *ct, const char *sysfs_cpu)
{
	char path[256];
	unsigned int n;

	ct->ncpus = 0;
	for (n = 0; n < DLGEN_MAX_CPUS; n++) {
		FILE *f;
		unsigned int cap = 1024;

		snprintf(path, sizeof(path), "%s/cpu%u", sysfs_cpu, n);
		f = fopen(path, "r");
		if (!f)
			break;
		fclose(f);
		snprintf(path, sizeof(path), "%s/cpu%u/cpu_capacity", sysfs_cpu, n);
		f = fopen(path, "r");
		if (f) {
			if (fscanf(f, "%u", &cap) != 1 || cap == 0 || cap > 1024)
				cap = 1024;
			fclose(f);
		}
		ct->cap[n] = cap;
		ct->ncpus = n + 1;
	}
	return ct->ncpus ? (int)ct->ncpus : -1;
}

uint64_t work_scaled(const struct capacity_table *ct, int cpu,
		     uint64_t cputime_ns)
{
	unsigned int cap = 1024;

	if (cpu >= 0 && (unsigned int)cpu < ct->ncpus)
		cap = ct->cap[cpu];
	return cputime_ns * cap / 1024;
}

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* The busy loop: a data dependency the compiler cannot remove or fold. */
static uint64_t loop_sink;

static void busy_loops(uint64_t n)
{
	uint64_t x = loop_sink | 1;

	while (n--)
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
	__atomic_store_n(&loop_sink, x, __ATOMIC_RELAXED);
}

#define CALIB_LOOPS	200000ULL
#define LOOPS_CHUNK	20000ULL
/* The first pass of emulated work: about 3 us on a 1024 CPU */
#define EMU_FIRST_LOOPS	1000ULL

/*
 * One sample of the work loops: the thread CPU time since *@last, charged
 * to the CPU the thread is on now (a migration misattributes at most one
 * pass) in @busy_ns and @tr. Returns that time as capacity-1024 work.
 */
static uint64_t work_sample(const struct capacity_table *ct, struct cpu_trace *tr,
			    uint64_t *busy_ns, uint64_t *last)
{
	uint64_t now = clock_ns(CLOCK_THREAD_CPUTIME_ID), delta = now - *last;
	int cpu = sched_getcpu();

	cpu_trace_add(tr, cpu);
	if (cpu >= 0 && (unsigned int)cpu < ct->ncpus)
		busy_ns[cpu] += delta;
	*last = now;
	return work_scaled(ct, cpu, delta);
}

/*
 * Busy loops between two work samples: half of the work left at the pace of
 * the last pass, at most LOOPS_CHUNK. Sampling after every pass cost two
 * syscalls per pass; under TCG a syscall is costly on the host too, and
 * pure sampling made emulated work 3.5 times as expensive per guest second
 * as calibrated loops (EXPERIMENTS.md section 2). Halving keeps the
 * overshoot at the end to about one sample.
 */
static uint64_t next_chunk(uint64_t loops, uint64_t pass_work, uint64_t left)
{
	uint64_t n;

	if (!loops || !pass_work)
		return loops;	/* bare samples stay bare */
	n = (uint64_t)((double)left / 2 * (double)loops / (double)pass_work);
	return n < LOOPS_CHUNK ? n : LOOPS_CHUNK;
}

uint64_t work_emulated(const struct capacity_table *ct, uint64_t want_ns,
		       struct cpu_trace *tr, uint64_t *busy_ns,
		       const atomic_int *stop)
{
	uint64_t done = 0, loops = EMU_FIRST_LOOPS;
	uint64_t last = clock_ns(CLOCK_THREAD_CPUTIME_ID);

	cpu_trace_add(tr, sched_getcpu());
	/*
	 * Time spent preempted is not thread CPU time, so it is never
	 * charged; a pass of 0 loops is a bare sample.
	 */
	while (done < want_ns && !atomic_load_explicit(stop, memory_order_relaxed)) {
		uint64_t w;

		busy_loops(loops);
		w = work_sample(ct, tr, busy_ns, &last);
		done += w;
		if (done < want_ns)
			loops = next_chunk(loops, w, want_ns - done);
	}
	return done;
}

uint64_t work_for_time(const struct capacity_table *ct, uint64_t until_ns,
		       struct cpu_trace *tr, uint64_t *busy_ns,
		       const atomic_int *stop)
{
	uint64_t done = 0, last = clock_ns(CLOCK_THREAD_CPUTIME_ID);

	cpu_trace_add(tr, sched_getcpu());
	while (clock_ns(CLOCK_MONOTONIC) < until_ns && !atomic_load_explicit(stop, memory_order_relaxed))
		done += work_sample(ct, tr, busy_ns, &last);
	return done;
}


/*
 * Loops as work_loops() runs them: in chunks, each followed by the two
 * syscalls of a work sample. Calibrating with the samples included makes a
 * job's loops take the time asked for; on an emulated CPU a syscall costs
 * thousands of instructions, and a calibration without them made 5.5 and
 * 10 ms jobs take 1.5-2.2 times longer (EXPERIMENTS.md section 2).
 *
 * The calibration runs in the fair class, a job usually in DL, where the
 * CPU-time syscall also runs update_curr_dl(): a few hundred instructions
 * more per sample. With 2000-loop chunks that made DL jobs' loops 1.4%
 * longer than calibrated; 20000-loop chunks (about 60 us on a 1024 CPU)
 * make it 0.2-0.3%, and still attribute busy time per CPU and see @stop
 * well within a job.
 */
static void busy_loops_sampled(uint64_t n)
{
	while (n) {
		uint64_t k = n < LOOPS_CHUNK ? n : LOOPS_CHUNK;

		busy_loops(k);
		n -= k;
		(void)clock_ns(CLOCK_THREAD_CPUTIME_ID);
		(void)sched_getcpu();
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median ns per loop on @cpu over @reps trials, and the spread. */
static int time_loops(int cpu, unsigned int reps, double *median, double *spread)
{
	double t[64];
	cpu_set_t set, old;
	unsigned int r;

	if (reps > 64)
		reps = 64;
	if (sched_getaffinity(0, sizeof(old), &old))
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return -1;
	busy_loops_sampled(CALIB_LOOPS);	/* warm up */
	for (r = 0; r < reps; r++) {
		uint64_t t0 = clock_ns(CLOCK_MONOTONIC);

		busy_loops_sampled(CALIB_LOOPS);
		t[r] = (double)(clock_ns(CLOCK_MONOTONIC) - t0) / (double)CALIB_LOOPS;
	}
	sched_setaffinity(0, sizeof(old), &old);
	qsort(t, reps, sizeof(t[0]), cmp_double);
	*median = t[reps / 2];
	*spread = *median > 0 ? (t[reps - 1] - t[0]) / *median : 0;
	return 0;
}

int loops_calibrate(struct loop_calibration *lc, const struct capacity_table *ct,
		    double pinned_ns, int ref_cpu, unsigned int reps)
{
	unsigned int c, k;
	int ref_class = -1;

	lc->nclasses = 0;
	lc->pinned = pinned_ns > 0;
	for (c = 0; c < ct->ncpus; c++) {
		for (k = 0; k < lc->nclasses; k++)
			if (lc->cap[k] == ct->cap[c])
				break;
		if (k < lc->nclasses)
			continue;
		lc->cap[k] = ct->cap[c];
		lc->cpu[k] = (int)c;
		if (time_loops((int)c, reps, &lc->ns_per_loop[k], &lc->spread[k]))
			return -1;
		lc->nclasses++;
	}
	if (lc->pinned) {
		lc->ref_ns_per_loop = pinned_ns;
		return 0;
	}
	if (ref_cpu >= 0 && (unsigned int)ref_cpu < ct->ncpus) {
		double sp;

		return time_loops(ref_cpu, reps, &lc->ref_ns_per_loop, &sp);
	}
	for (k = 0; k < lc->nclasses; k++)
		if (ref_class < 0 || lc->cap[k] > lc->cap[ref_class])
			ref_class = (int)k;
	lc->ref_ns_per_loop = lc->ns_per_loop[ref_class];
	return 0;
}

uint64_t work_loops(const struct capacity_table *ct, const struct loop_calibration *lc,
		    uint64_t want_ns, struct cpu_trace *tr, uint64_t *busy_ns,
		    const atomic_int *stop)
{
	uint64_t left = (uint64_t)((double)want_ns / lc->ref_ns_per_loop + 0.5);
	uint64_t done = 0, last = clock_ns(CLOCK_THREAD_CPUTIME_ID);

	cpu_trace_add(tr, sched_getcpu());
	while (left && !atomic_load_explicit(stop, memory_order_relaxed)) {
		uint64_t n = left < LOOPS_CHUNK ? left : LOOPS_CHUNK;

		busy_loops(n);
		left -= n;
		done += work_sample(ct, tr, busy_ns, &last);
	}
	return done;
}

void work_mem(unsigned char *buf, size_t size, uint64_t bytes)
{
	while (bytes) {
		size_t n = bytes < size ? (size_t)bytes : size;

		memset(buf, (int)(bytes & 0xff), n);
		/* the stores are the point: keep them */
		__asm__ __volatile__("" : : "r"(buf) : "memory");
		bytes -= n;
	}
}

int work_io(int fd, const unsigned char *buf, size_t size, uint64_t bytes)
{
	while (bytes) {
		size_t n = bytes < size ? (size_t)bytes : size;
		ssize_t w = write(fd, buf, n);

		if (w <= 0) {
			if (w < 0 && errno == EINTR)
				continue;
			return -1;
		}
		bytes -= (uint64_t)w;
	}
	return 0;
}
