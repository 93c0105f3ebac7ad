/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgroup.h - rt-app's taskgroups on cgroup v2: the groups of the cpu
 * controller a task set names, created under a cgroup root, and threads
 * moved into them.
 */
#ifndef DLGEN_CGROUP_H
#define DLGEN_CGROUP_H

#include <stdio.h>
#include <sys/types.h>
#include "taskset.h"

#define DLGEN_CGROUP_ROOT	"/sys/fs/cgroup"

struct cgroup_set;

/* 1 if a task or a phase of @ts names a taskgroup. */
int taskset_uses_taskgroups(const struct taskset *ts);

/*
 * Make every taskgroup of @ts a threaded cgroup with the cpu controller
 * under @root (a cgroup2 mount): each folder of its path created unless
 * it exists, its cgroup.type set to "threaded", "+cpu" written to the
 * cgroup.subtree_control of its parent (the root's included), and its
 * cgroup.threads opened. On failure one line on @err names the group,
 * the file and the errno; what was made is undone and NULL returned.
 */
struct cgroup_set *cgroup_set_prepare(const struct taskset *ts, const char *root,
				      FILE *err);

/*
 * Move thread @tid into @group ("/": the root) by writing it to the
 * group's cgroup.threads. 0, or -errno (the group is not in the set: -ENOENT).
 */
int cgroup_move(const struct cgroup_set *cs, const char *group, pid_t tid);

/* The one line for a move of thread @tid into @group that failed with @errnum. */
void cgroup_move_error(const struct cgroup_set *cs, const char *group, pid_t tid,
		       const char *task, int errnum, FILE *err);

/*
 * The cgroup v2 path of thread @tid, as the kernel reports it (the "0::"
 * line of /proc/self/task/TID/cgroup), into @buf; -1 (and "?") if unknown.
 */
int cgroup_of_thread(pid_t tid, char *buf, size_t len);

/*
 * Remove the folders cgroup_set_prepare() created, deepest first, and
 * take the cpu controller out of the subtree_control files it was added
 * to; best effort (a failure is one line on @err). Frees @cs.
 */
void cgroup_set_cleanup(struct cgroup_set *cs, FILE *err);

#endif
