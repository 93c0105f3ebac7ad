// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the task-set parser: the accepted grammar, rt-app's
 * defaults, and one located error line per problem.
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "check.h"

static struct taskset ts;
static char errbuf[8192];

/* Parse @text; the error lines land in errbuf. Returns the problem count. */
static int parse(const char *text)
{
	FILE *err = fmemopen(errbuf, sizeof(errbuf), "w");
	int n;

	memset(errbuf, 0, sizeof(errbuf));
	n = taskset_parse("t.json", text, &ts, err);
	fclose(err);
	return n;
}

static int lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static const char cover[] =
	"{\n"
	"  \"global\" : { \"duration\" : 2, \"calibration\" : \"CPU0\" },\n"
	"  \"tasks\" : {\n"
	"    \"thread0\" : {\n"
	"      \"policy\" : \"SCHED_DEADLINE\",\n"
	"      \"instance\" : 4,\n"
	"      \"timer\" : { \"ref\" : \"unique0\", \"period\" : 16000, \"mode\" : \"absolute\" },\n"
	"      \"run\" : 10000,\n"
	"      \"dl-runtime\" : 11000,\n"
	"      \"dl-period\" : 16000,\n"
	"      \"dl-deadline\" : 16000\n"
	"    },\n"
	"    \"thread1\" : {\n"
	"      \"policy\" : \"SCHED_DEADLINE\",\n"
	"      \"instance\" : 4,\n"
	"      \"delay\" : 1000,\n"
	"      \"timer\" : { \"ref\" : \"unique1\", \"period\" : 16000, \"mode\" : \"absolute\" },\n"
	"      \"run\" : 5500,\n"
	"      \"dl-runtime\" : 6500,\n"
	"      \"dl-period\" : 16000,\n"
	"      \"dl-deadline\" : 16000\n"
	"    }\n"
	"  }\n"
	"}\n";

static void test_cover_letter(void)
{
	const struct task_spec *t0 = &ts.tasks[0], *t1 = &ts.tasks[1];

	CHECK(parse(cover) == 0, "cover-letter task set parses (%s)", errbuf);
	CHECK(ts.duration_ns == 2000000000ULL, "duration 2 s");
	CHECK(ts.ntasks == 2, "two tasks");
	CHECK(!strcmp(t0->name, "thread0") && !strcmp(t1->name, "thread1"),
	      "tasks keep file order");
	CHECK(t0->policy == POLICY_DEADLINE && t0->instances == 4,
	      "thread0: SCHED_DEADLINE x4");
	CHECK(t0->run_ns == 10000000ULL && t0->period_ns == 16000000ULL,
	      "thread0: run 10 ms, timer period 16 ms");
	CHECK(t0->dl_runtime_ns == 11000000ULL && t0->dl_deadline_ns == 16000000ULL &&
	      t0->dl_period_ns == 16000000ULL, "thread0: 11/16/16 ms reservation");
	CHECK(t0->delay_ns == 0 && t1->delay_ns == 1000000ULL, "delays 0 and 1 ms");
	CHECK(t1->run_ns == 5500000ULL && t1->dl_runtime_ns == 6500000ULL,
	      "thread1: run 5.5 ms, runtime 6.5 ms");
}

static void test_defaults_and_sums(void)
{
	int n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": {"
		      " \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 3000,"
		      " \"timer0\": {\"period\": 10000, \"mode\": \"absolute\"},"
		      " \"run0\": 1000, \"run1\": 500 } } }");

	CHECK(n == 0, "prefix-matched events parse (%s)", errbuf);
	CHECK(ts.tasks[0].dl_period_ns == 3000000ULL,
	      "dl-period defaults to dl-runtime, as in rt-app");
	CHECK(ts.tasks[0].dl_deadline_ns == 3000000ULL,
	      "dl-deadline defaults to dl-period");
	CHECK(ts.tasks[0].run_ns == 1500000ULL, "run0 + run1 = 1.5 ms per job");
	CHECK(ts.tasks[0].instances == 1, "instance defaults to 1");

	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"b\": {"
		  " \"policy\": \"SCHED_FIFO\", \"run\": 10,"
		  " \"timer\": {\"period\": 100} } } }");
	CHECK(n == 0 && ts.tasks[0].policy == POLICY_FIFO && ts.tasks[0].priority == 10,
	      "SCHED_FIFO without priority gets 10");
}

/* rt-app's grammar beyond run + timer: events, phases, loops, legacy keys. */
static void test_events_phases(void)
{
	const struct task_spec *t = &ts.tasks[0];
	const struct phase *ph;
	int n;

	n = parse("{ \"global\": {\"duration\": 2, \"default_policy\": \"SCHED_FIFO\","
		  " \"calibration\": \"CPU3\"}, \"tasks\": { \"t\": {"
		  " \"run0\": 100, \"sleep0\": 200, \"runtime1\": 300, \"yield\": 0,"
		  " \"timer\": {\"ref\": \"unique\", \"period\": 1000, \"mode\": \"absolute\"},"
		  " \"run1\": 50, \"loop\": 7, \"cpus\": [1, 3] } } }");
	ph = &t->phases[0];
	CHECK(n == 0, "events, loop and cpus parse: %s", errbuf);
	CHECK(t->policy == POLICY_FIFO && t->priority == 10, "global.default_policy applies");
	CHECK(ts.calib_cpu == 3, "calibration CPU3 is kept");
	CHECK(t->nphases == 1 && ph->nevents == 6, "one phase of 6 events (%u)", ph->nevents);
	CHECK(ph->ev[0].kind == EV_RUN && ph->ev[1].kind == EV_SLEEP &&
	      ph->ev[2].kind == EV_RUNTIME && ph->ev[3].kind == EV_YIELD &&
	      ph->ev[4].kind == EV_TIMER && ph->ev[5].kind == EV_RUN, "events in file order");
	CHECK(ph->ev[1].ns == 200000 && ph->ev[2].ns == 300000 && !ph->ev[4].relative,
	      "sleep 200 us, runtime 300 us, absolute timer");
	CHECK(ph->loop == 7 && t->loop == 1, "loop without phases: 7 passes, then the task ends");
	CHECK(t->run_ns == 150000 && t->period_ns == 1000000, "tasks.csv: run 150 us, period 1 ms");
	CHECK(t->have_cpus && t->cpus[0] == 0xa, "cpus [1, 3]");

	n = parse("{ \"global\": {\"duration\": 2}, \"tasks\": { \"t\": {"
		  " \"policy\": \"SCHED_DEADLINE\", \"runtime\": 2000, \"period\": 10000,"
		  " \"deadline\": 8000, \"run\": 1000, \"timer\": {\"period\": 10000} } } }");
	CHECK(n == 0 && t->dl_runtime_ns == 2000000 && t->dl_period_ns == 10000000 &&
	      t->dl_deadline_ns == 8000000, "legacy runtime/period/deadline are the reservation: %s", errbuf);
	CHECK(t->phases[0].nevents == 2, "... and legacy runtime is not an event");

	n = parse("{ \"global\": {\"duration\": 2}, \"tasks\": { \"t\": {"
		  " \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 2000, \"dl-period\": 10000,"
		  " \"loop\": 3, \"phases\": {"
		  "   \"light\": { \"loop\": 10, \"run\": 500, \"timer\": {\"period\": 10000} },"
		  "   \"heavy\": { \"run\": 1500, \"runtime\": 100, \"timer\": {\"period\": 10000} } } } } }");
	CHECK(n == 0 && t->nphases == 2, "two phases parse: %s", errbuf);
	CHECK(!strcmp(t->phases[0].name, "light") && t->phases[0].loop == 10 &&
	      !strcmp(t->phases[1].name, "heavy") && t->phases[1].loop == 1,
	      "phase names and loops (default 1)");
	CHECK(t->loop == 3, "task loop repeats the phases");
	CHECK(t->phases[1].nevents == 3 && t->phases[1].ev[1].kind == EV_RUNTIME,
	      "with dl-runtime set, \"runtime\" in a phase is the event");
	CHECK(t->run_ns == 500000, "tasks.csv run_ns is the first phase's work");
	n = parse("{ \"global\": {\"duration\": 2}, \"tasks\": { \"t\": {"
		  " \"phases\": { \"a\": { \"run\": 5 } } } } }");
	CHECK(n == 0 && t->loop == DLGEN_LOOP_FOREVER, "with phases the task loops forever by default");
}

