/* SPDX-License-Identifier: GPL-2.0 */
/*
 * args.h - the probes' command-line values, each refused with one line
 * naming its option.
 */
#ifndef DLPROBE_ARGS_H
#define DLPROBE_ARGS_H

#include "cpus.h"

int arg_long(const char *mode, char opt, const char *s, long min, long max, long *out);
int arg_cpu(const char *mode, char opt, const char *s, int *out);
int arg_cpus(const char *mode, char opt, const char *s, struct cpulist *out);
void usage_error(const char *mode, const char *usage);

#endif
