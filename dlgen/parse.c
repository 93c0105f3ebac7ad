// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - task sets in the rt-app grammar, parsed with json-c.
 *
 * Accepted:
 *   global: duration (s; without it the run ends when every task has
 *           done its loops, which must then be counts), default_policy,
 *           calibration ("CPUn" or ns per loop, for --work=loops), and
 *           rt-app's housekeeping keys, which do not change what runs:
 *           logdir, log_basename, log_size, lock_pages, ftrace, gnuplot,
 *           frag; pi_enabled (mutexes inherit priority), io_device and
 *           mem_buffer_size (for iorun and mem)
 *   tasks.NAME: policy, instance (0: disabled), delay (us), priority
 *           (SCHED_FIFO/RR: 1..99; SCHED_OTHER: nice -20..19), util_min,
 *           util_max (0..1024), dl-runtime, dl-period, dl-deadline (us)
 *           or rt-app's legacy runtime, period, deadline, dl-flags
 *           (dlgen's own: ["reclaim", "overrun"]), cpus, taskgroup, loop,
 *           phases, and the events, matched by prefix as rt-app does:
 *           run*, runtime*, sleep* (us; 0 is a no-op), yield*,
 *           timer* { ref, period (us), mode: relative (default) | absolute },
 *           barrier*, suspend*, resume*, lock*, unlock*, wait* and sync*
 *           { ref, mutex }, signal*, broad*, mem* and iorun* (bytes), fork*
 *   tasks.NAME.phases.PHASE: events, loop, cpus and taskgroup
 * Anything else is an error that names it: nothing is silently ignored.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "jsondup.h"
#include "parse.h"

#define NS_PER_US	1000ULL
/* The kernel refuses DL parameters below 1024 ns (dl_param_changed()). */
#define DL_MIN_NS	1024ULL
/* __checkparam_dl(): deadline/period must fit in 63 bits. */
#define DL_MAX_NS	(1ULL << 63)
#define DURATION_MAX_S	(24 * 3600)
/* rt-app's default mem_buffer_size; dlgen's largest (per thread, locked) */
#define MEM_BUFFER_DEFAULT	(4 * 1024 * 1024)
#define MEM_BUFFER_MAX		(64 * 1024 * 1024)
/*
 * The default range of a DL period, kernel.sched_deadline_period_min_us and
 * _max_us (__checkparam_dl() refuses others with EINVAL).
 */
#define DL_PERIOD_MIN_US	100ULL
#define DL_PERIOD_MAX_US	(1ULL << 22)

/* A key path: where a field is, for error lines. */
struct kpath {
	const char *k[6];
	int n;
};

/* A fork event, where it is: counted once every task is parsed. */
struct fork_use {
	unsigned int task;	/* index in taskset.tasks while parsing */
	const struct phase *ph;
	struct kpath at;
	unsigned int obj;	/* its OBJ_FORK: the task it starts */
};

#define MAX_FORK_EVENTS	64

struct parse_ctx {
	const char *path;
	const char *text;	/* what json-c parsed: repeated events numbered */
	const char *orig;	/* the file as written, for line and column */
	const struct json_renames *ren;	/* where numbers were inserted */
	FILE *err;
	int problems;
	struct taskset *ts;	/* the synchronisation objects go here */
	/* how often the pass being parsed holds each mutex, and where */
	unsigned int held[DLGEN_MAX_OBJS];
	struct kpath held_at[DLGEN_MAX_OBJS];
	/*
	 * per suspend name or condition variable: where it is first woken
	 * (resume, signal, broad, sync) and first waited on (suspend, wait, sync)
	 */
	unsigned char wake_seen[DLGEN_MAX_OBJS], wait_seen[DLGEN_MAX_OBJS];
	struct kpath first_wake[DLGEN_MAX_OBJS], first_wait[DLGEN_MAX_OBJS];
	unsigned int cur_task;	/* the task being parsed */
	unsigned int nforks;
	struct fork_use forks[MAX_FORK_EVENTS];
	/* the distinct taskgroup paths named so far */
	unsigned int ntaskgroups;
	char taskgroups[DLGEN_MAX_TASKGROUPS][DLGEN_TASKGROUP_MAX];
};

const char *policy_name(enum task_policy p)
{
	switch (p) {
	case POLICY_OTHER:	return "SCHED_OTHER";
	case POLICY_FIFO:	return "SCHED_FIFO";
	case POLICY_RR:		return "SCHED_RR";
	case POLICY_DEADLINE:	return "SCHED_DEADLINE";
	}
	return "?";
}

static void offset_to_linecol(const char *text, size_t off, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off && text[i]; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/*
 * json-c keeps no positions, so find the field in the text: each key of
 * the path is searched as "key" followed by ':' after the previous one.
 * Good enough for files written by people; falls back to the nearest
 * ancestor that was found.
 */
static size_t locate(const char *text, const char *const *keys, int nkeys)
{
	size_t pos = 0, best = 0;
	int k;

	for (k = 0; k < nkeys; k++) {
		size_t klen = strlen(keys[k]);
		const char *p = text + pos;
		const char *hit = NULL;

		while ((p = strchr(p, '"')) != NULL) {
			const char *q = p + 1 + klen;

			if (!strncmp(p + 1, keys[k], klen) && *q == '"') {
				q++;
				while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
					q++;
				if (*q == ':') {
					hit = p;
					break;
				}
			}
			p++;
		}
		if (!hit)
			break;
		pos = hit - text;
		best = pos;
	}
	return best;
}

/* The decimal digits of @n. */
static size_t ndigits(unsigned int n)
{
	size_t d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/*
 * The offset in the file as written of offset @off of c->text, where the
 * numbers of repeated keys were inserted (a number maps to its key's end).
 */
static size_t orig_offset(const struct parse_ctx *c, size_t off)
{
	size_t i, shift = 0;

	for (i = 0; c->ren && i < c->ren->n; i++) {
		size_t at = c->ren->r[i].at, d = ndigits(c->ren->r[i].n);

		if (off < at + shift)
			break;
		if (off < at + shift + d)
			return at;
		shift += d;
	}
	return off - shift;
}

/* Report one problem at the field named by a path of up to 6 keys. */
static void vproblem_at(struct parse_ctx *c, const char *const *keys, int n,
			const char *fmt, va_list ap)
{
	int line, col, i;

	offset_to_linecol(c->orig, orig_offset(c, locate(c->text, keys, n)), &line, &col);
	fprintf(c->err, "%s:%d:%d: ", c->path, line, col);
	for (i = 0; i < n; i++)
		fprintf(c->err, "%s%s", i ? "." : "", keys[i]);
	fputs(": ", c->err);
	vfprintf(c->err, fmt, ap);
	fputc('\n', c->err);
	c->problems++;
}

static void problem_at(struct parse_ctx *c, const char *const *keys, int n,
		       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vproblem_at(c, keys, n, fmt, ap);
	va_end(ap);
}

/* Report one problem at the field named by up to three keys. */
static void problem(struct parse_ctx *c, const char *k1, const char *k2,
		    const char *k3, const char *fmt, ...)
{
	const char *keys[3] = { k1, k2, k3 };
	va_list ap;

	va_start(ap, fmt);
	vproblem_at(c, keys, k3 ? 3 : k2 ? 2 : 1, fmt, ap);
	va_end(ap);
}


/* @p with @key appended. */
static struct kpath kp_add(const struct kpath *p, const char *key)
{
	struct kpath q = *p;

	if (q.n < 6)
		q.k[q.n++] = key;
	return q;
}

/*
 * An integer field in microseconds, converted to ns.  @min_ns is the
 * smallest accepted value.  Returns 0 and leaves *ns alone on error.
 */
static int get_us_at(struct parse_ctx *c, json_object *v, const struct kpath *p,
		     uint64_t min_ns, uint64_t *ns)
{
	int64_t us;

	if (!json_object_is_type(v, json_type_int)) {
		problem_at(c, p->k, p->n, "expected an integer (microseconds), got %s",
			   json_type_to_name(json_object_get_type(v)));
		return 0;
	}
	errno = 0;
	us = json_object_get_int64(v);
	if (errno == ERANGE || us > (int64_t)(INT64_MAX / NS_PER_US)) {
		problem_at(c, p->k, p->n, "value overflows 64-bit nanoseconds");
		return 0;
	}
	if (us < 0 || (uint64_t)us * NS_PER_US < min_ns) {
		problem_at(c, p->k, p->n, "%lld us is below the minimum of %llu ns",
			   (long long)us, (unsigned long long)min_ns);
		return 0;
	}
	*ns = (uint64_t)us * NS_PER_US;
	return 1;
}

static int get_us(struct parse_ctx *c, json_object *v, const char *k1,
		  const char *k2, const char *k3, uint64_t min_ns, uint64_t *ns)
{
	struct kpath p = { { k1, k2, k3 }, k3 ? 3 : k2 ? 2 : 1 };

	return get_us_at(c, v, &p, min_ns, ns);
}

static int get_int_at(struct parse_ctx *c, json_object *v, const struct kpath *p,
		      int64_t lo, int64_t hi, int64_t *out)
{
	int64_t x;

	if (!json_object_is_type(v, json_type_int)) {
		problem_at(c, p->k, p->n, "expected an integer, got %s",
			   json_type_to_name(json_object_get_type(v)));
		return 0;
	}
	x = json_object_get_int64(v);
	if (x < lo || x > hi) {
		problem_at(c, p->k, p->n, "%lld is out of range [%lld, %lld]",
			   (long long)x, (long long)lo, (long long)hi);
		return 0;
	}
	*out = x;
	return 1;
}

static int get_uint(struct parse_ctx *c, json_object *v, const char *k1,
		    const char *k2, const char *k3, int64_t lo, int64_t hi,
		    unsigned int *out)
{
	struct kpath p = { { k1, k2, k3 }, k3 ? 3 : k2 ? 2 : 1 };
	int64_t x;

	if (!get_int_at(c, v, &p, lo, hi, &x))
		return 0;
	*out = (unsigned int)x;
	return 1;
}

static int parse_policy_at(struct parse_ctx *c, json_object *v,
			   const struct kpath *p, enum task_policy *out)
{
	static const struct { const char *name; enum task_policy p; } map[] = {
		{ "SCHED_OTHER", POLICY_OTHER }, { "SCHED_FIFO", POLICY_FIFO },
		{ "SCHED_RR", POLICY_RR }, { "SCHED_DEADLINE", POLICY_DEADLINE },
	};
	const char *s;
	size_t i;

	if (!json_object_is_type(v, json_type_string)) {
		problem_at(c, p->k, p->n, "expected a string");
		return 0;
	}
	s = json_object_get_string(v);
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (!strcmp(s, map[i].name)) {
			*out = map[i].p;
			return 1;
		}
	}
	problem_at(c, p->k, p->n,
		   "unknown policy \"%s\" (SCHED_OTHER, SCHED_FIFO, SCHED_RR, SCHED_DEADLINE)",
		   s);
	return 0;
}

static int parse_policy(struct parse_ctx *c, json_object *v, const char *task,
			enum task_policy *out)
{
	struct kpath p = { { "tasks", task, "policy" }, 3 };

	return parse_policy_at(c, v, &p, out);
}

static void parse_timer(struct parse_ctx *c, json_object *v,
			const struct kpath *p, struct event *e)
{
	struct kpath q;

	e->kind = EV_TIMER;
	e->relative = 1;	/* rt-app's default mode */
	if (!json_object_is_type(v, json_type_object)) {
		problem_at(c, p->k, p->n, "expected an object { \"ref\", \"period\", \"mode\" }");
		return;
	}
	json_object_object_foreach(v, k, f) {
		q = kp_add(p, k);
		if (!strcmp(k, "period")) {
			get_us_at(c, f, &q, 1, &e->ns);
		} else if (!strcmp(k, "mode")) {
			const char *m = json_object_get_string(f);

			if (json_object_is_type(f, json_type_string) && !strcmp(m, "absolute"))
				e->relative = 0;
			else if (!json_object_is_type(f, json_type_string) || strcmp(m, "relative"))
				problem_at(c, q.k, q.n, "expected \"absolute\" or \"relative\"");
		} else if (!strcmp(k, "ref")) {
			if (!json_object_is_type(f, json_type_string))
				problem_at(c, q.k, q.n, "expected a string");
		} else {
			problem_at(c, q.k, q.n, "unknown timer key \"%s\" (ref, period, mode)", k);
		}
	}
	if (!json_object_object_get_ex(v, "period", NULL))
		problem_at(c, p->k, p->n, "timer needs a \"period\"");
}

static int has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/*
 * 1 if @k names an event (rt-app matches events by prefix: run0, timer1).
 * rt-app's memrun and mem_* match "mem" here and are refused by name in
 * parse_event(), never ignored.
 */
static int is_event(const char *k)
{
	return has_prefix(k, "run") || has_prefix(k, "sleep") ||
	       has_prefix(k, "timer") || has_prefix(k, "yield") ||
	       has_prefix(k, "barrier") || has_prefix(k, "suspend") ||
	       has_prefix(k, "resume") || has_prefix(k, "lock") ||
	       has_prefix(k, "unlock") || has_prefix(k, "wait") ||
	       has_prefix(k, "signal") || has_prefix(k, "broad") ||
	       has_prefix(k, "sync") || has_prefix(k, "mem") ||
	       has_prefix(k, "iorun") || has_prefix(k, "fork");
}

/*
 * The object @kind @name, added if new; -1 (and a problem at @p) when the
 * name is not a string or the table is full.
 */
static int sync_obj_at(struct parse_ctx *c, const struct kpath *p, json_object *v,
		       enum obj_kind kind)
{
	struct taskset *ts = c->ts;
	const char *name;
	unsigned int i;

	if (!json_object_is_type(v, json_type_string)) {
		problem_at(c, p->k, p->n, "expected a name (string)");
		return -1;
	}
	name = json_object_get_string(v);
	if (!*name || strlen(name) >= DLGEN_NAME_MAX) {
		problem_at(c, p->k, p->n, "names are 1-%d characters", DLGEN_NAME_MAX - 1);
		return -1;
	}
	for (i = 0; i < ts->nobjs; i++)
		if (ts->objs[i].kind == kind && !strcmp(ts->objs[i].name, name))
			return (int)i;
	if (ts->nobjs == DLGEN_MAX_OBJS) {
		problem_at(c, p->k, p->n, "more than %d barriers, suspend names and mutexes",
			   DLGEN_MAX_OBJS);
		return -1;
	}
	strcpy(ts->objs[i].name, name);
	ts->objs[i].kind = kind;
	ts->nobjs++;
	return (int)i;
}

/* Remember where object @o is first woken and first waited on. */
static void note_wake_wait(struct parse_ctx *c, const struct kpath *q, int o,
			   int wakes, int waits)
{
	if (wakes && !c->wake_seen[o]) {
		c->wake_seen[o] = 1;
		c->first_wake[o] = *q;
	}
	if (waits && !c->wait_seen[o]) {
		c->wait_seen[o] = 1;
		c->first_wait[o] = *q;
	}
}

/* wait and sync: { "ref": condition variable, "mutex": held mutex }. */
static int parse_wait(struct parse_ctx *c, const struct kpath *q, const char *k,
		      json_object *v, struct event *e)
{
	json_object *ref = NULL, *mtx = NULL;
	struct kpath r = kp_add(q, "ref"), m = kp_add(q, "mutex");
	int o, mo;

	e->kind = has_prefix(k, "wait") ? EV_WAIT : EV_SYNC;
	if (json_object_is_type(v, json_type_object)) {
		json_object_object_foreach(v, wk, wv) {
			struct kpath x = kp_add(q, wk);

			(void)wv;
			if (strcmp(wk, "ref") && strcmp(wk, "mutex"))
				problem_at(c, x.k, x.n, "unknown key \"%s\" (ref, mutex)", wk);
		}
	}
	if (!json_object_is_type(v, json_type_object) ||
	    !json_object_object_get_ex(v, "ref", &ref) ||
	    !json_object_object_get_ex(v, "mutex", &mtx)) {
		problem_at(c, q->k, q->n, "expected { \"ref\": NAME, \"mutex\": NAME }");
		return 0;
	}
	o = sync_obj_at(c, &r, ref, OBJ_CONDVAR);
	mo = sync_obj_at(c, &m, mtx, OBJ_MUTEX);
	if (o < 0 || mo < 0)
		return 0;
	/* kept all the same (the set is refused): one problem, not a cascade */
	if (!c->held[mo])
		problem_at(c, q->k, q->n, "needs mutex \"%s\" locked before it (a lock event in the same pass)",
			   c->ts->objs[mo].name);
	e->obj = (unsigned int)o;
	e->mutex = (unsigned int)mo;
	note_wake_wait(c, q, o, e->kind == EV_SYNC, 1);
	return 1;
}

/*
 * barrier, suspend, resume, lock and unlock: their object; the mutexes a
 * pass holds are followed so that every lock has its unlock in the pass.
 */
static int parse_sync_event(struct parse_ctx *c, const struct kpath *q, const char *k,
			    json_object *v, struct event *e)
{
	int o;

	if (has_prefix(k, "barrier")) {
		e->kind = EV_BARRIER;
		o = sync_obj_at(c, q, v, OBJ_BARRIER);
		if (o < 0)
			return 0;
		e->obj = (unsigned int)o;
		return 1;
	}
	if (has_prefix(k, "suspend") || has_prefix(k, "resume")) {
		e->kind = has_prefix(k, "suspend") ? EV_SUSPEND : EV_RESUME;
		o = sync_obj_at(c, q, v, OBJ_COND);
		if (o < 0)
			return 0;
		e->obj = (unsigned int)o;
		note_wake_wait(c, q, o, e->kind == EV_RESUME, e->kind == EV_SUSPEND);
		return 1;
	}
	if (has_prefix(k, "signal") || has_prefix(k, "broad")) {
		e->kind = has_prefix(k, "signal") ? EV_SIGNAL : EV_BROADCAST;
		o = sync_obj_at(c, q, v, OBJ_CONDVAR);
		if (o < 0)
			return 0;
		e->obj = (unsigned int)o;
		note_wake_wait(c, q, o, 1, 0);
		return 1;
	}
	if (has_prefix(k, "wait") || has_prefix(k, "sync"))
		return parse_wait(c, q, k, v, e);
	e->kind = has_prefix(k, "unlock") ? EV_UNLOCK : EV_LOCK;
	o = sync_obj_at(c, q, v, OBJ_MUTEX);
	if (o < 0)
		return 0;
	e->obj = (unsigned int)o;
	if (e->kind == EV_UNLOCK) {
		if (!c->held[o]) {
			problem_at(c, q->k, q->n, "mutex \"%s\" is not locked here",
				   c->ts->objs[o].name);
			return 0;
		}
		c->held[o]--;
		return 1;
	}
	/* one problem for a double lock, none for its unlocks */
	if (c->held[o]++) {
		problem_at(c, q->k, q->n, "mutex \"%s\" is already locked here (it would wait for itself)",
			   c->ts->objs[o].name);
		return 0;
	}
	c->held_at[o] = *q;
	return 1;
}

/* At the end of a pass's events: every mutex it locked is unlocked. */
static void check_unlocked(struct parse_ctx *c)
{
	unsigned int o;

	for (o = 0; o < DLGEN_MAX_OBJS; o++)
		if (c->held[o])
			problem_at(c, c->held_at[o].k, c->held_at[o].n,
				   "mutex \"%s\" is still locked at the end of the pass: unlock it in the same %s",
				   c->ts->objs[o].name, c->held_at[o].n > 3 ? "phase" : "task");
	memset(c->held, 0, sizeof(c->held));
}

/*
 * rt-app's "taskgroup": a cgroup path below the cgroup root, "/tg1/tg11"
 * ("/": the root itself; "": none, as in rt-app), kept in @dst. Components
 * are letters, digits, '.', '_' and '-', neither "." nor "..", nor empty.
 */
static void parse_taskgroup_at(struct parse_ctx *c, json_object *v, const struct kpath *p,
			       char *dst)
{
	static const char allowed[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/";
	const char *s, *comp;
	size_t len, n;
	unsigned int i;

	if (!json_object_is_type(v, json_type_string)) {
		problem_at(c, p->k, p->n, "expected a cgroup path (a string such as \"/tg1\")");
		return;
	}
	s = json_object_get_string(v);
	len = strlen(s);
	if (!len)
		return;		/* rt-app: "" is no taskgroup */
	if (len >= DLGEN_TASKGROUP_MAX) {
		problem_at(c, p->k, p->n, "a taskgroup path is at most %d characters",
			   DLGEN_TASKGROUP_MAX - 1);
		return;
	}
	/* checked first (a NUL inside included): the messages below quote the path */
	if (strspn(s, allowed) != len || len != (size_t)json_object_get_string_len(v)) {
		problem_at(c, p->k, p->n, "cgroup names here are letters, digits, '.', '_' and '-', between slashes");
		return;
	}
	if (*s != '/') {
		problem_at(c, p->k, p->n, "\"%s\" is not an absolute path: a taskgroup starts with \"/\" (the cgroup root)",
			   s);
		return;
	}
	for (comp = s + 1; len > 1; comp += n + 1) {
		n = strcspn(comp, "/");
		if (!n || (n == 1 && comp[0] == '.') || (n == 2 && !strncmp(comp, "..", 2))) {
			problem_at(c, p->k, p->n, "\"%s\": every part between slashes must be a name, not empty, \".\" or \"..\"",
				   s);
			return;
		}
		if (!comp[n])
			break;
	}
	for (i = 0; i < c->ntaskgroups; i++)
		if (!strcmp(c->taskgroups[i], s))
			break;
	if (i == c->ntaskgroups) {
		if (c->ntaskgroups == DLGEN_MAX_TASKGROUPS) {
			problem_at(c, p->k, p->n, "more than %d taskgroups", DLGEN_MAX_TASKGROUPS);
			return;
		}
		strcpy(c->taskgroups[c->ntaskgroups++], s);
	}
	strcpy(dst, s);
}

/* Append the event @k: @v to @ph. */
static void parse_event(struct parse_ctx *c, const struct kpath *p, const char *k,
			json_object *v, struct phase *ph)
{
	struct kpath q = kp_add(p, k);
	struct event e = { .kind = EV_RUN };

	/* run, runtime and sleep of 0 us are rt-app's no-ops: not kept */
	if (has_prefix(k, "runtime")) {
		e.kind = EV_RUNTIME;
		if (!get_us_at(c, v, &q, 0, &e.ns) || !e.ns)
			return;
	} else if (has_prefix(k, "run")) {
		e.kind = EV_RUN;
		if (!get_us_at(c, v, &q, 0, &e.ns) || !e.ns)
			return;
	} else if (has_prefix(k, "sleep")) {
		e.kind = EV_SLEEP;
		if (!get_us_at(c, v, &q, 0, &e.ns) || !e.ns)
			return;
	} else if (has_prefix(k, "timer")) {
		parse_timer(c, v, &q, &e);
		if (!e.ns)
			return;
	} else if (has_prefix(k, "yield")) {
		e.kind = EV_YIELD;
	} else if (has_prefix(k, "fork")) {
		int o = sync_obj_at(c, &q, v, OBJ_FORK);

		if (o < 0)
			return;
		if (c->nforks == MAX_FORK_EVENTS) {
			problem_at(c, q.k, q.n, "more than %d fork events", MAX_FORK_EVENTS);
			return;
		}
		e.kind = EV_FORK;
		e.obj = (unsigned int)o;
		c->forks[c->nforks++] = (struct fork_use){ c->cur_task, ph, q, (unsigned int)o };
	} else if ((has_prefix(k, "mem") && !has_prefix(k, "memrun") &&
		    !has_prefix(k, "mem_")) || has_prefix(k, "iorun")) {
		int64_t bytes;

		/* rt-app's memory and I/O load, in bytes; 0 is a no-op */
		e.kind = has_prefix(k, "mem") ? EV_MEM : EV_IORUN;
		if (!get_int_at(c, v, &q, 0, INT64_MAX, &bytes) || !bytes)
			return;
		e.ns = (uint64_t)bytes;
	} else if (has_prefix(k, "barrier") || has_prefix(k, "suspend") ||
		   has_prefix(k, "resume") || has_prefix(k, "lock") ||
		   has_prefix(k, "unlock") || has_prefix(k, "wait") ||
		   has_prefix(k, "signal") || has_prefix(k, "broad") ||
		   has_prefix(k, "sync")) {
		if (!parse_sync_event(c, &q, k, v, &e))
			return;
	} else {
		problem_at(c, q.k, q.n, "rt-app's \"%s\" event is not supported by dlgen (run, runtime, sleep, timer, yield, barrier, suspend, resume, lock, unlock, wait, signal, broad, sync, mem, iorun, fork)", k);
		return;
	}
	if (ph->nevents == DLGEN_MAX_EVENTS) {
		problem_at(c, q.k, q.n, "more than %d events in one phase", DLGEN_MAX_EVENTS);
		return;
	}
	ph->ev[ph->nevents++] = e;
}

static int get_loop(struct parse_ctx *c, json_object *v, const struct kpath *p, int *loop)
{
	int64_t x;

	if (!get_int_at(c, v, p, -1, 100000000, &x))
		return 0;
	if (!x) {
		problem_at(c, p->k, p->n, "0 passes: use -1 (until the run ends) or a count >= 1");
		return 0;
	}
	*loop = (int)x;
	return 1;
}

/* A phase of "phases": events, "loop", "cpus" and "taskgroup". */
static void parse_cpus_at(struct parse_ctx *c, json_object *v, const struct kpath *p,
			  uint64_t *cpus, int *have);

static void parse_phase(struct parse_ctx *c, const struct task_spec *t, const char *name,
			json_object *o, struct phase *ph)
{
	const char *task = t->name;
	struct kpath p = { { "tasks", task, "phases", name }, 4 };

	memset(ph, 0, sizeof(*ph));
	ph->loop = 1;
	if (strlen(name) >= DLGEN_NAME_MAX || strpbrk(name, ",\"\n")) {
		problem_at(c, p.k, p.n, "phase names must be up to %d characters without comma, quote or newline",
			   DLGEN_NAME_MAX - 1);
		return;
	}
	strcpy(ph->name, name);
	if (!json_object_is_type(o, json_type_object)) {
		problem_at(c, p.k, p.n, "expected an object of events");
		return;
	}
	memset(c->held, 0, sizeof(c->held));
	json_object_object_foreach(o, k, v) {
		struct kpath q = kp_add(&p, k);

		if (is_event(k))
			parse_event(c, &p, k, v, ph);
		else if (!strcmp(k, "loop"))
			get_loop(c, v, &q, &ph->loop);
		else if (!strcmp(k, "cpus") && t->policy == POLICY_DEADLINE)
			problem_at(c, q.k, q.n, "SCHED_DEADLINE refuses an affinity narrower than its root domain (sched_setaffinity() fails with EBUSY): per-phase cpus are for the other policies; use a task-level \"cpus\" (refused at admission) or an exclusive cpuset");
		else if (!strcmp(k, "cpus"))
			parse_cpus_at(c, v, &q, ph->cpus, &ph->have_cpus);
		else if (!strcmp(k, "taskgroup"))
			parse_taskgroup_at(c, v, &q, ph->taskgroup);
		else
			problem_at(c, q.k, q.n, "unknown or unsupported phase key \"%s\" (events, \"loop\", \"cpus\" and \"taskgroup\"; per-phase scheduling parameters are not supported)", k);
	}
	check_unlocked(c);
	if (!ph->nevents)
		problem_at(c, p.k, p.n, "a phase needs at least one event");
}

/* "cpus" at @p: an affinity, into @cpus (DLGEN_MAX_CPUS_WORDS words). */
static void parse_cpus_at(struct parse_ctx *c, json_object *v, const struct kpath *p,
			  uint64_t *cpus, int *have)
{
	size_t i, n;

	if (!json_object_is_type(v, json_type_array) || !json_object_array_length(v)) {
		problem_at(c, p->k, p->n, "expected a non-empty array of CPU numbers");
		return;
	}
	n = json_object_array_length(v);
	for (i = 0; i < n; i++) {
		int64_t cpu;

		if (get_int_at(c, json_object_array_get_idx(v, i), p, 0,
			       DLGEN_MAX_CPUS - 1, &cpu))
			cpus[cpu / 64] |= 1ULL << (cpu % 64);
	}
	*have = 1;
}

static void parse_cpus(struct parse_ctx *c, json_object *v, const char *task,
		       struct task_spec *t)
{
	struct kpath p = { { "tasks", task, "cpus" }, 3 };

	parse_cpus_at(c, v, &p, t->cpus, &t->have_cpus);
}

static void parse_dl_flags(struct parse_ctx *c, json_object *v,
			   const char *task, struct task_spec *t)
{
	size_t i, n;

	if (!json_object_is_type(v, json_type_array)) {
		problem(c, "tasks", task, "dl-flags",
			"expected an array of \"reclaim\", \"overrun\"");
		return;
	}
	n = json_object_array_length(v);
	for (i = 0; i < n; i++) {
		json_object *f = json_object_array_get_idx(v, i);
		const char *s = json_object_get_string(f);

		if (json_object_is_type(f, json_type_string) && !strcmp(s, "reclaim"))
			t->dl_flags |= DLGEN_DL_RECLAIM;
		else if (json_object_is_type(f, json_type_string) && !strcmp(s, "overrun"))
			t->dl_flags |= DLGEN_DL_OVERRUN;
		else
			problem(c, "tasks", task, "dl-flags",
				"unknown flag %s (\"reclaim\", \"overrun\")",
				json_object_to_json_string(f));
	}
}

/* After the keys: events, phases, loops and what tasks.csv reports. */
static void finish_events(struct parse_ctx *c, const char *name, json_object *phases,
			  int have_loop, int loop, struct task_spec *t)
{
	unsigned int i, j;

	if (phases) {
		if (t->phases[0].nevents) {
			problem(c, "tasks", name, "phases",
				"a task with \"phases\" has its events inside them, not beside");
			return;
		}
		if (!json_object_is_type(phases, json_type_object)) {
			problem(c, "tasks", name, "phases", "expected an object of phases");
			return;
		}
		json_object_object_foreach(phases, pk, pv) {
			if (t->nphases == DLGEN_MAX_PHASES) {
				problem(c, "tasks", name, "phases", "more than %d phases",
					DLGEN_MAX_PHASES);
				return;
			}
			parse_phase(c, t, pk, pv, &t->phases[t->nphases++]);
		}
		if (!t->nphases) {
			problem(c, "tasks", name, "phases", "no phases");
			return;
		}
		/* rt-app: with phases, "loop" repeats them all, default forever. */
		t->loop = have_loop ? loop : DLGEN_LOOP_FOREVER;
	} else {
		t->nphases = 1;
		/* rt-app: without phases, "loop" counts passes and the task then ends. */
		t->phases[0].loop = have_loop ? loop : 1;
		t->loop = have_loop ? 1 : DLGEN_LOOP_FOREVER;
		if (!t->phases[0].nevents) {
			problem(c, "tasks", name, NULL,
				"needs events: run, runtime, sleep, timer or yield");
			return;
		}
	}
	for (i = 0; i < t->nphases; i++) {
		const struct phase *ph = &t->phases[i];

		if (ph->nevents && !phase_min_pass_ns(ph)) {
			if (phases)
				problem(c, "tasks", name, "phases", "phase \"%s\" can take no time (only yield): add run, runtime, sleep or timer", ph->name);
			else
				problem(c, "tasks", name, NULL, "its events can take no time (only yield): add run, runtime, sleep or timer");
		}
		for (j = 0; j < ph->nevents; j++) {
			if (ph->ev[j].kind == EV_TIMER && !t->period_ns)
				t->period_ns = ph->ev[j].ns;
			if (ph->ev[j].kind == EV_RUN && i == 0 &&
			    __builtin_add_overflow(t->run_ns, ph->ev[j].ns, &t->run_ns)) {
				problem(c, "tasks", name, "run",
					"the run events of a pass add up past 2^64 ns");
				t->run_ns = UINT64_MAX;
			}
		}
	}
}

/*
 * rt-app's "priority": SCHED_FIFO/RR's 1..99 (default 10); for SCHED_OTHER
 * the nice value, -20..19; for SCHED_DEADLINE it has no effect (0..99).
 */
static void check_priority(struct parse_ctx *c, const char *name, int have,
			   int64_t prio, struct task_spec *t)
{
	switch (t->policy) {
	case POLICY_FIFO:
	case POLICY_RR:
		if (!have)
			t->priority = 10;	/* rt-app's default */
		else if (prio < 1 || prio > 99)
			problem(c, "tasks", name, "priority",
				"priority %lld is not a %s priority (1..99)",
				(long long)prio, policy_name(t->policy));
		else
			t->priority = (unsigned int)prio;
		break;
	case POLICY_OTHER:
		if (have && (prio < -20 || prio > 19))
			problem(c, "tasks", name, "priority",
				"nice %lld is out of range [-20, 19] (SCHED_OTHER)",
				(long long)prio);
		else if (have)
			t->nice = (int)prio;
		break;
	case POLICY_DEADLINE:
		if (have && (prio < 0 || prio > 99))
			problem(c, "tasks", name, "priority",
				"%lld is out of range [0, 99]", (long long)prio);
		else if (have)
			t->priority = (unsigned int)prio;
		break;
	}
}

static void parse_task(struct parse_ctx *c, const char *name, json_object *o,
		       enum task_policy default_policy, struct task_spec *t)
{
	struct kpath p = { { "tasks", name }, 2 };
	json_object *phases = NULL, *legacy_rt = NULL, *legacy_p = NULL, *legacy_d = NULL;
	/* Keys seen, valid or not: a bad value is one problem, not two. */
	int have_runtime = 0, have_period = 0, have_deadline = 0, have_loop = 0;
	int have_priority = 0;
	int64_t prio = 0;
	int loop = 1;

	memset(t, 0, sizeof(*t));
	if (strlen(name) >= DLGEN_NAME_MAX || !*name || strpbrk(name, ",\"\n")) {
		problem(c, "tasks", name, NULL,
			"task names must be 1-%d characters without comma, quote or newline",
			DLGEN_NAME_MAX - 1);
		return;
	}
	strcpy(t->name, name);
	t->instances = 1;
	t->util_min = -1;
	t->util_max = -1;
	t->policy = default_policy;
	t->phases[0].loop = 1;
	if (!json_object_is_type(o, json_type_object)) {
		problem(c, "tasks", name, NULL, "expected an object");
		return;
	}
	/* Pass 1: everything but events (the policy decides what "runtime" is). */
	json_object_object_foreach(o, k, v) {
		struct kpath q = kp_add(&p, k);

		if (!strcmp(k, "policy")) {
			parse_policy(c, v, name, &t->policy);
		} else if (!strcmp(k, "instance")) {
			/* 0: rt-app's disabled task, checked but not run */
			get_uint(c, v, "tasks", name, k, 0, DLGEN_MAX_INSTANCES,
				 &t->instances);
		} else if (!strcmp(k, "priority")) {
			/* its range depends on the policy, known after this pass */
			have_priority = get_int_at(c, v, &q, INT64_MIN, INT64_MAX, &prio);
		} else if (!strcmp(k, "util_min") || !strcmp(k, "util_max")) {
			unsigned int u;

			if (get_uint(c, v, "tasks", name, k, 0, 1024, &u)) {
				if (!strcmp(k, "util_min"))
					t->util_min = (int)u;
				else
					t->util_max = (int)u;
			}
		} else if (!strcmp(k, "dl-flags")) {
			parse_dl_flags(c, v, name, t);
		} else if (!strcmp(k, "delay")) {
			get_us(c, v, "tasks", name, k, 0, &t->delay_ns);
		} else if (!strcmp(k, "dl-runtime")) {
			have_runtime = 1;
			get_us(c, v, "tasks", name, k, DL_MIN_NS, &t->dl_runtime_ns);
		} else if (!strcmp(k, "dl-period")) {
			have_period = 1;
			get_us(c, v, "tasks", name, k, DL_MIN_NS, &t->dl_period_ns);
		} else if (!strcmp(k, "dl-deadline")) {
			have_deadline = 1;
			get_us(c, v, "tasks", name, k, DL_MIN_NS, &t->dl_deadline_ns);
		} else if (!strcmp(k, "runtime")) {
			legacy_rt = v;	/* the reservation or an event: see below */
		} else if (!strcmp(k, "period")) {
			legacy_p = v;
		} else if (!strcmp(k, "deadline")) {
			legacy_d = v;
		} else if (!strcmp(k, "cpus")) {
			parse_cpus(c, v, name, t);
		} else if (!strcmp(k, "phases")) {
			phases = v;
		} else if (!strcmp(k, "loop")) {
			have_loop = get_loop(c, v, &q, &loop);
		} else if (!strcmp(k, "taskgroup")) {
			parse_taskgroup_at(c, v, &q, t->taskgroup);
		} else if (!is_event(k)) {
			problem(c, "tasks", name, k, "unknown or unsupported key \"%s\"", k);
		}
	}
	/*
	 * rt-app's legacy grammar: "runtime", "period" and "deadline" beside
	 * the policy are the SCHED_DEADLINE reservation when the dl-* keys
	 * are absent; otherwise "runtime" is the event (busy for a time).
	 */
	if (legacy_rt && t->policy == POLICY_DEADLINE && !have_runtime) {
		get_us(c, legacy_rt, "tasks", name, "runtime", DL_MIN_NS, &t->dl_runtime_ns);
		have_runtime = 1;
		legacy_rt = NULL;
	}
	if (legacy_p || legacy_d) {
		const char *lk = legacy_p ? "period" : "deadline";

		if (t->policy != POLICY_DEADLINE)
			problem(c, "tasks", name, lk,
				"rt-app's legacy \"%s\" is a SCHED_DEADLINE parameter: it needs \"policy\": \"SCHED_DEADLINE\"", lk);
		if (legacy_p && !have_period && t->policy == POLICY_DEADLINE)
			get_us(c, legacy_p, "tasks", name, "period", DL_MIN_NS, &t->dl_period_ns);
		if (legacy_d && !have_deadline && t->policy == POLICY_DEADLINE)
			get_us(c, legacy_d, "tasks", name, "deadline", DL_MIN_NS, &t->dl_deadline_ns);
	}
	/* Pass 2: the events, in file order. */
	memset(c->held, 0, sizeof(c->held));
	json_object_object_foreach(o, ek, ev) {
		if (!is_event(ek) || (!strcmp(ek, "runtime") && !legacy_rt))
			continue;
		parse_event(c, &p, ek, ev, &t->phases[0]);
	}
	check_unlocked(c);
	finish_events(c, name, phases, have_loop, loop, t);
	if (t->util_min >= 0 && t->util_max >= 0 && t->util_min > t->util_max)
		problem(c, "tasks", name, "util_min", "util_min %d > util_max %d",
			t->util_min, t->util_max);
	check_priority(c, name, have_priority, prio, t);
	if (t->policy != POLICY_DEADLINE) {
		if (t->dl_flags)
			problem(c, "tasks", name, "dl-flags",
				"dl-flags need \"policy\": \"SCHED_DEADLINE\"");
		/*
		 * On SCHED_OTHER, dl-runtime alone is rt-app's custom slice:
		 * passed as sched_attr.sched_runtime, which Linux 6.12 and
		 * later use as the task's slice and earlier kernels ignore.
		 */
		if (t->policy == POLICY_OTHER && have_runtime && !t->dl_period_ns &&
		    !t->dl_deadline_ns)
			return;
		if (t->dl_runtime_ns || t->dl_period_ns || t->dl_deadline_ns)
			problem(c, "tasks", name, "policy",
				"dl-* keys need \"policy\": \"SCHED_DEADLINE\"");
		return;
	}
	if (!have_runtime)
		problem(c, "tasks", name, NULL, "SCHED_DEADLINE needs \"dl-runtime\"");
	if (!t->dl_runtime_ns)
		return;
	/* rt-app's defaults: period = runtime, deadline = period. */
	if (!t->dl_period_ns)
		t->dl_period_ns = t->dl_runtime_ns;
	if (!t->dl_deadline_ns)
		t->dl_deadline_ns = t->dl_period_ns;
	if (t->dl_runtime_ns > t->dl_deadline_ns)
		problem(c, "tasks", name, "dl-runtime",
			"runtime %llu us > deadline %llu us",
			(unsigned long long)t->dl_runtime_ns / NS_PER_US,
			(unsigned long long)t->dl_deadline_ns / NS_PER_US);
	if (t->dl_deadline_ns > t->dl_period_ns)
		problem(c, "tasks", name, "dl-deadline",
			"deadline %llu us > period %llu us",
			(unsigned long long)t->dl_deadline_ns / NS_PER_US,
			(unsigned long long)t->dl_period_ns / NS_PER_US);
	if (t->dl_period_ns >= DL_MAX_NS)
		problem(c, "tasks", name, "dl-period", "period must be below 2^63 ns");
	else if (t->dl_period_ns < DL_PERIOD_MIN_US * NS_PER_US ||
		 t->dl_period_ns > DL_PERIOD_MAX_US * NS_PER_US)
		problem(c, "tasks", name, "dl-period",
			"period %llu us is outside the kernel's default range [%llu, %llu] us (kernel.sched_deadline_period_min_us/_max_us)",
			(unsigned long long)(t->dl_period_ns / NS_PER_US),
			DL_PERIOD_MIN_US, DL_PERIOD_MAX_US);
}

/* rt-app's "calibration": "CPUn" (calibrate there) or ns per loop. */
static void parse_calibration(struct parse_ctx *c, json_object *v, struct taskset *ts)
{
	const char *s = json_object_get_string(v);
	char *end;
	long cpu;

	if (json_object_is_type(v, json_type_int)) {
		int64_t x = json_object_get_int64(v);

		if (x < 1 || x > 1000000000)
			problem(c, "global", "calibration", NULL,
				"%lld ns per loop is out of range [1, 10^9]", (long long)x);
		else
			ts->calib_ns_per_loop = (uint64_t)x;
		return;
	}
	if (json_object_is_type(v, json_type_string) && !strncmp(s, "CPU", 3)) {
		cpu = strtol(s + 3, &end, 10);
		if (end != s + 3 && !*end && cpu >= 0 && cpu < DLGEN_MAX_CPUS) {
			ts->calib_cpu = (int)cpu;
			return;
		}
	}
	problem(c, "global", "calibration", NULL,
		"expected \"CPUn\" or an integer (ns per loop)");
}

static void parse_global(struct parse_ctx *c, json_object *g, struct taskset *ts)
{
	static const char *const ignored[] = {
		"logdir", "log_basename", "log_size", "lock_pages", "ftrace",
		"gnuplot", "frag",
	};
	unsigned int dur;
	size_t i;

	if (!json_object_is_type(g, json_type_object)) {
		problem(c, "global", NULL, NULL, "expected an object");
		return;
	}
	json_object_object_foreach(g, k, v) {
		if (!strcmp(k, "duration")) {
			if (get_uint(c, v, "global", k, NULL, 1, DURATION_MAX_S, &dur))
				ts->duration_ns = (uint64_t)dur * 1000000000ULL;
			continue;
		}
		if (!strcmp(k, "default_policy")) {
			struct kpath gp = { { "global", k }, 2 };

			parse_policy_at(c, v, &gp, &ts->default_policy);
			continue;
		}
		if (!strcmp(k, "calibration")) {
			parse_calibration(c, v, ts);
			continue;
		}
		if (!strcmp(k, "io_device")) {
			const char *d = json_object_get_string(v);

			if (!json_object_is_type(v, json_type_string) || !*d ||
			    strlen(d) >= sizeof(ts->io_device))
				problem(c, "global", k, NULL, "expected a path (1-%zu characters)",
					sizeof(ts->io_device) - 1);
			else
				strcpy(ts->io_device, d);
			continue;
		}
		if (!strcmp(k, "mem_buffer_size")) {
			struct kpath gp = { { "global", k }, 2 };
			int64_t b;

			/* one buffer per thread that uses mem or iorun, locked */
			if (get_int_at(c, v, &gp, 1, MEM_BUFFER_MAX, &b))
				ts->mem_buffer_size = (uint64_t)b;
			continue;
		}
		if (!strcmp(k, "pi_enabled")) {
			/* rt-app's: every mutex inherits priority */
			if (json_object_is_type(v, json_type_boolean))
				ts->pi_enabled = json_object_get_boolean(v);
			else
				problem(c, "global", k, NULL, "expected true or false");
			continue;
		}
		for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
			if (!strcmp(k, ignored[i]))
				break;
		if (i == sizeof(ignored) / sizeof(ignored[0]))
			problem(c, "global", k, NULL, "unknown or unsupported key \"%s\"", k);
	}
}

/* 1 if @ev waits on its object; 2 if it wakes it; 3 both (sync). */
int event_waits_wakes(const struct event *ev)
{
	switch (ev->kind) {
	case EV_SUSPEND:
	case EV_WAIT:
		return 1;
	case EV_RESUME:
	case EV_SIGNAL:
	case EV_BROADCAST:
		return 2;
	case EV_SYNC:
		return 3;
	default:
		return 0;
	}
}

/*
 * What the enabled task @t synchronises on, each object counting its
 * instances once however many events name it: the barriers it uses, the
 * suspend names and condition variables it can wake; @waits and @wakes
 * mark the names it waits on and wakes.
 */
static void count_sync_users(const struct task_spec *t, struct taskset *ts,
			     unsigned char *waits, unsigned char *wakes)
{
	uint64_t seen = 0;
	unsigned int p, e;

	for (p = 0; p < t->nphases; p++) {
		for (e = 0; e < t->phases[p].nevents; e++) {
			const struct event *ev = &t->phases[p].ev[e];
			int ww = event_waits_wakes(ev);

			if ((ev->kind == EV_BARRIER || (ww & 2)) && !(seen & (1ULL << ev->obj))) {
				seen |= 1ULL << ev->obj;
				ts->objs[ev->obj].users += t->instances;
			}
			if (ww & 1)
				waits[ev->obj] = 1;
			if (ww & 2)
				wakes[ev->obj] = 1;
		}
	}
}

/*
 * A resume or signal nobody waits for, or a suspend or wait nobody
 * wakes, is a mistake (of enabled tasks).
 */
static void check_sync_pairs(struct parse_ctx *c, const unsigned char *waits,
			     const unsigned char *wakes)
{
	unsigned int o;

	for (o = 0; o < c->ts->nobjs; o++) {
		int cv = c->ts->objs[o].kind == OBJ_CONDVAR;

		if (c->ts->objs[o].kind != OBJ_COND && !cv)
			continue;
		if (wakes[o] && !waits[o] && c->wake_seen[o])
			problem_at(c, c->first_wake[o].k, c->first_wake[o].n,
				   "no task %s \"%s\": it would wake nobody",
				   cv ? "waits on" : "suspends on", c->ts->objs[o].name);
		if (waits[o] && !wakes[o] && c->wait_seen[o])
			problem_at(c, c->first_wait[o].k, c->first_wait[o].n,
				   "no task %s \"%s\": it would wait until the watchdog",
				   cv ? "signals" : "resumes", c->ts->objs[o].name);
	}
}

/* 1 if @t has an event that synchronises with other threads, or forks. */
static int task_syncs(const struct task_spec *t)
{
	unsigned int p, e;

	for (p = 0; p < t->nphases; p++)
		for (e = 0; e < t->phases[p].nevents; e++)
			if (t->phases[p].ev[e].kind >= EV_BARRIER &&
			    t->phases[p].ev[e].kind <= EV_SYNC)
				return 1;
			else if (t->phases[p].ev[e].kind == EV_FORK)
				return 1;
	return 0;
}

/*
 * rt-app's fork starts a thread of the task it names each time it runs:
 * dlgen counts them in advance (each is a log and a stack, allocated
 * before the start), so a task that forks needs finite loops; the task
 * it starts may neither fork nor synchronise (barrier and waker counts
 * are fixed before the start too).
 */
static void count_forks(struct parse_ctx *c, struct taskset *ts)
{
	unsigned int i, k;

	for (i = 0; i < c->nforks; i++) {
		const struct fork_use *f = &c->forks[i];
		const struct task_spec *from = &ts->tasks[f->task];
		const char *name = ts->objs[f->obj].name;
		uint64_t n;

		for (k = 0; k < ts->ntasks; k++)
			if (!strcmp(ts->tasks[k].name, name))
				break;
		if (k == ts->ntasks) {
			problem_at(c, f->at.k, f->at.n, "no task named \"%s\" to fork", name);
			continue;
		}
		if (!from->instances)
			continue;	/* a disabled task forks nothing */
		if (from->loop < 0 || f->ph->loop < 0) {
			problem_at(c, f->at.k, f->at.n, "a task that forks needs finite loops (each fork is a thread, counted before the start)");
			continue;
		}
		n = (uint64_t)from->instances * (uint64_t)from->loop * (uint64_t)f->ph->loop;
		if (n > DLGEN_MAX_THREADS || ts->tasks[k].forks + n > DLGEN_MAX_THREADS) {
			problem_at(c, f->at.k, f->at.n, "more than %d threads forked", DLGEN_MAX_THREADS);
			continue;
		}
		ts->tasks[k].forks += (unsigned int)n;
	}
	for (k = 0; k < ts->ntasks; k++)
		if (ts->tasks[k].forks && task_syncs(&ts->tasks[k]))
			problem(c, "tasks", ts->tasks[k].name, NULL,
				"a task started by fork may not fork or synchronise (barrier, suspend, resume, lock, wait, signal...): its threads are counted before the start");
}

/* Tasks of instance 0 that nothing forks are not run: out of the set. */
static void drop_disabled(struct taskset *ts)
{
	unsigned int i, n = 0;

	for (i = 0; i < ts->ntasks; i++) {
		if (!ts->tasks[i].instances && !ts->tasks[i].forks)
			continue;
		if (n != i)
			ts->tasks[n] = ts->tasks[i];
		n++;
	}
	for (i = n; i < ts->ntasks; i++)
		memset(&ts->tasks[i], 0, sizeof(ts->tasks[i]));
	ts->ntasks = n;
}

/*
 * Without global.duration the run ends when every task has done its loops
 * (rt-app's meaning): every loop must be a count; rt-app would run a
 * loop of -1 until it is stopped, dlgen refuses it.
 */
static void check_loops_bound(struct parse_ctx *c, json_object *tasks,
			      const struct taskset *ts)
{
	static const char msg[] = "without global.duration every loop must be a count: the run ends when every task has done its loops (or give -d MS)";
	unsigned int i, p;

	for (i = 0; i < ts->ntasks; i++) {
		const struct task_spec *t = &ts->tasks[i];
		json_object *o = NULL;
		int keyed;

		json_object_object_get_ex(tasks, t->name, &o);
		keyed = o && json_object_object_get_ex(o, "loop", NULL);
		if (t->loop < 0) {
			if (keyed)
				problem(c, "tasks", t->name, "loop", "%s", msg);
			else
				problem(c, "tasks", t->name, NULL, "%s (add a \"loop\" count)", msg);
			continue;
		}
		for (p = 0; p < t->nphases; p++) {
			const struct phase *ph = &t->phases[p];
			const char *keys[5] = { "tasks", t->name, "phases", ph->name, "loop" };

			if (ph->loop >= 0)
				continue;
			if (t->nphases == 1 && !*ph->name)
				problem(c, "tasks", t->name, "loop", "%s", msg);
			else
				problem_at(c, keys, 5, "%s", msg);
		}
	}
}

static int span_is(const char *text, struct json_span k, const char *s)
{
	return k.len == strlen(s) + 2 && !memcmp(text + k.off + 1, s, k.len - 2);
}

/*
 * Which keys may repeat (json_find_dup()): events in a task or a phase,
 * and phase names, which rt-app's workgen numbers in file order; not task
 * names, settings or anything else.
 */
static int may_repeat(void *ctx, const char *text, const struct json_span *path,
		      int n, struct json_span key)
{
	char k[DLGEN_NAME_MAX];

	(void)ctx;
	if (n < 2 || !span_is(text, path[0], "tasks"))
		return 0;
	if (n == 3 || n == 4) {
		if (!span_is(text, path[2], "phases"))
			return 0;
		if (n == 3)
			return 1;	/* a phase name */
	} else if (n != 2) {
		return 0;
	}
	if (key.len - 2 >= sizeof(k))
		return 0;
	memcpy(k, text + key.off + 1, key.len - 2);
	k[key.len - 2] = '\0';
	return is_event(k);
}

/*
 * @text with the numbers of @ren inserted (the second "run" becomes
 * "run1"), or NULL when memory runs out.
 */
static char *number_keys(const char *text, const struct json_renames *ren)
{
	size_t len = strlen(text), extra = 0, i, from = 0, o = 0;
	char *out;

	for (i = 0; i < ren->n; i++)
		extra += ndigits(ren->r[i].n);
	out = malloc(len + extra + 1);
	if (!out)
		return NULL;
	for (i = 0; i < ren->n; i++) {
		memcpy(out + o, text + from, ren->r[i].at - from);
		o += ren->r[i].at - from;
		o += (size_t)sprintf(out + o, "%u", ren->r[i].n);
		from = ren->r[i].at;
	}
	memcpy(out + o, text + from, len - from + 1);
	return out;
}

int taskset_parse(const char *path, const char *text, struct taskset *ts,
		  FILE *err)
{
	return taskset_parse_flags(path, text, ts, err, 0);
}

int taskset_parse_flags(const char *path, const char *text, struct taskset *ts,
			FILE *err, unsigned int flags)
{
	struct parse_ctx c = { .path = path, .text = text, .orig = text, .err = err, .ts = ts };
	struct json_renames ren = { 0 };
	char *numbered = NULL;
	struct json_tokener *tok;
	json_object *root, *tasks = NULL;
	enum json_tokener_error jerr;
	unsigned int i, threads = 0;
	size_t end, dup, first;
	int line, col;

	memset(ts, 0, sizeof(*ts));
	tok = json_tokener_new();
	if (!tok) {
		fprintf(err, "%s: out of memory\n", path);
		return 1;
	}
	root = json_tokener_parse_ex(tok, text, (int)strlen(text) + 1);
	jerr = json_tokener_get_error(tok);
	if (!root || jerr != json_tokener_success) {
		offset_to_linecol(text, json_tokener_get_parse_end(tok), &line, &col);
		fprintf(err, "%s:%d:%d: JSON syntax error: %s\n", path, line, col,
			json_tokener_error_desc(jerr));
		json_tokener_free(tok);
		json_object_put(root);
		return 1;
	}
	/* json-c stops after the first value: what follows must be blank */
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (end > strlen(text))	/* it may count the terminating NUL */
		end = strlen(text);
	end += strspn(text + end, " \t\r\n");
	if (text[end]) {
		offset_to_linecol(text, end, &line, &col);
		fprintf(err, "%s:%d:%d: text after the end of the JSON object\n",
			path, line, col);
		json_object_put(root);
		return 1;
	}
	/*
	 * json-c keeps the last of two equal keys without a word: a repeat is
	 * an error, but for events and phases, which are numbered in file
	 * order and parsed again.
	 */
	switch (json_find_dup(text, strlen(text), may_repeat, NULL, &ren, &dup, &first)) {
	case 1: {
		int fline, fcol;
		size_t klen = strcspn(text + dup + 1, "\"");

		offset_to_linecol(text, dup, &line, &col);
		offset_to_linecol(text, first, &fline, &fcol);
		fprintf(err, "%s:%d:%d: key \"%.*s\" appears twice in one object (first at line %d); json-c would silently keep only the last\n",
			path, line, col, (int)klen, text + dup + 1, fline);
		json_object_put(root);
		free(ren.r);
		return 1;
	}
	case -1:
		fprintf(err, "%s:1:1: JSON nests deeper than 64 levels\n", path);
		json_object_put(root);
		free(ren.r);
		return 1;
	}
	if (ren.n) {
		numbered = number_keys(text, &ren);
		json_object_put(root);
		root = numbered ? json_tokener_parse(numbered) : NULL;
		if (!root) {
			fprintf(err, "%s: out of memory\n", path);
			free(numbered);
			free(ren.r);
			return 1;
		}
		c.text = numbered;
		c.ren = &ren;
	}

	if (!json_object_is_type(root, json_type_object)) {
		fprintf(err, "%s:1:1: top level: expected an object\n", path);
		json_object_put(root);
		free(numbered);
		free(ren.r);
		return 1;
	}
	ts->calib_cpu = -1;
	ts->default_policy = POLICY_OTHER;
	strcpy(ts->io_device, "/dev/null");	/* rt-app's defaults */
	ts->mem_buffer_size = MEM_BUFFER_DEFAULT;
	json_object_object_foreach(root, k, v) {
		if (!strcmp(k, "global"))
			parse_global(&c, v, ts);	/* first: default_policy */
		else if (!strcmp(k, "tasks"))
			tasks = v;
		else
			problem(&c, k, NULL, NULL, "unknown top-level key \"%s\"", k);
	}
	if (!tasks) {
		fprintf(err, "%s:1:1: tasks: missing\n", path);
		c.problems++;
	} else if (!json_object_is_type(tasks, json_type_object)) {
		problem(&c, "tasks", NULL, NULL, "expected an object of tasks");
	} else {
		unsigned int disabled = 0;
		unsigned char waits[DLGEN_MAX_OBJS] = { 0 }, wakes[DLGEN_MAX_OBJS] = { 0 };

		json_object_object_foreach(tasks, name, o) {
			struct task_spec *t = &ts->tasks[ts->ntasks];

			if (ts->ntasks == DLGEN_MAX_TASKS) {
				problem(&c, "tasks", name, NULL, "more than %d tasks",
					DLGEN_MAX_TASKS);
				break;
			}
			c.cur_task = ts->ntasks;
			parse_task(&c, name, o, ts->default_policy, t);
			if (t->instances)
				count_sync_users(t, ts, waits, wakes);
			else
				disabled++;	/* instance 0: checked, run only if forked */
			ts->ntasks++;
		}
		check_sync_pairs(&c, waits, wakes);
		count_forks(&c, ts);
		drop_disabled(ts);
		if (!ts->ntasks && disabled)
			problem(&c, "tasks", NULL, NULL, "every task has instance 0: nothing to run");
		else if (!ts->ntasks)
			problem(&c, "tasks", NULL, NULL, "no tasks");
		if (!ts->duration_ns && (flags & PARSE_DURATION_GIVEN)) {
			/* -d is the run's length: any loops */
			ts->duration_ns = DLGEN_LOOPS_CAP_S * 1000000000ULL;
		} else if (!ts->duration_ns) {
			check_loops_bound(&c, tasks, ts);
			ts->loops_bound = 1;
			ts->duration_ns = DLGEN_LOOPS_CAP_S * 1000000000ULL;
		}
	}
	for (i = 0; i < ts->ntasks; i++) {
		threads += ts->tasks[i].instances + ts->tasks[i].forks;
		if (threads > DLGEN_MAX_THREADS) {
			problem(&c, "tasks", ts->tasks[i].name, "instance",
				"more than %d instances in all (threads, each with a locked %d KiB stack)",
				DLGEN_MAX_THREADS, DLGEN_THREAD_STACK / 1024);
			break;
		}
	}
	for (i = 0; ts->duration_ns && i < ts->ntasks; i++) {
		const struct task_spec *t = &ts->tasks[i];
		uint64_t first_end;

		if (__builtin_add_overflow(t->delay_ns, t->run_ns, &first_end))
			first_end = UINT64_MAX;
		if (t->run_ns && first_end > ts->duration_ns)
			problem(&c, "tasks", t->name, "run",
				"delay + run (%llu us) is longer than global.duration: no job could finish",
				(unsigned long long)(first_end / NS_PER_US));
	}
	json_object_put(root);
	free(numbered);
	free(ren.r);
	return c.problems;
}

int taskset_load(const char *path, struct taskset *ts, FILE *err)
{
	return taskset_load_flags(path, ts, err, 0);
}

int taskset_load_flags(const char *path, struct taskset *ts, FILE *err,
		       unsigned int flags)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	int ret;

	if (!f) {
		fprintf(err, "%s: cannot open: %s\n", path, strerror(errno));
		return 1;
	}
	do {
		if (cap - len < 4096) {
			char *nb = realloc(buf, cap ? cap * 2 : 65536);

			if (!nb) {
				fprintf(err, "%s: out of memory\n", path);
				free(buf);
				fclose(f);
				return 1;
			}
			buf = nb;
			cap = cap ? cap * 2 : 65536;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	ret = ferror(f);
	fclose(f);
	if (ret) {
		fprintf(err, "%s: read error\n", path);
		free(buf);
		return 1;
	}
	buf[len] = '\0';
	if (strlen(buf) != len) {
		fprintf(err, "%s: contains a NUL byte; not a JSON text file\n", path);
		free(buf);
		return 1;
	}
	ret = taskset_parse_flags(path, buf, ts, err, flags);
	free(buf);
	return ret;
}