/* The seed's own typo: no comma after "dl-runtime" : 6500 (line 19). */
static void test_syntax_error_located(void)
{
	char *broken = strdup(cover);
	char *p = strstr(broken, "6500,");

	p[4] = ' ';
	CHECK(parse(broken) == 1, "missing comma is one problem");
	CHECK(lines(errbuf) == 1, "reported on one line: %s", errbuf);
	CHECK(!strncmp(errbuf, "t.json:20:", 10),
	      "error points at line 20, where the next key starts: %s", errbuf);
	free(broken);
}

struct bad_case {
	const char *what;
	const char *task_body;	/* inside "tasks": { "x": { ... } } */
	const char *expect;	/* substring of the single error line */
	int line;		/* expected line of the error */
};

#define HEAD "{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"x\": {\n" \
	"\"policy\": \"SCHED_DEADLINE\",\n\"timer\": {\"period\": 16000},\n"
#define TAIL "\n}\n}\n}\n"

static void test_bad_values(void)
{
	static const struct bad_case cases[] = {
		{ "runtime > deadline", "\"run\": 100,\n\"dl-runtime\": 9000,\n\"dl-deadline\": 8000",
		  "tasks.x.dl-runtime: runtime 9000 us > deadline 8000 us", 8 },
		{ "deadline > period", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"dl-deadline\": 9000,\n\"dl-period\": 8000",
		  "tasks.x.dl-deadline: deadline 9000 us > period 8000 us", 9 },
		{ "zero runtime", "\"run\": 100,\n\"dl-runtime\": 0",
		  "tasks.x.dl-runtime: 0 us is below the minimum of 1024 ns", 8 },
		{ "runtime below 1024 ns", "\"run\": 100,\n\"dl-runtime\": 1",
		  "below the minimum of 1024 ns", 8 },
		{ "negative delay", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"delay\": -5",
		  "tasks.x.delay: -5 us is below", 9 },
		{ "overflow", "\"run\": 100,\n\"dl-runtime\": 9223372036854775807",
		  "tasks.x.dl-runtime: value overflows 64-bit nanoseconds", 8 },
		{ "wrong type", "\"run\": \"100\",\n\"dl-runtime\": 1000",
		  "tasks.x.run: expected an integer (microseconds), got string", 7 },
		{ "unknown key", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"colour\": 3",
		  "tasks.x.colour: unknown or unsupported key", 9 },
		{ "only a disabled task", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"instance\": 0",
		  "tasks: every task has instance 0: nothing to run", 3 },
		{ "absurd instances", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"instance\": 100000",
		  "tasks.x.instance: 100000 is out of range", 9 },
		{ "bad timer mode", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"timer1\": {\"period\": 5, \"mode\": \"later\"}",
		  "tasks.x.timer1.mode: expected \"absolute\" or \"relative\"", 9 },
		{ "unsupported rt-app event", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"memrun0\": \"m\"",
		  "tasks.x.memrun0: rt-app's \"memrun0\" event is not supported by dlgen", 9 },
		{ "zero loop", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"loop\": 0",
		  "tasks.x.loop: 0 passes", 9 },
		{ "cpu out of range", "\"run\": 100,\n\"dl-runtime\": 1000,\n\"cpus\": [0, 999]",
		  "tasks.x.cpus: 999 is out of range [0, 255]", 9 },
		{ "no runtime", "\"run\": 100",
		  "SCHED_DEADLINE needs \"dl-runtime\"", 4 },
	};
	char text[1024];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bad_case *c = &cases[i];
		char where[32];
		int n;

		snprintf(text, sizeof(text), HEAD "%s" TAIL, c->task_body);
		n = parse(text);
		snprintf(where, sizeof(where), "t.json:%d:", c->line);
		CHECK(n == 1 && lines(errbuf) == 1, "%s: exactly one problem (%d: %s)",
		      c->what, n, errbuf);
		CHECK(strstr(errbuf, c->expect) != NULL, "%s: message names the field: %s",
		      c->what, errbuf);
		CHECK(!strncmp(errbuf, where, strlen(where)), "%s: located at %s",
		      c->what, where);
	}
}

