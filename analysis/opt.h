/* SPDX-License-Identifier: GPL-2.0 */
/*
 * opt.h - a command-line option's number, checked: one line on stderr
 * naming the program and the option when it is not a number in [lo, hi].
 */
#ifndef ANA_OPT_H
#define ANA_OPT_H

int opt_num(const char *prog, const char *opt, const char *s, double lo,
	    double hi, double *out);

#endif
