/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpus.h - CPU lists, pinning, scheduling class and the clock the probes
 * read.
 */
#ifndef DLPROBE_CPUS_H
#define DLPROBE_CPUS_H

#include <stdint.h>
#include <time.h>

#define MAX_CPUS	64

struct cpulist {
	int n;
	int cpu[MAX_CPUS];
};

int cpulist_parse(const char *s, struct cpulist *out);
int cpu_pin(int cpu);
int cpu_allow(const struct cpulist *cpus);
int sched_fifo(int prio);
int sched_deadline(uint64_t runtime_ns, uint64_t deadline_ns, uint64_t period_ns);

static inline int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* what the kernel's cpu_relax() is: YIELD on arm64 */
static inline void cpu_relax(void)
{
#if defined(__aarch64__)
	asm volatile("yield" ::: "memory");
#elif defined(__x86_64__) || defined(__i386__)
	asm volatile("pause" ::: "memory");
#else
	asm volatile("" ::: "memory");
#endif
}

static inline struct timespec ns_to_ts(int64_t ns)
{
	return (struct timespec){ .tv_sec = ns / 1000000000,
				  .tv_nsec = ns % 1000000000 };
}

#endif