static void test_bad_structure(void)
{
	CHECK(parse("{ \"tasks\": { \"a\": { \"policy\": \"SCHED_FOO\" } } }") >= 1 &&
	      strstr(errbuf, "tasks.a.policy: unknown policy \"SCHED_FOO\""),
	      "unknown policy named: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": {} }") == 1 &&
	      strstr(errbuf, "no tasks"), "empty task list refused: %s", errbuf);
	CHECK(parse("{ \"global\": {}, \"tasks\": { \"a\": { \"run\": 1, \"timer\": {\"period\": 9} } } }") == 1 &&
	      strstr(errbuf, "tasks.a: without global.duration every loop must be a count"),
	      "missing duration with a task looping forever refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": { \"run\": 1,"
		    " \"timer\": {\"period\": 9, \"mode\": \"relative\"} } } }") == 0 &&
	      ts.tasks[0].phases[0].ev[1].kind == EV_TIMER && ts.tasks[0].phases[0].ev[1].relative,
	      "a relative timer parses: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": { \"run\": 1,"
		    " \"timer\": {\"period\": 9} } } }") == 0 && ts.tasks[0].phases[0].ev[1].relative,
	      "a timer without mode is relative, as in rt-app: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": { \"yield\": 0 } } }") == 1 &&
	      strstr(errbuf, "can take no time"), "a task of only yield is refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": { \"run\": 5,"
		    " \"phases\": { \"p\": { \"run\": 1 } } } } }") == 1 &&
	      strstr(errbuf, "tasks.a.phases: a task with \"phases\" has its events inside them"),
	      "events beside phases are refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": {"
		    " \"phases\": { \"p\": { \"run\": 1, \"policy\": \"SCHED_FIFO\" } } } } }") == 1 &&
	      strstr(errbuf, "tasks.a.phases.p.policy: unknown or unsupported phase key"),
	      "per-phase policy is named as unsupported: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"r\": { \"policy\": \"SCHED_FIFO\","
		    " \"run\": 1, \"timer\": {\"period\": 9}, \"util_min\": 1024, \"util_max\": 1024 } } }") == 0 &&
	      ts.tasks[0].util_min == 1024 && ts.tasks[0].util_max == 1024,
	      "util_min/util_max 1024 parse: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"r\": { \"run\": 1,"
		    " \"timer\": {\"period\": 9}, \"util_min\": 600, \"util_max\": 500 } } }") == 1 &&
	      strstr(errbuf, "tasks.r.util_min: util_min 600 > util_max 500"),
	      "util_min > util_max refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"r\": { \"run\": 1,"
		    " \"timer\": {\"period\": 9}, \"util_max\": 2048 } } }") == 1 &&
	      strstr(errbuf, "tasks.r.util_max: 2048 is out of range [0, 1024]"),
	      "util_max above 1024 refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"d\": { \"policy\": \"SCHED_DEADLINE\","
		    " \"run\": 1, \"timer\": {\"period\": 9}, \"dl-runtime\": 500, \"dl-flags\": [\"reclaim\", \"overrun\"] } } }") == 0 &&
	      ts.tasks[0].dl_flags == (DLGEN_DL_RECLAIM | DLGEN_DL_OVERRUN),
	      "dl-flags reclaim + overrun parse: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"d\": { \"policy\": \"SCHED_DEADLINE\","
		    " \"run\": 1, \"timer\": {\"period\": 9}, \"dl-runtime\": 500, \"dl-flags\": [\"turbo\"] } } }") == 1 &&
	      strstr(errbuf, "tasks.d.dl-flags: unknown flag \"turbo\""),
	      "unknown dl flag named: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"d\": { \"policy\": \"SCHED_DEADLINE\","
		    " \"run\": 1, \"timer\": {\"period\": 9}, \"dl-runtime\": 5, \"dl-period\": 50 } } }") == 1 &&
	      strstr(errbuf, "tasks.d.dl-period: period 50 us is outside the kernel's default range [100, 4194304] us"),
	      "a DL period below the kernel's minimum refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 10}, \"tasks\": { \"d\": { \"policy\": \"SCHED_DEADLINE\","
		    " \"run\": 1, \"timer\": {\"period\": 9}, \"dl-runtime\": 5, \"dl-period\": 5000000 } } }") == 1 &&
	      strstr(errbuf, "period 5000000 us is outside"),
	      "a DL period above the kernel's maximum refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"r\": { \"run\": 900000,"
		    " \"delay\": 200000, \"timer\": {\"period\": 9} } } }") == 1 &&
	      strstr(errbuf, "tasks.r.run: delay + run (1100000 us) is longer than global.duration"),
	      "a job longer than the run refused: %s", errbuf);
	CHECK(parse("[1, 2]") == 1 && strstr(errbuf, "expected an object"),
	      "non-object top level refused: %s", errbuf);
	CHECK(parse("") == 1 && strstr(errbuf, "JSON syntax error"),
	      "empty file refused: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1, \"frobnicate\": 1}, \"tasks\": {} }") == 2 &&
	      strstr(errbuf, "global.frobnicate: unknown"), "unknown global key named: %s", errbuf);
	CHECK(parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": { \"run\": 1, \"timer\": {\"period\": 9},"
		    " \"dl-period\": 5000 } } }") == 1 && strstr(errbuf, "need \"policy\": \"SCHED_DEADLINE\""),
	      "dl-* keys on a non-DL task refused: %s", errbuf);
}

