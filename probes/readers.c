// SPDX-License-Identifier: GPL-2.0
/*
 * readers.c - start and join one reader thread per CPU (readers.h).
 */
#include <stdio.h>

#include "readers.h"

int readers_start(pthread_t *thr, const struct cpulist *cpus,
		  void *(*fn)(void *), void *arg, size_t size,
		  const char *probe)
{
	int i;

	for (i = 0; i < cpus->n; i++)
		if (pthread_create(&thr[i], NULL, fn, (char *)arg + i * size)) {
			fprintf(stderr, "dlprobe %s: cannot start the reader of CPU %d\n",
				probe, cpus->cpu[i]);
			break;
		}
	return i;
}

void readers_join(pthread_t *thr, int n)
{
	int i;

	for (i = 0; i < n; i++)
		pthread_join(thr[i], NULL);
}
