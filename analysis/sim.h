/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim.h - an event-driven reference schedule: preemptive global EDF on a
 * uniform multiprocessor, migrations free (Funk, Goossens & Baruah's
 * greedy rule: at every instant the earliest-deadline jobs run, the
 * earliest on the fastest CPU). One CPU gives uniprocessor EDF, which is
 * what partitioned EDF runs on each CPU.
 */
#ifndef ANA_SIM_H
#define ANA_SIM_H

struct sim_task {
	long long period;	/* ns; the deadline is implicit */
	long long wcet;		/* ns of work at capacity 1024, every job */
	long long offset;	/* ns: the first release (0: synchronous) */
};

struct sim_out {
	long jobs;		/* released before the horizon */
	long misses;		/* finished after their deadline */
	long long max_tard;	/* ns */
	long long sum_tard;	/* ns, over every job */
	long long work;		/* ns of work released */
	long long work_met;	/* ns of work of the jobs done by their deadline */
};

#define SIM_MAXTASKS 256
#define SIM_MAXCPUS 64

/*
 * Jobs of every task are released at O, O + T, O + 2T, ... before horizon
 * (ns; O its offset) and simulated until every one is done; a task's jobs run one after the
 * other. caps[0..m) are capacities 1..1024 in any order: a CPU of
 * capacity c does c/1024 ns of work per ns. Ties in deadline go to the
 * lower task index. out[i] is task i's. Returns 0, or -1 on bad input.
 */
int sim_gedf(const struct sim_task *t, int n, const int *caps, int m,
	     long long horizon, struct sim_out *out);

#endif