/* What json-c and plain sums let through silently. */
static void test_silent_corners(void)
{
	static const char legacy[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"x\": {\n"
		"\"policy\": \"SCHED_FIFO\",\n\"run\": 100,\n\"deadline\": 5\n}\n}\n}\n";
	static const char dup_task[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n"
		"\"a\": {\"run\": 100},\n\"b\": {\"run\": 100},\n\"a\": {\"run\": 200}\n}\n}\n";
	static const char dup_setting[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		"\"run\": 100,\n\"priority\": 5,\n\"priority\": 7\n}\n}\n}\n";
	static const char dup_other_objects[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n"
		"\"a\": {\"run\": 100, \"timer\": {\"period\": 5000}},\n"
		"\"b\": {\"run\": 100, \"timer\": {\"period\": 5000}}\n}\n}\n";
	static const char trailing[] =
		"{\"global\": {\"duration\": 1}, \"tasks\": {\"a\": {\"run\": 100}}}\n  }\n";
	static const char prio0[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		"\"policy\": \"SCHED_FIFO\",\n\"priority\": 0,\n\"run\": 100\n}\n}\n}\n";
	static const char run_sum[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		"\"run\": 9000000000000000,\n\"run1\": 9000000000000000,\n"
		"\"run2\": 9000000000000000\n}\n}\n}\n";
	char text[4096];
	int n, i;

	n = parse(legacy);
	CHECK(n == 1 && strstr(errbuf, "t.json:7:") &&
	      strstr(errbuf, "tasks.x.deadline: rt-app's legacy \"deadline\""),
	      "legacy deadline without DL: one located problem: %s", errbuf);
	n = parse(dup_task);
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:1: key \"a\" appears twice", 33) &&
	      strstr(errbuf, "first at line 4"),
	      "a task name given twice is an error at the second: %s", errbuf);
	n = parse(dup_setting);
	CHECK(n == 1 && !strncmp(errbuf, "t.json:7:1: key \"priority\" appears twice", 40),
	      "a setting given twice is an error: %s", errbuf);
	n = parse(dup_other_objects);
	CHECK(n == 0, "equal keys in different objects are fine: %s", errbuf);
	n = parse(trailing);
	CHECK(n == 1 && !strncmp(errbuf, "t.json:2:3: text after the end", 30),
	      "text after the JSON object is an error: %s", errbuf);
	/* found by the fuzzer: a comment running to the end of the text */
	n = parse("0//////0000");
	CHECK(n == 1 && strstr(errbuf, "top level: expected an object"),
	      "a value followed by a comment to the end: one problem, no overrun: %s", errbuf);
	n = parse(prio0);
	CHECK(n == 1 && strstr(errbuf, "t.json:6:") &&
	      strstr(errbuf, "priority 0 is not a SCHED_FIFO priority"),
	      "priority 0 for SCHED_FIFO is an error, not 10: %s", errbuf);
	n = parse(run_sum);
	CHECK(n >= 1 && strstr(errbuf, "add up past 2^64 ns"),
	      "run events summing past 2^64 ns are refused: %s", errbuf);
	/* 5 tasks of 256 instances: past DLGEN_MAX_THREADS */
	n = snprintf(text, sizeof(text), "{\"global\": {\"duration\": 1}, \"tasks\": {");
	for (i = 0; i < 5; i++)
		n += snprintf(text + n, sizeof(text) - n, "%s\n\"t%d\": {\"run\": 100, \"instance\": 256}",
			      i ? "," : "", i);
	snprintf(text + n, sizeof(text) - n, "}}\n");
	n = parse(text);
	CHECK(n == 1 && strstr(errbuf, "tasks.t4.instance: more than 1024 instances in all"),
	      "more threads than DLGEN_MAX_THREADS are refused at the task that passes it: %s", errbuf);
}

/* rt-app's examples (issue 14): what a user's existing task sets contain. */
static void test_rtapp_compat(void)
{
	const struct task_spec *t = &ts.tasks[0];
	int n;

	n = parse("{ \"global\": {\"duration\": 1, \"frag\": 1, \"io_device\": \"/dev/null\"},"
		  " \"tasks\": { \"a\": { \"run\": 100, \"timer\": {\"period\": 1000} } } }");
	CHECK(n == 0, "global.frag and global.io_device are housekeeping, accepted: %s", errbuf);

	/* priority of a SCHED_OTHER task is its nice value */
	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": {"
		  " \"priority\": -19, \"run\": 100 }, \"b\": { \"priority\": 19,"
		  " \"policy\": \"SCHED_OTHER\", \"run\": 100 } } }");
	CHECK(n == 0 && ts.tasks[0].nice == -19 && ts.tasks[1].nice == 19,
	      "SCHED_OTHER priority -19 and 19 are nice values: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"priority\": -21,\n\"run\": 100\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:5:", 9) &&
	      strstr(errbuf, "tasks.a.priority: nice -21 is out of range [-20, 19] (SCHED_OTHER)"),
	      "nice -21 is a located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"priority\": -1,\n\"policy\": \"SCHED_FIFO\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.a.priority: priority -1 is not a SCHED_FIFO priority (1..99)"),
	      "a negative SCHED_FIFO priority is a located error: %s", errbuf);
	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": {"
		  " \"priority\": 20, \"run\": 100 } } }");
	CHECK(n == 1 && strstr(errbuf, "nice 20 is out of range"),
	      "nice 20 refused: %s", errbuf);

	/* instance 0: the task is disabled */
	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"off\": {"
		  " \"instance\": 0, \"run\": 100 }, \"on\": { \"run\": 100 } } }");
	CHECK(n == 0 && ts.ntasks == 1 && !strcmp(t->name, "on"),
	      "a task of instance 0 is disabled: not run (%u tasks): %s", ts.ntasks, errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"off\": {\n"
		  "\"instance\": 0,\n\"delay\": \"x\",\n\"run\": 5\n}\n}\n}\n");
	CHECK(n == 2 && strstr(errbuf, "t.json:6:") && strstr(errbuf, "tasks.off.delay: expected an integer") &&
	      strstr(errbuf, "tasks: every task has instance 0"),
	      "a disabled task is still checked, and a set of only disabled tasks is refused: %s", errbuf);

	/* zero-length events: no-ops */
	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": {"
		  " \"run\": 100, \"sleep\": 0, \"run1\": 0, \"runtime\": 0,"
		  " \"timer\": {\"period\": 1000} } } }");
	CHECK(n == 0 && t->phases[0].nevents == 2 && t->phases[0].ev[0].kind == EV_RUN &&
	      t->phases[0].ev[1].kind == EV_TIMER && t->run_ns == 100000,
	      "sleep 0, run 0 and runtime 0 are no-ops (%u events): %s", t->phases[0].nevents, errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"sleep\": 0\n}\n}\n}\n");
	CHECK(n == 1 && strstr(errbuf, "t.json:4:") &&
	      strstr(errbuf, "tasks.a: needs events"),
	      "a task of only zero-length events is refused: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"sleep\": -1,\n\"run\": 5\n}\n}\n}\n");
	CHECK(n == 1 && strstr(errbuf, "t.json:5:") && strstr(errbuf, "tasks.a.sleep: -1 us is below"),
	      "a negative sleep is still refused: %s", errbuf);
}

