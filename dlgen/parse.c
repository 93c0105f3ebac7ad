// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - task sets in the rt-app grammar, parsed with json-c.
 *
 * Accepted (first version):
 *   global: duration (s), and rt-app's housekeeping keys, which do not
 *           change what runs: calibration, default_policy, logdir,
 *           log_basename, log_size, lock_pages, ftrace, gnuplot, pi_enabled
 *   tasks.NAME: policy, instance, delay (us), priority, util_min,
 *           util_max (0..1024), dl-runtime, dl-period, dl-deadline (us),
 *           dl-flags (dlgen's own: ["reclaim", "overrun"]),
 *           events run* (us of work) and timer* { ref, period (us), mode }
 * Anything else is an error that names it: nothing is silently ignored.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "parse.h"

#define NS_PER_US	1000ULL
/* The kernel refuses DL parameters below 1024 ns (dl_param_changed()). */
#define DL_MIN_NS	1024ULL
/* __checkparam_dl(): deadline/period must fit in 63 bits. */
#define DL_MAX_NS	(1ULL << 63)
#define DURATION_MAX_S	(24 * 3600)
/*
 * The default range of a DL period, kernel.sched_deadline_period_min_us and
 * _max_us (__checkparam_dl() refuses others with EINVAL).
 */
#define DL_PERIOD_MIN_US	100ULL
#define DL_PERIOD_MAX_US	(1ULL << 22)

struct parse_ctx {
	const char *path;
	const char *text;
	FILE *err;
	int problems;
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

/* Report one problem at the field named by up to three keys. */
static void problem(struct parse_ctx *c, const char *k1, const char *k2,
		    const char *k3, const char *fmt, ...)
{
	const char *keys[3] = { k1, k2, k3 };
	int n = k3 ? 3 : k2 ? 2 : 1;
	int line, col;
	va_list ap;

	offset_to_linecol(c->text, locate(c->text, keys, n), &line, &col);
	fprintf(c->err, "%s:%d:%d: %s%s%s%s%s: ", c->path, line, col, k1,
		k2 ? "." : "", k2 ? k2 : "", k3 ? "." : "", k3 ? k3 : "");
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fputc('\n', c->err);
	c->problems++;
}

/*
 * An integer field in microseconds, converted to ns.  @min_ns is the
 * smallest accepted value.  Returns 0 and leaves *ns alone on error.
 */
static int get_us(struct parse_ctx *c, json_object *v, const char *k1,
		  const char *k2, const char *k3, uint64_t min_ns, uint64_t *ns)
{
	int64_t us;

	if (!json_object_is_type(v, json_type_int)) {
		problem(c, k1, k2, k3, "expected an integer (microseconds), got %s",
			json_type_to_name(json_object_get_type(v)));
		return 0;
	}
	errno = 0;
	us = json_object_get_int64(v);
	if (errno == ERANGE || us > (int64_t)(INT64_MAX / NS_PER_US)) {
		problem(c, k1, k2, k3, "value overflows 64-bit nanoseconds");
		return 0;
	}
	if (us < 0 || (uint64_t)us * NS_PER_US < min_ns) {
		problem(c, k1, k2, k3, "%lld us is below the minimum of %llu ns",
			(long long)us, (unsigned long long)min_ns);
		return 0;
	}
	*ns = (uint64_t)us * NS_PER_US;
	return 1;
}

static int get_uint(struct parse_ctx *c, json_object *v, const char *k1,
		    const char *k2, const char *k3, int64_t lo, int64_t hi,
		    unsigned int *out)
{
	int64_t x;

	if (!json_object_is_type(v, json_type_int)) {
		problem(c, k1, k2, k3, "expected an integer, got %s",
			json_type_to_name(json_object_get_type(v)));
		return 0;
	}
	x = json_object_get_int64(v);
	if (x < lo || x > hi) {
		problem(c, k1, k2, k3, "%lld is out of range [%lld, %lld]",
			(long long)x, (long long)lo, (long long)hi);
		return 0;
	}
	*out = (unsigned int)x;
	return 1;
}

static int parse_policy(struct parse_ctx *c, json_object *v, const char *task,
			enum task_policy *p)
{
	static const struct { const char *name; enum task_policy p; } map[] = {
		{ "SCHED_OTHER", POLICY_OTHER }, { "SCHED_FIFO", POLICY_FIFO },
		{ "SCHED_RR", POLICY_RR }, { "SCHED_DEADLINE", POLICY_DEADLINE },
	};
	const char *s;
	size_t i;

	if (!json_object_is_type(v, json_type_string)) {
		problem(c, "tasks", task, "policy", "expected a string");
		return 0;
	}
	s = json_object_get_string(v);
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (!strcmp(s, map[i].name)) {
			*p = map[i].p;
			return 1;
		}
	}
	problem(c, "tasks", task, "policy",
		"unknown policy \"%s\" (SCHED_OTHER, SCHED_FIFO, SCHED_RR, SCHED_DEADLINE)",
		s);
	return 0;
}

static void parse_timer(struct parse_ctx *c, json_object *v, const char *task,
			const char *key, struct task_spec *t)
{
	if (!json_object_is_type(v, json_type_object)) {
		problem(c, "tasks", task, key, "expected an object { \"ref\", \"period\", \"mode\" }");
		return;
	}
	json_object_object_foreach(v, k, f) {
		if (!strcmp(k, "period")) {
			get_us(c, f, "tasks", task, key, 1, &t->period_ns);
		} else if (!strcmp(k, "mode")) {
			if (!json_object_is_type(f, json_type_string) ||
			    strcmp(json_object_get_string(f), "absolute"))
				problem(c, "tasks", task, key,
					"mode: only \"absolute\" is supported");
		} else if (strcmp(k, "ref")) {
			problem(c, "tasks", task, key, "unknown timer key \"%s\"", k);
		}
	}
	if (!json_object_object_get_ex(v, "period", NULL))
		problem(c, "tasks", task, key, "timer needs a \"period\"");
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

static int has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static void parse_task(struct parse_ctx *c, const char *name, json_object *o,
		       struct task_spec *t)
{
	uint64_t run = 0;
	/* Keys seen, valid or not: a bad value is one problem, not two. */
	int have_run = 0, have_timer = 0, have_runtime = 0;

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
	t->policy = POLICY_OTHER;
	if (!json_object_is_type(o, json_type_object)) {
		problem(c, "tasks", name, NULL, "expected an object");
		return;
	}
	json_object_object_foreach(o, k, v) {
		if (!strcmp(k, "policy")) {
			parse_policy(c, v, name, &t->policy);
		} else if (!strcmp(k, "instance")) {
			get_uint(c, v, "tasks", name, k, 1, DLGEN_MAX_INSTANCES,
				 &t->instances);
		} else if (!strcmp(k, "priority")) {
			get_uint(c, v, "tasks", name, k, 0, 99, &t->priority);
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
			get_us(c, v, "tasks", name, k, DL_MIN_NS, &t->dl_period_ns);
		} else if (!strcmp(k, "dl-deadline")) {
			get_us(c, v, "tasks", name, k, DL_MIN_NS, &t->dl_deadline_ns);
		} else if (has_prefix(k, "timer")) {
			if (have_timer++)
				problem(c, "tasks", name, k,
					"only one timer per task is supported");
			else
				parse_timer(c, v, name, k, t);
		} else if (has_prefix(k, "runtime")) {
			problem(c, "tasks", name, k,
				"the \"runtime\" event is not supported yet; use \"run\"");
		} else if (has_prefix(k, "run")) {
			uint64_t ns = 0;

			have_run = 1;
			if (get_us(c, v, "tasks", name, k, 1, &ns))
				run += ns;
		} else {
			problem(c, "tasks", name, k, "unknown or unsupported key \"%s\"", k);
		}
	}
	t->run_ns = run;
	if (!have_run)
		problem(c, "tasks", name, NULL, "needs a \"run\" event (us of work per job)");
	if (!t->period_ns)
		problem(c, "tasks", name, NULL,
			"needs a \"timer\" event (periodic release) in this version");
	if (t->util_min >= 0 && t->util_max >= 0 && t->util_min > t->util_max)
		problem(c, "tasks", name, "util_min", "util_min %d > util_max %d",
			t->util_min, t->util_max);
	if (t->policy != POLICY_DEADLINE) {
		if (t->dl_flags)
			problem(c, "tasks", name, "dl-flags",
				"dl-flags need \"policy\": \"SCHED_DEADLINE\"");
		if (t->dl_runtime_ns || t->dl_period_ns || t->dl_deadline_ns)
			problem(c, "tasks", name, "policy",
				"dl-* keys need \"policy\": \"SCHED_DEADLINE\"");
		if ((t->policy == POLICY_FIFO || t->policy == POLICY_RR) && !t->priority)
			t->priority = 10;
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

static void parse_global(struct parse_ctx *c, json_object *g, struct taskset *ts)
{
	static const char *const ignored[] = {
		"calibration", "default_policy", "logdir", "log_basename",
		"log_size", "lock_pages", "ftrace", "gnuplot", "pi_enabled",
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
		for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
			if (!strcmp(k, ignored[i]))
				break;
		if (i == sizeof(ignored) / sizeof(ignored[0]))
			problem(c, "global", k, NULL, "unknown or unsupported key \"%s\"", k);
	}
}

int taskset_parse(const char *path, const char *text, struct taskset *ts,
		  FILE *err)
{
	struct parse_ctx c = { .path = path, .text = text, .err = err };
	struct json_tokener *tok;
	json_object *root, *tasks = NULL;
	enum json_tokener_error jerr;
	unsigned int i;
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
	json_tokener_free(tok);

	if (!json_object_is_type(root, json_type_object)) {
		fprintf(err, "%s:1:1: top level: expected an object\n", path);
		json_object_put(root);
		return 1;
	}
	json_object_object_foreach(root, k, v) {
		if (!strcmp(k, "global"))
			parse_global(&c, v, ts);
		else if (!strcmp(k, "tasks"))
			tasks = v;
		else
			problem(&c, k, NULL, NULL, "unknown top-level key \"%s\"", k);
	}
	if (!ts->duration_ns && !c.problems)
		problem(&c, "global", "duration", NULL,
			"a finite run needs \"duration\" (seconds)");
	if (!tasks) {
		fprintf(err, "%s:1:1: tasks: missing\n", path);
		c.problems++;
	} else if (!json_object_is_type(tasks, json_type_object)) {
		problem(&c, "tasks", NULL, NULL, "expected an object of tasks");
	} else {
		json_object_object_foreach(tasks, name, o) {
			if (ts->ntasks == DLGEN_MAX_TASKS) {
				problem(&c, "tasks", name, NULL, "more than %d tasks",
					DLGEN_MAX_TASKS);
				break;
			}
			parse_task(&c, name, o, &ts->tasks[ts->ntasks++]);
		}
		if (!ts->ntasks)
			problem(&c, "tasks", NULL, NULL, "no tasks");
	}
	for (i = 0; ts->duration_ns && i < ts->ntasks; i++) {
		const struct task_spec *t = &ts->tasks[i];

		if (t->run_ns && t->delay_ns + t->run_ns > ts->duration_ns)
			problem(&c, "tasks", t->name, "run",
				"delay + run (%llu us) is longer than global.duration: no job could finish",
				(unsigned long long)((t->delay_ns + t->run_ns) / NS_PER_US));
	}
	json_object_put(root);
	return c.problems;
}

int taskset_load(const char *path, struct taskset *ts, FILE *err)
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
	ret = taskset_parse(path, buf, ts, err);
	free(buf);
	return ret;
}
