// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup.c - rt-app's taskgroups on cgroup v2.
 *
 * rt-app (src/rt-app_taskgroups.c) finds a cgroup v1 hierarchy with the
 * cpu controller and writes TIDs to its "tasks" files. On cgroup v2 a
 * single thread moves only between cgroups of one threaded subtree: every
 * group here is made "threaded" (its parent, the root at the top, becomes
 * the subtree's threaded domain), the cpu controller, a threaded one, is
 * enabled in each parent's cgroup.subtree_control, and a thread moves by
 * writing its TID to the group's cgroup.threads. dlgen's process must be
 * in the root cgroup of the hierarchy (the guest's case).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cgroup.h"

/* A folder of a taskgroup's path, as made (or found) by dlgen. */
struct cg_dir {
	char path[DLGEN_TASKGROUP_MAX];	/* "/tg1", "/tg1/tg11" */
	int created;		/* dlgen made it: removed at the end */
	int cpu_checked;	/* its subtree_control has the cpu controller */
	int cpu_added;		/* ... because dlgen wrote "+cpu" there */
};

struct cg_group {
	char path[DLGEN_TASKGROUP_MAX];	/* as the task set names it; "/" the root */
	int fd;			/* its cgroup.threads, or -1 */
};

#define CG_MAX_DIRS	(DLGEN_MAX_TASKGROUPS * (DLGEN_TASKGROUP_MAX / 2))

struct cgroup_set {
	char root[PATH_MAX];	/* without a trailing slash */
	struct cg_dir root_dir;	/* the root's subtree_control (path "") */
	unsigned int ndirs;
	struct cg_dir *dirs;	/* parents before children */
	unsigned int ngroups;
	struct cg_group groups[DLGEN_MAX_TASKGROUPS + 1];	/* + "/", where threads return */
};

int taskset_uses_taskgroups(const struct taskset *ts)
{
	unsigned int i, p;

	for (i = 0; i < ts->ntasks; i++) {
		if (ts->tasks[i].taskgroup[0])
			return 1;
		for (p = 0; p < ts->tasks[i].nphases; p++)
			if (ts->tasks[i].phases[p].taskgroup[0])
				return 1;
	}
	return 0;
}

/* ROOT + @dir ("" or "/": the root) + "/" + @file into @buf. */
static void cg_path(const struct cgroup_set *cs, const char *dir, const char *file,
		    char *buf, size_t len)
{
	if (!strcmp(dir, "/"))
		dir = "";
	snprintf(buf, len, "%s%s%s%s", cs->root, dir, *file ? "/" : "", file);
}

/* Write @s to @path (O_APPEND: as "echo >>" does, else as "echo >"); 0 or an errno. */
static int write_str(const char *path, const char *s, int append)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC));
	size_t len = strlen(s);
	ssize_t n;
	int e;

	if (fd < 0)
		return errno;
	n = write(fd, s, len);
	e = n < 0 ? errno : (size_t)n != len ? EIO : 0;
	if (close(fd) && !e)
		e = errno;
	return e;
}

/* *@has = 1 if @word is one of the space-separated words of @path; 0 or an errno. */
static int has_word(const char *path, const char *word, int *has)
{
	char buf[4096], *tok, *save;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	*has = 0;
	if (fd < 0)
		return errno;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0) {
		int e = errno;

		close(fd);
		return e;
	}
	close(fd);
	buf[n] = '\0';
	for (tok = strtok_r(buf, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save))
		if (!strcmp(tok, word))
			*has = 1;
	return 0;
}

/* The one line of a failure: "dlgen: taskgroup G: WHAT: ENAME (text)HINT". */
static void cg_error(FILE *err, const char *group, const char *what, int e, const char *hint)
{
	fprintf(err, "dlgen: taskgroup %s: %s: %s (%s)%s\n", group, what,
		strerrorname_np(e) ? strerrorname_np(e) : "?", strerror(e), hint ? hint : "");
}

/* The cpu controller in @d's cgroup.subtree_control (@group names the cause). */
static int enable_cpu(struct cgroup_set *cs, struct cg_dir *d, const char *group, FILE *err)
{
	char path[PATH_MAX + DLGEN_TASKGROUP_MAX + 32], what[sizeof(path) + 64];
	int has, e;

	if (d->cpu_checked)
		return 0;
	cg_path(cs, d->path, "cgroup.subtree_control", path, sizeof(path));
	e = has_word(path, "cpu", &has);
	if (!e && !has) {
		e = write_str(path, "+cpu\n", 0);
		d->cpu_added = !e;
	}
	if (e) {
		snprintf(what, sizeof(what), "cannot enable the cpu controller in %s", path);
		cg_error(err, group, what, e, NULL);
		return -1;
	}
	d->cpu_checked = 1;
	return 0;
}