/* No global.duration: the run ends when every task has done its loops. */
static void test_no_duration(void)
{
	const struct task_spec *t = &ts.tasks[0];
	int n;

	n = parse("{ \"tasks\": { \"t\": { \"loop\": 2, \"phases\": {"
		  " \"light\": { \"loop\": 10, \"run\": 100, \"timer\": {\"period\": 1000} },"
		  " \"heavy\": { \"loop\": 10, \"run\": 900, \"timer\": {\"period\": 1000} } } },"
		  " \"u\": { \"loop\": 5, \"run\": 100, \"sleep\": 100 } } }");
	CHECK(n == 0 && ts.loops_bound, "finite loops without duration parse: %s", errbuf);
	CHECK(ts.duration_ns == DLGEN_LOOPS_CAP_S * 1000000000ULL,
	      "... and the run is capped at %d s", DLGEN_LOOPS_CAP_S);
	CHECK(t->loop == 2 && t->phases[0].loop == 10 && ts.tasks[1].phases[0].loop == 5,
	      "... with the loops as written");
	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"t\": { \"run\": 1 } } }");
	CHECK(n == 0 && !ts.loops_bound, "with a duration the run is not loop-bounded");
	n = parse("{\n\"global\": {\"logdir\": \"./\"},\n\"tasks\": {\n\"t\": {\n"
		  "\"loop\": -1,\n\"run\": 100\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:5:", 9) &&
	      strstr(errbuf, "tasks.t.loop: without global.duration every loop must be a count"),
	      "loop -1 without duration: located error: %s", errbuf);
	n = parse("{\n\"tasks\": {\n\"t\": {\n\"loop\": 3,\n\"phases\": {\n\"p\": {\n"
		  "\"loop\": -1,\n\"run\": 100\n}\n}\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:7:", 9) &&
	      strstr(errbuf, "tasks.t.phases.p.loop: without global.duration every loop must be a count"),
	      "phase loop -1 without duration: located error: %s", errbuf);
	n = parse("{\n\"tasks\": {\n\"t\": {\n\"phases\": {\n\"p\": {\n"
		  "\"run\": 100\n}\n}\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:3:", 9) &&
	      strstr(errbuf, "tasks.t: without global.duration every loop must be a count"),
	      "phases without a task loop (forever) and no duration: located error: %s", errbuf);
}

/* Duplicated event keys run in file order, as rt-app's workgen numbers them. */
static void test_repeated_events(void)
{
	static const char ev[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		"\"run\": 100,\n\"sleep\": 200,\n\"run\": 300,\n\"run1\": 400,\n"
		"\"sleep\": 500,\n\"run\": \"x\"\n}\n}\n}\n";
	static const char phases[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n\"loop\": 1,\n"
		"\"phases\": {\n"
		"\"p\": { \"loop\": 2, \"run\": 10, \"sleep\": 20, \"run\": 30 },\n"
		"\"q\": { \"run\": 40 },\n"
		"\"p\": { \"run\": 50, \"timer\": {\"period\": 1000}, \"run\": 60, \"timer\": {\"period\": 1000} }\n"
		"}\n}\n}\n}\n";
	static const char dup_phase_setting[] =
		"{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		"\"phases\": {\n\"p\": {\n\"loop\": 2,\n\"run\": 5,\n\"loop\": 3\n}\n}\n}\n}\n}\n";
	const struct task_spec *t = &ts.tasks[0];
	const struct phase *ph;
	int n;

	n = parse(ev);
	CHECK(n == 1 && !strncmp(errbuf, "t.json:10:1: tasks.a.run3: expected an integer", 46),
	      "the third \"run\" is numbered run3 (run1 is the file's own, run2 the second run), located at its own line: %s", errbuf);
	{
		char *ok = strdup(ev), *x = strstr(ok, "\"x\"");

		memcpy(x, "600", 3);
		n = parse(ok);
		free(ok);
	}
	ph = &t->phases[0];
	CHECK(n == 0 && ph->nevents == 6, "repeated run and sleep keys are all kept (%u events): %s",
	      ph->nevents, errbuf);
	CHECK(ph->ev[0].ns == 100000 && ph->ev[1].ns == 200000 && ph->ev[2].ns == 300000 &&
	      ph->ev[3].ns == 400000 && ph->ev[4].ns == 500000 && ph->ev[5].ns == 600000 &&
	      ph->ev[1].kind == EV_SLEEP && ph->ev[4].kind == EV_SLEEP,
	      "... in file order");
	CHECK(t->run_ns == 1400000, "... and every run counts in a job's work (1.4 ms)");

	n = parse(phases);
	CHECK(n == 0 && t->nphases == 3, "a repeated phase name is a further phase (%u): %s",
	      t->nphases, errbuf);
	CHECK(t->phases[0].nevents == 3 && t->phases[0].loop == 2 && t->phases[1].nevents == 1 &&
	      t->phases[2].nevents == 4 && t->phases[2].ev[3].kind == EV_TIMER,
	      "... in file order, with repeated events inside");

	{
		static const char same_line[] = "{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": {"
			" \"run\": 10, \"run\": 5, \"sleep\": \"z\" } } }";
		char where[32];

		snprintf(where, sizeof(where), "t.json:1:%d: tasks.a.sleep:",
			 (int)(strstr(same_line, "\"sleep\"") - same_line) + 1);
		n = parse(same_line);
		CHECK(n == 1 && !strncmp(errbuf, where, strlen(where)),
		      "a column after a numbered key is the file's own (%s): %s", where, errbuf);
	}
	n = parse(dup_phase_setting);
	CHECK(n == 1 && !strncmp(errbuf, "t.json:9:1: key \"loop\" appears twice", 36),
	      "a repeated setting in a phase is still an error: %s", errbuf);
}

/* rt-app's synchronisation: barrier, suspend/resume, lock/unlock. */
static void test_sync_events(void)
{
	static const char good[] =
		"{ \"global\": {\"duration\": 1, \"pi_enabled\": true}, \"tasks\": {"
		" \"a\": { \"instance\": 2, \"run\": 100, \"barrier\": \"B\", \"lock\": \"m\","
		"   \"run1\": 10, \"unlock\": \"m\", \"resume\": \"b\", \"barrier1\": \"C\" },"
		" \"b\": { \"suspend\": \"b\", \"run\": 100, \"barrier\": \"B\", \"lock\": \"m\","
		"   \"unlock\": \"m\" } } }";
	const struct task_spec *a = &ts.tasks[0], *b = &ts.tasks[1];
	const struct phase *ph = &a->phases[0];
	const struct sync_obj *o;
	int n;

	n = parse(good);
	CHECK(n == 0, "barrier, lock/unlock, suspend/resume parse: %s", errbuf);
	CHECK(ph->nevents == 7 && ph->ev[1].kind == EV_BARRIER && ph->ev[2].kind == EV_LOCK &&
	      ph->ev[4].kind == EV_UNLOCK && ph->ev[5].kind == EV_RESUME &&
	      b->phases[0].ev[0].kind == EV_SUSPEND, "... as events in file order");
	CHECK(ts.pi_enabled == 1, "global.pi_enabled true: priority-inheritance mutexes");
	o = &ts.objs[ph->ev[1].obj];
	CHECK(!strcmp(o->name, "B") && o->kind == OBJ_BARRIER && o->users == 3,
	      "barrier B: 3 threads use it (a x2, b): %u", o->users);
	o = &ts.objs[ph->ev[6].obj];
	CHECK(!strcmp(o->name, "C") && o->users == 2, "barrier C: 2 threads (%u)", o->users);
	CHECK(ph->ev[2].obj == b->phases[0].ev[3].obj && ts.objs[ph->ev[2].obj].kind == OBJ_MUTEX,
	      "both tasks lock the same mutex m");
	CHECK(ph->ev[5].obj == b->phases[0].ev[0].obj && ts.objs[ph->ev[5].obj].kind == OBJ_COND &&
	      !strcmp(ts.objs[ph->ev[5].obj].name, "b"),
	      "a resumes what b suspends on: b's own name");

	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"resume\": \"nobody\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.a.resume: no task suspends on \"nobody\""),
	      "resume of a name no task suspends on: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"lock\": \"m\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.a.lock: mutex \"m\" is still locked at the end of the pass"),
	      "a lock without its unlock: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"unlock\": \"m\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.a.unlock: mutex \"m\" is not locked here"),
	      "an unlock without its lock: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"lock\": \"m\",\n\"lock1\": \"m\",\n\"unlock\": \"m\",\n\"unlock1\": \"m\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:7:", 9) &&
	      strstr(errbuf, "tasks.a.lock1: mutex \"m\" is already locked here"),
	      "locking a held mutex again (a self-deadlock): located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"barrier\": 5\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.a.barrier: expected a name (string)"),
	      "a barrier of a number: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1, \"pi_enabled\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:2:", 9) &&
	      strstr(errbuf, "global.pi_enabled: expected true or false"),
	      "pi_enabled of a number: located error: %s", errbuf);
}

