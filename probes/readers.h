/* SPDX-License-Identifier: GPL-2.0 */
/*
 * readers.h - one thread per CPU of a list, each running the same reader
 * on its own element of an array (monotonic.c, clockwrap.c).
 */
#ifndef DLPROBE_READERS_H
#define DLPROBE_READERS_H

#include <pthread.h>
#include <stddef.h>

#include "cpus.h"

/*
 * Start fn(arg + i * size) on thr[i] for each CPU i of @cpus, in order;
 * stop at the first that cannot start, with one line on stderr naming
 * @probe and that CPU. Returns how many started (all: cpus->n).
 */
int readers_start(pthread_t *thr, const struct cpulist *cpus,
		  void *(*fn)(void *), void *arg, size_t size,
		  const char *probe);
/* wait for the first @n threads of @thr */
void readers_join(pthread_t *thr, int n);

#endif
