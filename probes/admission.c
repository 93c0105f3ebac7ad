// SPDX-License-Identifier: GPL-2.0
/*
 * admission.c - SCHED_DEADLINE's admission control off for a probe's run,
 * and the value found written back on every exit the process can catch.
 *
 * While admission control is on (sched_rt_runtime_us >= 0) the kernel
 * refuses SCHED_DEADLINE to a thread whose affinity does not cover its
 * root domain (sched_setattr: EPERM) and a narrower affinity to a
 * SCHED_DEADLINE thread (sched_setaffinity: EBUSY); writing -1 turns it
 * off, and RT throttling with it (Documentation/scheduler/
 * sched-deadline.rst, "Tasks CPU affinity" and "Bandwidth management").
 * admission_off() reads the value, installs a handler of the signals that
 * end the process (the handler writes the value back, then lets the
 * signal end the process as it would have) and writes -1, unless the
 * value already is -1 (then nothing is written, before or after).
 * admission_restore() writes the value back, retrying for a second while
 * the kernel answers EBUSY: the bandwidth of DL threads that just exited
 * stays in their root domain's total until the kernel has reaped them, and
 * a limit below that total is refused. SIGKILL cannot be caught: after
 * one, the value stays -1 (the probe's run is seconds).
 *
 * One probe at a time: a second one would find -1 and leave it.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "admission.h"

#define RETRIES		100
#define RETRY_NS	10000000	/* 10 ms */

static char saved[32];
static size_t saved_len;
static volatile sig_atomic_t changed;

static const int fatal[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
	SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL,
};

/* write s to the file: 0, or -errno (async-signal-safe) */
static int write_value(const char *s, size_t len)
{
	int fd = open(RT_RUNTIME_PATH, O_WRONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, len) != (ssize_t)len)
		err = -errno;
	close(fd);
	return err;
}

/* the value found back in place: 0, or -errno (async-signal-safe) */
static int restore(void)
{
	const struct timespec pause = { 0, RETRY_NS };
	int i, err = 0;

	if (!changed)
		return 0;
	for (i = 0; i < RETRIES; i++) {
		err = write_value(saved, saved_len);
		if (err != -EBUSY)
			break;
		nanosleep(&pause, NULL);
	}
	if (!err)
		changed = 0;
	return err;
}

/* installed with SA_RESETHAND: the signal raised again ends the process */
static void on_fatal(int sig)
{
	int e = errno;

	restore();
	raise(sig);
	errno = e;
}

int admission_off(const char *probe, long *found)
{
	struct sigaction sa;
	char buf[32], *end;
	ssize_t len;
	size_t i;
	int fd, err;

	fd = open(RT_RUNTIME_PATH, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "dlprobe %s: cannot read %s: %s\n", probe, RT_RUNTIME_PATH,
			strerror(errno));
		return -1;
	}
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len > 0)
		buf[len] = 0;
	*found = len > 0 ? strtol(buf, &end, 10) : 0;
	if (len <= 0 || end == buf || (*end && *end != '\n')) {
		fprintf(stderr, "dlprobe %s: %s does not hold a number\n", probe, RT_RUNTIME_PATH);
		return -1;
	}
	if (*found == -1)
		return 0;
	saved_len = (size_t)snprintf(saved, sizeof(saved), "%ld\n", *found);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		sigaction(fatal[i], &sa, NULL);

	changed = 1;	/* before the write: a signal during it restores */
	err = write_value("-1\n", 3);
	if (err) {
		changed = 0;
		fprintf(stderr, "dlprobe %s: cannot turn SCHED_DEADLINE admission control off (-1 to %s): %s\n",
			probe, RT_RUNTIME_PATH, strerror(-err));
		return -1;
	}
	return 0;
}

/* admission_restore - the value found back; -1 with one line if refused */
int admission_restore(const char *probe)
{
	int err = restore();

	if (err)
		fprintf(stderr, "dlprobe %s: cannot write %.*s back to %s: %s\n", probe,
			(int)saved_len - 1, saved, RT_RUNTIME_PATH, strerror(-err));
	return err ? -1 : 0;
}
