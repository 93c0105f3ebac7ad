// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - what dlselftest's tests read and write of the kernel (dlst.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "calc.h"
#include "dlst.h"

#define DEBUGFS_SCHED "/sys/kernel/debug/sched"

/* the uapi layout of struct sched_attr (first version, 48 bytes) */
struct dl_attr {
	uint32_t size;
	uint32_t policy;
	uint64_t flags;
	int32_t nice;
	uint32_t priority;
	uint64_t runtime;
	uint64_t deadline;
	uint64_t period;
};

void note(const char *fmt, ...)
{
	va_list ap;

	fputs("#   ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

int dl_setattr(pid_t tid, uint64_t runtime, uint64_t deadline, uint64_t period)
{
	struct dl_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.policy = SCHED_DEADLINE;
	a.runtime = runtime;
	a.deadline = deadline;
	a.period = period;
	return (int)syscall(SYS_sched_setattr, tid, &a, 0);
}

int proc_policy(pid_t pid)
{
	char path[64], line[256];
	int policy = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/sched", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!calc_policy_line(line, &policy))
			break;
	fclose(f);
	return policy;
}

uint64_t proc_ticks(pid_t pid)
{
	char path[64], line[1024];
	uint64_t t;
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return UINT64_MAX;
	ok = fgets(line, sizeof(line), f) != NULL;
	fclose(f);
	if (!ok || calc_stat_ticks(line, &t))
		return UINT64_MAX;
	return t;
}

int read_u64(const char *path, uint64_t *v)
{
	unsigned long long x;
	FILE *f = fopen(path, "r");
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "%llu", &x);
	fclose(f);
	if (n != 1)
		return -1;
	*v = x;
	return 0;
}

int write_u64(const char *path, uint64_t v)
{
	char buf[32];
	int fd, n, len;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	len = snprintf(buf, sizeof(buf), "%llu\n", (unsigned long long)v);
	n = (int)write(fd, buf, len);
	if (n != len) {
		int e = n < 0 ? errno : EIO;

		close(fd);
		errno = e;
		return -1;
	}
	return close(fd);
}

int rt_bandwidth(uint64_t *runtime_us, uint64_t *period_us)
{
	/*
	 * A kernel without CONFIG_PROC_SYSCTL (dlcap's slim configs) has no
	 * /proc/sys and keeps its defaults (kernel/sched/rt.c), which the RFC,
	 * reading the files, would fail on.
	 */
	if (access("/proc/sys/kernel", F_OK)) {
		*runtime_us = 950000;
		*period_us = 1000000;
		note("no /proc/sys (CONFIG_PROC_SYSCTL off): the kernel's default RT limit");
		return 0;
	}
	if (read_u64("/proc/sys/kernel/sched_rt_runtime_us", runtime_us) ||
	    read_u64("/proc/sys/kernel/sched_rt_period_us", period_us))
		return -1;
	/*
	 * On 6.12.118 that read rebuilt the sched domains and dropped the
	 * fair servers from the root domain's total_bw (EXPERIMENTS.md
	 * section 23): what the test's admissions now start from.
	 */
	note_total_bw("after reading the RT limit");
	return 0;
}

/*
 * The root domain's allocated DL bandwidth (cpu0's, the first
 * dl_bw->total_bw line of sched/debug; reading it changes nothing) as a
 * detail line: "total_bw WHEN: N", or "total_bw WHEN: unknown" without it.
 */
void note_total_bw(const char *when)
{
	char line[256];
	int64_t bw;
	FILE *f = fopen(DEBUGFS_SCHED "/debug", "r");

	if (f) {
		while (fgets(line, sizeof(line), f)) {
			if (!calc_total_bw_line(line, &bw)) {
				fclose(f);
				note("total_bw %s: %lld", when, (long long)bw);
				return;
			}
		}
		fclose(f);
	}
	note("total_bw %s: unknown", when);
}

int servers_pct(void)
{
	glob_t g;
	size_t i;
	int pct = 0;

	if (glob(DEBUGFS_SCHED "/*_server", 0, NULL, &g))
		return 0;
	for (i = 0; i < g.gl_pathc; i++) {
		char p[512];
		uint64_t r, q;

		snprintf(p, sizeof(p), "%s/cpu0/runtime", g.gl_pathv[i]);
		if (read_u64(p, &r))
			continue;
		snprintf(p, sizeof(p), "%s/cpu0/period", g.gl_pathv[i]);
		if (read_u64(p, &q))
			continue;
		note("server %s: cpu0 %llu ns every %llu ns (%d%%)",
		     strrchr(g.gl_pathv[i], '/') + 1, (unsigned long long)r,
		     (unsigned long long)q, calc_server_pct(r, q));
		pct += calc_server_pct(r, q);
	}
	globfree(&g);
	return pct;
}

int have_fair_server(void)
{
	return access(DEBUGFS_SCHED "/fair_server", F_OK) == 0;
}

int fair_server_get(int cpu, uint64_t *runtime, uint64_t *period)
{
	char p[128];

	snprintf(p, sizeof(p), DEBUGFS_SCHED "/fair_server/cpu%d/runtime", cpu);
	if (read_u64(p, runtime))
		return -1;
	if (!period)
		return 0;
	snprintf(p, sizeof(p), DEBUGFS_SCHED "/fair_server/cpu%d/period", cpu);
	return read_u64(p, period);
}

int fair_server_set_runtime(int cpu, uint64_t runtime)
{
	char p[128];

	snprintf(p, sizeof(p), DEBUGFS_SCHED "/fair_server/cpu%d/runtime", cpu);
	return write_u64(p, runtime);
}

long cpu_capacity(int cpu)
{
	char p[96];
	uint64_t v;

	snprintf(p, sizeof(p), "/sys/devices/system/cpu/cpu%d/cpu_capacity", cpu);
	return read_u64(p, &v) ? -1 : (long)v;
}

int online_cpus(void)
{
	return (int)sysconf(_SC_NPROCESSORS_ONLN);
}

static void busy(int secs)
{
	struct timespec t0, t;
	volatile unsigned long n = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		n++;
		if (!secs || n % 4096)
			continue;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec >= secs)
			break;
	}
	_exit(0);
}

pid_t hog_start(int cpu, int fifo_prio, uint64_t runtime, uint64_t deadline,
		uint64_t period, int secs)
{
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		if (cpu >= 0) {
			cpu_set_t s;

			CPU_ZERO(&s);
			CPU_SET(cpu, &s);
			if (sched_setaffinity(0, sizeof(s), &s))
				_exit(3);
		}
		if (fifo_prio > 0) {
			struct sched_param sp = { .sched_priority = fifo_prio };

			if (sched_setscheduler(0, SCHED_FIFO, &sp))
				_exit(3);
		}
		busy(secs);
	}
	if (period && dl_setattr(pid, runtime, deadline, period)) {
		int e = errno;

		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		errno = e;
		return -1;
	}
	return pid;
}

void hog_stop(pid_t pid)
{
	int i;

	if (pid <= 0)
		return;
	kill(pid, SIGTERM);
	for (i = 0; i < 10; i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return;
		usleep(100000);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}
