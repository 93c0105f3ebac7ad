/* SPDX-License-Identifier: GPL-2.0 */
/*
 * taskin.h - task sets from a CSV file, one task per row, by column name:
 *   task, period_ns, run_ns (work per job at capacity 1024), res_ns (DL
 *   runtime), dl_period_ns, caps (the platform: capacities joined by ';'),
 *   and optionally offset_ns (the first release; 0 without the column)
 * Every other column is part of the set's key; a set is a run of
 * consecutive rows with the same key and caps.
 */
#ifndef ANA_TASKIN_H
#define ANA_TASKIN_H

#include "csv.h"
#include "sim.h"

struct ttask {
	char name[64];
	long long period, run, res, dl_period, offset;	/* ns */
};

struct tset {
	char key[1024];		/* the key columns' values, comma-joined */
	char caps_text[512];
	int n, m;
	struct ttask t[SIM_MAXTASKS];
	int caps[SIM_MAXCPUS];
};

struct tsin {
	struct csv c;
	int col_task, col_period, col_run, col_res, col_dlp, col_caps;
	int col_offset;		/* -1: no offset_ns column */
	int nkey, key[CSV_MAXCOLS];
	char keyhead[1024];	/* the key columns' names, comma-joined */
	int held;		/* a row of the next set was read */
	struct ttask next;
	char next_key[1024], next_caps[512];
};

int tsin_open(struct tsin *in, FILE *f, const char *name);
/* 1: a set in *s, 0: end of input, -1: bad input (said on stderr) */
int tsin_next(struct tsin *in, struct tset *s);
void tsin_close(struct tsin *in);

#endif