/* Remove what @cs made, deepest first. */
static void undo(struct cgroup_set *cs, FILE *err)
{
	char path[PATH_MAX + DLGEN_TASKGROUP_MAX + 32], what[sizeof(path) + 64];
	struct timespec ms = { 0, 1000000 };
	unsigned int i, k;
	int e;

	for (i = 0; i < cs->ngroups; i++)
		if (cs->groups[i].fd >= 0) {
			close(cs->groups[i].fd);
			cs->groups[i].fd = -1;
		}
	for (i = cs->ndirs; i-- > 0;) {
		struct cg_dir *d = &cs->dirs[i];

		if (!d->created)
			continue;
		cg_path(cs, d->path, "", path, sizeof(path));
		/* a thread that has just ended may leave it busy for a moment */
		for (k = 0;; k++) {
			e = rmdir(path) ? errno : 0;
			if (e != EBUSY || k == 500)
				break;
			nanosleep(&ms, NULL);
		}
		if (e && e != ENOENT) {
			snprintf(what, sizeof(what), "cannot remove %s", path);
			cg_error(err, d->path, what, e, " (left behind)");
		}
	}
	/* the cpu controller out of the subtree_control files dlgen added it to */
	for (i = cs->ndirs + 1; i-- > 0;) {
		struct cg_dir *d = i ? &cs->dirs[i - 1] : &cs->root_dir;

		if (!d->cpu_added || (i && d->created))
			continue;
		cg_path(cs, d->path, "cgroup.subtree_control", path, sizeof(path));
		e = write_str(path, "-cpu\n", 0);
		if (e) {
			snprintf(what, sizeof(what), "cannot disable the cpu controller in %s again", path);
			cg_error(err, i ? d->path : "/", what, e, NULL);
		}
	}
}

/* Add the folder @path (a taskgroup or a parent of one) to @cs and make it. */
static int make_dir(struct cgroup_set *cs, const char *path, const char *group, FILE *err)
{
	char full[PATH_MAX + DLGEN_TASKGROUP_MAX + 32], what[sizeof(full) + 64];
	struct cg_dir *d, *parent = &cs->root_dir;
	const char *slash = strrchr(path, '/');
	unsigned int i;
	int e;

	for (i = 0; i < cs->ndirs; i++) {
		if (!strcmp(cs->dirs[i].path, path))
			return 0;
		if ((size_t)(slash - path) == strlen(cs->dirs[i].path) &&
		    !strncmp(cs->dirs[i].path, path, (size_t)(slash - path)))
			parent = &cs->dirs[i];
	}
	if (cs->ndirs == CG_MAX_DIRS)
		return -1;	/* cannot happen: parse bounds paths and groups */
	if (enable_cpu(cs, parent, group, err))
		return -1;
	d = &cs->dirs[cs->ndirs++];
	memset(d, 0, sizeof(*d));
	strcpy(d->path, path);
	cg_path(cs, path, "", full, sizeof(full));
	if (mkdir(full, 0755)) {
		if (errno != EEXIST) {
			e = errno;
			snprintf(what, sizeof(what), "cannot create %s", full);
			cg_error(err, group, what, e, NULL);
			return -1;
		}
	} else {
		d->created = 1;
	}
	cg_path(cs, path, "cgroup.type", full, sizeof(full));
	e = write_str(full, "threaded\n", 0);
	if (e) {
		snprintf(what, sizeof(what), "cannot make %s threaded: writing %s", path, full);
		cg_error(err, group, what, e,
			 e == ENOENT ? " (not a cgroup2 folder: --cgroup-root must name a cgroup2 mount)" :
			 e == EOPNOTSUPP ? " (a domain cgroup with processes or domain children cannot be threaded)" : NULL);
		return -1;
	}
	return 0;
}

/* Add taskgroup @g to @cs, its folders made; -1 on failure. */
static int add_group(struct cgroup_set *cs, const char *g, FILE *err)
{
	char prefix[DLGEN_TASKGROUP_MAX];
	unsigned int i;
	size_t n;

	for (i = 0; i < cs->ngroups; i++)
		if (!strcmp(cs->groups[i].path, g))
			return 0;
	if (cs->ngroups == DLGEN_MAX_TASKGROUPS + 1)
		return -1;	/* cannot happen: parse counts them */
	strcpy(cs->groups[cs->ngroups].path, g);
	cs->groups[cs->ngroups++].fd = -1;
	if (!strcmp(g, "/"))
		return 0;
	/* every folder from the top: /tg1, then /tg1/tg11 */
	for (n = 1; g[n - 1]; n++) {
		if (g[n] != '/' && g[n])
			continue;
		memcpy(prefix, g, n);
		prefix[n] = '\0';
		if (make_dir(cs, prefix, g, err))
			return -1;
	}
	return 0;
}

/* The first taskgroup @ts names, for messages about the root. */
static const char *first_group(const struct taskset *ts)
{
	unsigned int i, p;

	for (i = 0; i < ts->ntasks; i++) {
		if (ts->tasks[i].taskgroup[0])
			return ts->tasks[i].taskgroup;
		for (p = 0; p < ts->tasks[i].nphases; p++)
			if (ts->tasks[i].phases[p].taskgroup[0])
				return ts->tasks[i].phases[p].taskgroup;
	}
	return "/";
}