/* Per-phase "cpus": the affinity changes between phases. */
static void test_phase_cpus(void)
{
	const struct task_spec *t = &ts.tasks[0];
	int n;

	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"t\": { \"cpus\": [0], \"phases\": {"
		  " \"p\": { \"cpus\": [1, 2], \"run\": 100 }, \"q\": { \"run\": 100 } } } } }");
	CHECK(n == 0 && t->phases[0].have_cpus && t->phases[0].cpus[0] == 6 &&
	      !t->phases[1].have_cpus && t->have_cpus && t->cpus[0] == 1,
	      "phase p on CPUs 1-2, phase q on the task's CPU 0: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"t\": {\n"
		  "\"policy\": \"SCHED_DEADLINE\",\n\"dl-runtime\": 1000,\n\"dl-period\": 10000,\n"
		  "\"phases\": {\n\"p\": {\n\"cpus\": [1],\n\"run\": 100\n}\n}\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:10:", 10) &&
	      strstr(errbuf, "tasks.t.phases.p.cpus: SCHED_DEADLINE"),
	      "per-phase cpus of a DL task: located error that says why: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"t\": {\n"
		  "\"phases\": {\n\"p\": {\n\"cpus\": [999],\n\"run\": 100\n}\n}\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:7:", 9) &&
	      strstr(errbuf, "tasks.t.phases.p.cpus: 999 is out of range"),
	      "per-phase cpus out of range: located error: %s", errbuf);
}

/* rt-app's condition variables: wait, signal, broad, sync. */
static void test_condvars(void)
{
	static const char good[] =
		"{ \"global\": {\"duration\": 1}, \"tasks\": {"
		" \"p\": { \"run\": 100, \"signal\": \"q\", \"broad\": \"q\", \"lock\": \"m\","
		"   \"sync\": {\"ref\": \"q\", \"mutex\": \"m\"}, \"unlock\": \"m\" },"
		" \"c\": { \"lock\": \"m\", \"wait\": {\"ref\": \"q\", \"mutex\": \"m\"},"
		"   \"unlock\": \"m\", \"run\": 100 } } }";
	const struct phase *ph = &ts.tasks[0].phases[0], *pc = &ts.tasks[1].phases[0];
	int n;

	n = parse(good);
	CHECK(n == 0, "wait, signal, broad and sync parse: %s", errbuf);
	CHECK(ph->ev[1].kind == EV_SIGNAL && ph->ev[2].kind == EV_BROADCAST &&
	      ph->ev[4].kind == EV_SYNC && pc->ev[1].kind == EV_WAIT,
	      "... as events in file order");
	CHECK(ph->ev[1].obj == pc->ev[1].obj && ts.objs[pc->ev[1].obj].kind == OBJ_CONDVAR &&
	      pc->ev[1].mutex == pc->ev[0].obj && ph->ev[4].mutex == ph->ev[3].obj,
	      "one condition variable q, waited on with mutex m");
	CHECK(ts.objs[pc->ev[1].obj].users == 1, "q has 1 thread that wakes it (%u)",
	      ts.objs[pc->ev[1].obj].users);

	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n"
		  "\"p\": { \"run\": 100, \"signal\": \"q\" },\n"
		  "\"c\": {\n\"run\": 100,\n\"wait\": {\"ref\": \"q\", \"mutex\": \"m\"}\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:7:", 9) &&
	      strstr(errbuf, "tasks.c.wait: needs mutex \"m\" locked before it"),
	      "wait without its mutex held: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n"
		  "\"p\": { \"run\": 100, \"lock\": \"m\", \"wait\": {\"ref\": \"q\"}, \"unlock\": \"m\" }\n}\n}\n");
	CHECK(n >= 1 && !strncmp(errbuf, "t.json:4:", 9) &&
	      strstr(errbuf, "tasks.p.wait: expected { \"ref\": NAME, \"mutex\": NAME }"),
	      "wait without a mutex: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n"
		  "\"p\": {\n\"run\": 100,\n\"signal\": \"q\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.p.signal: no task waits on \"q\""),
	      "a signal nobody waits for: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n"
		  "\"c\": {\n\"run\": 100,\n\"lock\": \"m\",\n\"wait\": {\"ref\": \"q\", \"mutex\": \"m\"},\n\"unlock\": \"m\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:7:", 9) &&
	      strstr(errbuf, "tasks.c.wait: no task signals \"q\""),
	      "a wait nobody signals: located error: %s", errbuf);
}

