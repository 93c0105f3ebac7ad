/* SPDX-License-Identifier: GPL-2.0 */
/*
 * probes.h - the probes dlprobe runs, one per file; each takes its mode's
 * arguments (argv[0] is the mode), prints a CSV with a header on stdout
 * and returns the exit status (2: bad arguments).
 */
#ifndef DLPROBE_PROBES_H
#define DLPROBE_PROBES_H

int probe_wakeup(int argc, char **argv);
int probe_monotonic(int argc, char **argv);
int probe_handoff(int argc, char **argv);
int probe_loop(int argc, char **argv);
int probe_clockwrap(int argc, char **argv);
int probe_dlpush(int argc, char **argv);

#endif