struct cgroup_set *cgroup_set_prepare(const struct taskset *ts, const char *root,
				      FILE *err)
{
	char path[PATH_MAX + DLGEN_TASKGROUP_MAX + 32], what[sizeof(path) + 64];
	const char *g0 = first_group(ts);
	struct cgroup_set *cs;
	unsigned int i, p;
	size_t len = strlen(root);
	int has, e;

	while (len > 1 && root[len - 1] == '/')
		len--;
	if (!len || len >= PATH_MAX) {
		fprintf(err, "dlgen: taskgroup %s: --cgroup-root: not a usable path\n", g0);
		return NULL;
	}
	cs = calloc(1, sizeof(*cs));
	if (cs)
		cs->dirs = calloc(CG_MAX_DIRS, sizeof(*cs->dirs));
	if (!cs || !cs->dirs) {
		fprintf(err, "dlgen: taskgroup %s: out of memory\n", g0);
		free(cs);
		return NULL;
	}
	memcpy(cs->root, root, len);
	cs->root[len == 1 ? 0 : len] = '\0';	/* "/" itself: paths start at "/" */

	cg_path(cs, "", "cgroup.controllers", path, sizeof(path));
	e = has_word(path, "cpu", &has);
	if (e) {
		snprintf(what, sizeof(what), "%s", path);
		cg_error(err, g0, what, e, " (no cgroup2 hierarchy there: the guest's init mounts one at /sys/fs/cgroup; --cgroup-root DIR names another)");
		goto fail;
	}
	if (!has) {
		fprintf(err, "dlgen: taskgroup %s: no cpu controller in %s: the kernel needs CONFIG_CGROUP_SCHED (and CONFIG_FAIR_GROUP_SCHED), and the cpu controller must not be bound to a cgroup v1 hierarchy\n",
			g0, path);
		goto fail;
	}
	for (i = 0; i < ts->ntasks; i++) {
		const struct task_spec *t = &ts->tasks[i];

		if (t->taskgroup[0] && add_group(cs, t->taskgroup, err))
			goto fail;
		for (p = 0; p < t->nphases; p++)
			if (t->phases[p].taskgroup[0] && add_group(cs, t->phases[p].taskgroup, err))
				goto fail;
	}
	if (add_group(cs, "/", err))	/* where threads return at their end */
		goto fail;
	for (i = 0; i < cs->ngroups; i++) {
		cg_path(cs, cs->groups[i].path, "cgroup.threads", path, sizeof(path));
		cs->groups[i].fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
		if (cs->groups[i].fd < 0) {
			e = errno;
			snprintf(what, sizeof(what), "cannot open %s", path);
			cg_error(err, cs->groups[i].path, what, e, NULL);
			goto fail;
		}
	}
	return cs;
fail:
	undo(cs, err);
	free(cs->dirs);
	free(cs);
	return NULL;
}

static const struct cg_group *find_group(const struct cgroup_set *cs, const char *group)
{
	unsigned int i;

	for (i = 0; i < cs->ngroups; i++)
		if (!strcmp(cs->groups[i].path, group))
			return &cs->groups[i];
	return NULL;
}

int cgroup_move(const struct cgroup_set *cs, const char *group, pid_t tid)
{
	const struct cg_group *g = find_group(cs, group);
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%d\n", (int)tid);
	ssize_t n;

	if (!g || g->fd < 0)
		return -ENOENT;
	n = write(g->fd, buf, (size_t)len);
	if (n < 0)
		return -errno;
	return n == len ? 0 : -EIO;
}

void cgroup_move_error(const struct cgroup_set *cs, const char *group, pid_t tid,
		       const char *task, int errnum, FILE *err)
{
	char path[PATH_MAX + DLGEN_TASKGROUP_MAX + 32], what[sizeof(path) + 128];

	cg_path(cs, group, "cgroup.threads", path, sizeof(path));
	snprintf(what, sizeof(what), "moving thread %d (task %s) into %s", (int)tid, task, path);
	cg_error(err, group, what, errnum,
		 errnum == EOPNOTSUPP || errnum == EINVAL ?
		 " (cgroup v2 moves a single thread only inside its process's threaded subtree: dlgen must run in the root cgroup of --cgroup-root)" : NULL);
}

int cgroup_of_thread(pid_t tid, char *buf, size_t len)
{
	char path[64], text[4096], *p, *end;
	ssize_t n;
	int fd;

	snprintf(buf, len, "?");
	snprintf(path, sizeof(path), "/proc/self/task/%d/cgroup", (int)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	text[n] = '\0';
	/* the unified hierarchy's line: "0::/tg1/tg11" */
	p = text;
	while (p && strncmp(p, "0::", 3)) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p)
		return -1;
	p += 3;
	end = strchr(p, '\n');
	snprintf(buf, len, "%.*s", (int)(end ? end - p : (long)strlen(p)), p);
	/* a CSV field: a host's cgroup names may hold commas */
	for (p = buf; (p = strpbrk(p, ",\"")); )
		*p = '_';
	return 0;
}

void cgroup_set_cleanup(struct cgroup_set *cs, FILE *err)
{
	if (!cs)
		return;
	undo(cs, err);
	free(cs->dirs);
	free(cs);
}