/* rt-app's memory and I/O load: mem, iorun, mem_buffer_size, io_device. */
static void test_mem_io(void)
{
	const struct phase *ph = &ts.tasks[0].phases[0];
	int n;

	n = parse("{ \"global\": {\"duration\": 1, \"io_device\": \"/tmp/x\", \"mem_buffer_size\": 65536},"
		  " \"tasks\": { \"t\": { \"run\": 100, \"mem\": 1000, \"iorun\": 100000, \"mem1\": 0 } } }");
	CHECK(n == 0 && ph->nevents == 3 && ph->ev[1].kind == EV_MEM && ph->ev[1].ns == 1000 &&
	      ph->ev[2].kind == EV_IORUN && ph->ev[2].ns == 100000,
	      "mem and iorun parse (bytes), mem 0 is a no-op: %s", errbuf);
	CHECK(!strcmp(ts.io_device, "/tmp/x") && ts.mem_buffer_size == 65536,
	      "io_device and mem_buffer_size are kept");
	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": { \"t\": { \"run\": 100 } } }");
	CHECK(n == 0 && !strcmp(ts.io_device, "/dev/null") && ts.mem_buffer_size == 4 * 1024 * 1024,
	      "rt-app's defaults: /dev/null and 4 MiB");
	n = parse("{\n\"global\": {\"duration\": 1, \"mem_buffer_size\": 0},\n\"tasks\": {\n\"t\": {\n"
		  "\"run\": 100\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:2:", 9) &&
	      strstr(errbuf, "global.mem_buffer_size: 0 is out of range"),
	      "mem_buffer_size 0: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1, \"io_device\": 5},\n\"tasks\": {\n\"t\": {\n"
		  "\"run\": 100\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:2:", 9) &&
	      strstr(errbuf, "global.io_device: expected a path"),
	      "io_device of a number: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"t\": {\n"
		  "\"run\": 100,\n\"memrun\": {\"size\": 5}\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.t.memrun: rt-app's \"memrun\" event is not supported"),
	      "memrun (not plain mem) is refused, not taken for mem: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"t\": {\n"
		  "\"run\": 100,\n\"mem_x\": 5\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.t.mem_x: rt-app's \"mem_x\" event is not supported"),
	      "mem_x (not plain mem) is refused, not taken for mem: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"t\": {\n"
		  "\"run\": 100,\n\"iorun\": -1\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.t.iorun: -1 is out of range"),
	      "a negative iorun: located error: %s", errbuf);
}

/* Loops of -1 and no global.duration: runnable when -d gives the length. */
static void test_forever_with_d(void)
{
	static const char forever[] =
		"{ \"tasks\": { \"t\": { \"loop\": -1, \"run\": 100, \"suspend\": \"t\" },"
		" \"u\": { \"loop\": -1, \"run\": 100, \"resume\": \"t\" } } }";
	FILE *err;
	int n;

	n = parse(forever);
	CHECK(n == 2 && strstr(errbuf, "tasks.t.loop: without global.duration every loop must be a count") &&
	      strstr(errbuf, "(or give -d MS)"),
	      "loop -1 without duration or -d: refused, and the message says -d: %s", errbuf);
	err = fmemopen(errbuf, sizeof(errbuf), "w");
	memset(errbuf, 0, sizeof(errbuf));
	n = taskset_parse_flags("t.json", forever, &ts, err, PARSE_DURATION_GIVEN);
	fclose(err);
	CHECK(n == 0 && ts.ntasks == 2 && !ts.loops_bound,
	      "... accepted when -d gives the run's length: %s", errbuf);

}

/* rt-app's custom slice: dl-runtime alone on SCHED_OTHER. */
static void test_custom_slice(void)
{
	int n;

	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"dl-runtime\": 1000\n}\n}\n}\n");
	CHECK(n == 0 && ts.ntasks == 1 && ts.tasks[0].policy == POLICY_OTHER &&
	      ts.tasks[0].dl_runtime_ns == 1000000,
	      "dl-runtime on SCHED_OTHER: the custom slice, kept (%s)", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"dl-runtime\": 1000,\n\"dl-period\": 2000\n}\n}\n}\n");
	CHECK(n == 1 && strstr(errbuf, "dl-* keys need \"policy\": \"SCHED_DEADLINE\""),
	      "dl-runtime with dl-period on SCHED_OTHER: refused: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"policy\": \"SCHED_FIFO\",\n\"run\": 100,\n\"dl-runtime\": 1000\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:", 7) &&
	      strstr(errbuf, "dl-* keys need \"policy\": \"SCHED_DEADLINE\""),
	      "dl-runtime on SCHED_FIFO: refused: %s", errbuf);
}

/* rt-app's fork: a task starts threads of another during the run. */
static void test_fork(void)
{
	static const char good[] =
		"{ \"global\": {\"duration\": 2}, \"tasks\": {"
		" \"one\": { \"phases\": { \"p\": { \"run\": 100, \"sleep\": 100 } } },"
		" \"two\": { \"instance\": 0, \"phases\": { \"p\": { \"run\": 200, \"sleep\": 200 } } },"
		" \"f\": { \"instance\": 2, \"loop\": 1, \"phases\": {"
		"   \"a\": { \"loop\": 3, \"fork\": \"one\", \"run\": 100 },"
		"   \"b\": { \"fork\": \"two\", \"run\": 100 } } } } }";
	const struct task_spec *one = &ts.tasks[0], *two = &ts.tasks[1];
	int n;

	n = parse(good);
	CHECK(n == 0 && ts.ntasks == 3, "fork parses, and a disabled task that is forked stays: %s", errbuf);
	CHECK(!strcmp(one->name, "one") && one->instances == 1 && one->forks == 6 &&
	      !strcmp(two->name, "two") && two->instances == 0 && two->forks == 2,
	      "forks counted in advance: one 2 x 3 (%u), two 2 x 1 (%u)", one->forks, two->forks);
	CHECK(ts.tasks[2].phases[0].ev[0].kind == EV_FORK, "fork is an event");

	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"f\": {\n"
		  "\"run\": 100,\n\"fork\": \"nobody\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.f.fork: no task named \"nobody\""),
	      "fork of an unknown task: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"x\": { \"run\": 1 },\n\"f\": {\n"
		  "\"loop\": -1,\n\"run\": 100,\n\"fork\": \"x\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:8:", 9) &&
	      strstr(errbuf, "tasks.f.fork: a task that forks needs finite loops"),
	      "fork in a task that loops forever: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"x\": { \"run\": 1, \"barrier\": \"B\" },\n"
		  "\"y\": { \"run\": 1, \"barrier\": \"B\" },\n\"f\": {\n\"loop\": 1,\n\"run\": 100,\n\"fork\": \"x\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:4:", 9) &&
	      strstr(errbuf, "tasks.x: a task started by fork"),
	      "a forked task that synchronises: located error: %s", errbuf);
}

