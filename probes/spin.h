/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spin.h - busy CPUs: one SCHED_OTHER spinner pinned to each CPU of a list.
 */
#ifndef DLPROBE_SPIN_H
#define DLPROBE_SPIN_H

#include "cpus.h"

int spin_start(const struct cpulist *cpus);
int spin_beside(int cpu, int prio, const struct cpulist *busy);
void spin_stop(void);

#endif
