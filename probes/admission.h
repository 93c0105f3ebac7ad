/* SPDX-License-Identifier: GPL-2.0 */
/*
 * admission.h - SCHED_DEADLINE's admission control turned off for a
 * probe's run (sched_rt_runtime_us -1) and the value found written back.
 */
#ifndef DLPROBE_ADMISSION_H
#define DLPROBE_ADMISSION_H

#define RT_RUNTIME_PATH	"/proc/sys/kernel/sched_rt_runtime_us"

int admission_off(const char *probe, long *found);
int admission_restore(const char *probe);

#endif