/*
 * rt-app's taskgroup, at task and phase level: a cgroup path, kept as
 * written; "" is none; policies other than SCHED_OTHER are accepted (rt-app
 * refuses them; 6.1 without CONFIG_RT_GROUP_SCHED does not).
 */
static void test_taskgroup(void)
{
	static const char good[] =
		"{ \"global\": {\"duration\": 1}, \"tasks\": {"
		" \"a\": { \"run\": 100, \"taskgroup\": \"/tg1\" },"
		" \"b\": { \"policy\": \"SCHED_DEADLINE\", \"dl-runtime\": 1000, \"dl-period\": 10000,"
		"        \"taskgroup\": \"/tg2\", \"phases\": {"
		"   \"p0\": { \"run\": 100, \"taskgroup\": \"/tg1/tg11\" },"
		"   \"p1\": { \"run\": 100 },"
		"   \"p2\": { \"run\": 100, \"taskgroup\": \"/\" } } },"
		" \"c\": { \"policy\": \"SCHED_FIFO\", \"run\": 100, \"taskgroup\": \"\" },"
		" \"d\": { \"run\": 100, \"taskgroup\": \"/my.grp-1_x\" } } }";
	const struct task_spec *a = &ts.tasks[0], *b = &ts.tasks[1], *c = &ts.tasks[2];
	char many[8192], *w;
	int n, i;

	n = parse(good);
	CHECK(n == 0 && ts.ntasks == 4, "taskgroup at task and phase level parses: %s", errbuf);
	CHECK(!strcmp(a->taskgroup, "/tg1") && !a->phases[0].taskgroup[0],
	      "task level: kept in the task (\"%s\"), not in its phase", a->taskgroup);
	CHECK(!strcmp(b->taskgroup, "/tg2") && b->nphases == 3 &&
	      !strcmp(b->phases[0].taskgroup, "/tg1/tg11") && !b->phases[1].taskgroup[0] &&
	      !strcmp(b->phases[2].taskgroup, "/"),
	      "phase level: /tg1/tg11, none (stays where it is), / (the root)");
	CHECK(!c->taskgroup[0] && c->policy == POLICY_FIFO, "\"\" is no taskgroup, as in rt-app");
	CHECK(!strcmp(ts.tasks[3].taskgroup, "/my.grp-1_x"), "names with '.', '_' and '-'");

	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"taskgroup\": \"tg1\"\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.a.taskgroup: \"tg1\" is not an absolute path"),
	      "a relative taskgroup: located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"phases\": {\n\"p\": {\n\"run\": 100,\n\"taskgroup\": \"/tg1/../etc\"\n}\n}\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:8:", 9) &&
	      strstr(errbuf, "tasks.a.phases.p.taskgroup: \"/tg1/../etc\": every part between slashes must be a name"),
	      "a phase's taskgroup with \"..\": located error: %s", errbuf);
	n = parse("{\n\"global\": {\"duration\": 1},\n\"tasks\": {\n\"a\": {\n"
		  "\"run\": 100,\n\"taskgroup\": 7\n}\n}\n}\n");
	CHECK(n == 1 && !strncmp(errbuf, "t.json:6:", 9) &&
	      strstr(errbuf, "tasks.a.taskgroup: expected a cgroup path"),
	      "a number: located error: %s", errbuf);
	n = parse("{ \"global\": {\"duration\": 1}, \"tasks\": {"
		  " \"a\": { \"run\": 100, \"taskgroup\": \"/tg1/\" },"
		  " \"b\": { \"run\": 100, \"taskgroup\": \"//tg1\" },"
		  " \"c\": { \"run\": 100, \"taskgroup\": \"/./tg1\" },"
		  " \"d\": { \"run\": 100, \"taskgroup\": \"/a,b\" },"
		  " \"e\": { \"run\": 100, \"taskgroup\": \"/a\\nb\" },"
		  " \"f\": { \"run\": 100, \"taskgroup\": \"/a\\u0000b\" } } }");
	CHECK(n == 6 && lines(errbuf) == 6 &&
	      strstr(errbuf, "tasks.a.taskgroup: \"/tg1/\": every part") &&
	      strstr(errbuf, "tasks.b.taskgroup: \"//tg1\": every part") &&
	      strstr(errbuf, "tasks.c.taskgroup: \"/./tg1\": every part") &&
	      strstr(errbuf, "tasks.d.taskgroup: cgroup names here are letters") &&
	      strstr(errbuf, "tasks.e.taskgroup: cgroup names here are letters") &&
	      strstr(errbuf, "tasks.f.taskgroup: cgroup names here are letters"),
	      "empty parts, \".\", a comma, a newline, a NUL: one line each (%d): %s", n, errbuf);
	/* a path of 128 characters: one too many */
	w = many;
	w += sprintf(w, "{ \"global\": {\"duration\": 1}, \"tasks\": { \"a\": { \"run\": 100, \"taskgroup\": \"/");
	for (i = 0; i < DLGEN_TASKGROUP_MAX - 1; i++)
		*w++ = 'x';
	sprintf(w, "\" } } }");
	n = parse(many);
	CHECK(n == 1 && strstr(errbuf, "tasks.a.taskgroup: a taskgroup path is at most 127 characters"),
	      "a path of 128 characters: refused: %s", errbuf);
	w = many;
	w += sprintf(w, "{ \"global\": {\"duration\": 1}, \"tasks\": {");
	for (i = 0; i <= DLGEN_MAX_TASKGROUPS; i++)
		w += sprintf(w, "%s \"t%d\": { \"run\": 100, \"taskgroup\": \"/g%d\" }",
			     i ? "," : "", i, i);
	sprintf(w, " } }");
	n = parse(many);
	CHECK(n == 1 && strstr(errbuf, "tasks.t32.taskgroup: more than 32 taskgroups"),
	      "33 distinct taskgroups: the 33rd is refused: %s", errbuf);
}

int main(void)
{
	test_cover_letter();
	test_defaults_and_sums();
	test_syntax_error_located();
	test_events_phases();
	test_bad_values();
	test_bad_structure();
	test_silent_corners();
	test_rtapp_compat();
	test_no_duration();
	test_repeated_events();
	test_sync_events();
	test_phase_cpus();
	test_condvars();
	test_mem_io();
	test_forever_with_d();
	test_custom_slice();
	test_fork();
	test_taskgroup();
	CHECK_EXIT();
}
