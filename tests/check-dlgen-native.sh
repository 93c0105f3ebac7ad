#!/bin/bash
# dlgen runs natively, under ASan + UBSan (dlgen/build/san/dlgen), with
# SCHED_OTHER tasks only (nothing that needs the guest): the job loop
# (run_jobs), capacity scaling against a fake sysfs, and the corners that
# used to be undefined. Seconds, no QEMU.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dlgen=$top/dlgen/build/san/dlgen
[ -x "$dlgen" ] || make -s -C "$top/dlgen" sanitize > /dev/null || { echo "FAIL: dlgen builds with sanitizers"; exit 1; }

# native NAME [OPTION...]: dlgen natively on $tmp/sys2 (two CPUs of
# capacity 1024) with $tmp/NAME.json: results in $tmp/NAME/, output in
# $tmp/NAME.out, exit status in rc
native() {
	local n=$1
	shift
	timeout 60 "$dlgen" --i-know-this-is-not-a-vm -s "$tmp/sys2" "$@" -o "$tmp/$n" "$tmp/$n.json" > "$tmp/$n.out" 2>&1
	rc=$?
}
# clean NAME: that run exited 0 and the sanitizers reported nothing
clean() { test "$rc" = 0 && ! grep -q 'runtime error\|ERROR: AddressSanitizer' "$tmp/$1.out"; }
# per_value NAME COLUMNS: jobs per value of COLUMNS, as " N VALUE;" each
per_value() { cols "$tmp/$1/jobs.csv" "$2" | sort | uniq -c | tr -s ' ' | tr '\n' ';'; }
# span_at_least NAME NS: from the first job's start to the last job's end
span_at_least() {
	cols "$tmp/$1/jobs.csv" start_ns,end_ns |
		awk -F, -v min="$2" 'NR == 1 || $1 < s { s = $1 } $2 > e { e = $2 } END { exit !(e - s >= min) }'
}

# A fake sysfs: CPU 0 of capacity 512, CPU 1 without a capacity file (1024).
mkdir -p "$tmp/sys/cpu0" "$tmp/sys/cpu1"
echo 512 > "$tmp/sys/cpu0/cpu_capacity"
cat > "$tmp/cap.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "half": { "cpus": [0], "run": 2000, "timer": { "period": 20000 } } } }
JSON
"$dlgen" --i-know-this-is-not-a-vm -s "$tmp/sys" -d 200 -o "$tmp/cap" "$tmp/cap.json" > "$tmp/cap.out" 2>&1; rc=$?
check "native run on a fake 512 CPU: exit 0, clean under ASan + UBSan (rc $rc)" \
	clean cap
jobs=$(($(wc -l < "$tmp/cap/jobs.csv") - 1))
# (a busy host delays jobs: the count is checked loosely, the work exactly)
check "native run: 200 ms of a 20 ms timer gives 2 to 10 jobs (got $jobs)" test "$jobs" -ge 2 -a "$jobs" -le 10
# work_ns is capacity-1024 work: 2 ms per job; it took 4 ms of CPU time
# on the 512 CPU, so the job spans at least 4 ms (more if preempted).
check "native run: every job did 2 ms of capacity-1024 work, on CPU 0" \
	eval 'paste -d, <(cols "$tmp/cap/jobs.csv" work_ns) <(cols "$tmp/cap/jobs.csv" cpu_start) |
		awk -F, '"'"'$1 < 2000000 || $1 > 2100000 || $2 != 0 { bad = 1 } END { exit bad }'"'"
check "native run: ... which took at least 4 ms each (capacity 512)" \
	eval 'cols "$tmp/cap/jobs.csv" response_ns | awk '"'"'$1 < 4000000 { bad = 1 } END { exit bad }'"'"

# Loops whose product overflows int (100000 x 100000 passes) ran forever
# and were undefined behaviour; now a large finite count, cut by duration.
cat > "$tmp/loops.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "t": { "loop": 100000,
    "phases": { "p": { "loop": 100000, "run": 100, "timer": { "period": 10000 } } } } } }
JSON
timeout 30 "$dlgen" --i-know-this-is-not-a-vm -s "$tmp/sys" -d 100 -o "$tmp/loops" "$tmp/loops.json" > "$tmp/loops.out" 2>&1; rc=$?
check "loop 100000 x phase loop 100000: no UBSan report, ends with the run (rc $rc)" \
	sh -c "test $rc = 0 && ! grep -q 'runtime error' '$tmp/loops.out'"
# rt-app's examples (issue 14): no global.duration, so the run ends when
# every task has done its loops (here 4 phases x 3 passes and 5 passes),
# long before the 3600 s cap; a SCHED_OTHER priority is a nice value; a
# task of instance 0 is not run; a sleep of 0 is a no-op.
cat > "$tmp/loops-only.json" <<'JSON'
{ "global": { "logdir": "./", "frag": 1 },
  "tasks": {
    "p": { "loop": 3, "priority": 5, "phases": {
      "a": { "loop": 2, "run": 1000, "timer": { "period": 5000 } },
      "b": { "loop": 2, "run": 2000, "sleep": 0, "timer": { "period": 5000 } } } },
    "off": { "instance": 0, "run": 1000 },
    "q": { "loop": 5, "run": 500, "sleep": 1000 } } }
JSON
t0=$(date +%s)
timeout 60 "$dlgen" --i-know-this-is-not-a-vm -s "$tmp/sys" -o "$tmp/lo" "$tmp/loops-only.json" > "$tmp/lo.out" 2>&1; rc=$?
t1=$(date +%s)
check "no global.duration: the run ends with the loops, clean under ASan + UBSan (rc $rc, $((t1 - t0)) s)" \
	eval 'clean lo && test $((t1 - t0)) -lt 20'
check "... jobs as rt-app counts them: p 3 x (2 + 2) = 12, q 5, none for the disabled task" \
	eval 'test "$(per_value lo task)" = " 12 p; 5 q;"'
check "... summary.json says the run was bounded by the loops" grep -q '"loops_bound": *true' "$tmp/lo/summary.json"
# rt-app's synchronisation (issue 14), natively with SCHED_OTHER threads on
# two CPUs of capacity 1024 ($tmp/sys2). A barrier: b's passes wait for
# a's 50 ms sleep, so every job of b lasts at least 15 ms (0.5 ms alone;
# a b held off its CPU for 35 ms after a release would still pass).
mkdir -p "$tmp/sys2/cpu0" "$tmp/sys2/cpu1"
cat > "$tmp/barrier.json" <<'JSON'
{ "tasks": {
    "a": { "loop": 5, "run": 1000, "sleep": 50000, "barrier": "B", "run1": 500 },
    "b": { "loop": 5, "run": 500, "barrier": "B", "run1": 500 } } }
JSON
native barrier
check "barrier: runs clean under ASan + UBSan, 5 jobs each, none cut (rc $rc)" \
	eval 'clean barrier &&
		test "$(per_value barrier task,cut)" = " 5 a,0; 5 b,0;"'
check "barrier: every job of b waits for a at the barrier (>= 15 ms)" \
	eval 'cols "$tmp/barrier/jobs.csv" task,response_ns | awk -F, '"'"'$1 == "b" && $2 < 15000000 { bad = 1 } END { exit bad }'"'"

# suspend/resume: a ping-pong of 5 passes each on two CPUs; neither is
# cut (each resume found its partner suspended), the run ends with the
# loops, and the 10 turns of 2 ms run + 20 ms sleep took turns (span >=
# 200 ms; about 110 ms if suspend did not wait). A resume nobody waits for
# is lost, in rt-app too (a pthread_cond_broadcast): a thread must reach
# its suspend before its partner's resume, so each resume comes 20 ms of
# sleep after the partner's previous resume, not 2 ms of work (a thread
# kept off its CPU for 2 ms on a busy host can miss it; both then wait for
# the 3600 s cap: seen once as the 60 s timeout).
cat > "$tmp/pingpong.json" <<'JSON'
{ "tasks": {
    "t0": { "loop": 5, "cpus": [0], "run": 2000, "sleep": 20000, "resume": "t1", "suspend": "t0" },
    "t1": { "loop": 5, "cpus": [1], "suspend": "t1", "run": 2000, "sleep": 20000, "resume": "t0" } } }
JSON
native pingpong -g 200
check "suspend/resume ping-pong: 5 jobs each, none cut, clean (rc $rc)" \
	eval 'clean pingpong &&
		test "$(per_value pingpong task,cut)" = " 5 t0,0; 5 t1,0;"'
check "suspend/resume: the two threads took turns (span >= 200 ms)" \
	span_at_least pingpong 200000000

# A mutex: two threads on two CPUs each hold "m" for 3 ms of work, 4
# times: the critical sections do not overlap, so the run spans >= 24 ms
# (12 ms without the mutex).
cat > "$tmp/mutex.json" <<'JSON'
{ "global": { "pi_enabled": true },
  "tasks": {
    "a": { "loop": 4, "cpus": [0], "lock": "m", "run": 3000, "unlock": "m" },
    "b": { "loop": 4, "cpus": [1], "lock": "m", "run": 3000, "unlock": "m" } } }
JSON
native mutex
check "mutex (PI): 4 jobs each, clean (rc $rc)" \
	eval 'clean mutex &&
		test "$(per_value mutex task)" = " 4 a; 4 b;"'
check "mutex: the 8 critical sections of 3 ms ran one at a time (span >= 24 ms)" \
	span_at_least mutex 24000000

# Per-phase cpus: phase 0 on CPU 1, phase 1 on CPU 0, three passes.
cat > "$tmp/pcpus.json" <<'JSON'
{ "tasks": { "t": { "loop": 3, "phases": {
    "p": { "cpus": [1], "run": 1000 },
    "q": { "cpus": [0], "run": 1000 } } } } }
JSON
native pcpus
check "per-phase cpus: phase 0 ran on CPU 1 and phase 1 on CPU 0, 3 jobs each (rc $rc)" \
	eval 'test $rc = 0 && test "$(per_value pcpus phase,cpu_start,cpu_end)" = " 3 0,1,1; 3 1,0,0;"'
# wait/signal: a consumer waits on "q" with mutex "m" held, a producer
# signals it every 30 ms, 4 times; the consumer's 5th wait has nobody
# left to signal it: it gives up (a cut job) instead of holding the run
# to the 3600 s cap. A signal nobody waits for is lost (pthread_cond_signal,
# in rt-app too): the consumer has 30 ms, not 10, to get from one wake-up
# through its 1 ms run back to its wait (failed once, host loaded).
cat > "$tmp/condvar.json" <<'JSON'
{ "tasks": {
    "consumer": { "loop": 5, "lock": "m", "wait": { "ref": "q", "mutex": "m" }, "unlock": "m", "run": 1000 },
    "producer": { "loop": 4, "sleep": 30000, "lock": "m", "signal": "q", "unlock": "m" } } }
JSON
t0=$(date +%s)
native condvar
t1=$(date +%s)
check "wait/signal: clean, ends with the producer ($((t1 - t0)) s, rc $rc)" \
	eval 'clean condvar && test $((t1 - t0)) -lt 20'
check "wait/signal: 4 consumer jobs woken, the 5th cut; 4 producer jobs" \
	eval 'test "$(per_value condvar task,cut)" = " 4 consumer,0; 1 consumer,1; 4 producer,0;"'
check "wait/signal: each woken consumer job waited for the producer (>= 5 ms)" \
	eval 'cols "$tmp/condvar/jobs.csv" task,cut,response_ns | awk -F, '"'"'$1 == "consumer" && $2 == 0 && $3 < 5000000 { bad = 1 } END { exit bad }'"'"
# mem and iorun: 3 passes of 200000 bytes written to global.io_device (a
# file here, created by dlgen) with a 65536-byte buffer, and memory load.
sed "s|@IO@|$tmp/io.dev|" > "$tmp/io.json" <<'JSON'
{ "global": { "io_device": "@IO@", "mem_buffer_size": 65536 },
  "tasks": { "t": { "loop": 3, "run": 100, "mem": 100000, "iorun": 200000 } } }
JSON
native io
check "mem/iorun: 3 jobs, 600000 bytes written to io_device, clean (rc $rc)" \
	eval 'clean io &&
		test "$(($(wc -l < "$tmp/io/jobs.csv") - 1))" = 3 && test "$(stat -c %s "$tmp/io.dev")" = 600000'
# Loops of -1 and no global.duration (rt-app: until Ctrl+C): refused,
# with the reason, unless -d gives the run's length. (t1 suspends first:
# with both resuming first, as in rt-app's example4, two resumes can be
# lost at once and both threads wait for the watchdog, in rt-app too; and
# as above, 10 ms of sleep before each resume, not 2 ms of work, so that
# the partner is suspended by then on a busy host too: a lost resume
# stopped the ping-pong with fewer than 20 jobs.) About 2 x 800 / 22 = 72
# jobs; 20 or more tells -d's length from a loop of -1 taken as a count.
cat > "$tmp/forever.json" <<'JSON'
{ "tasks": {
    "t0": { "loop": -1, "cpus": [0], "run": 1000, "sleep": 10000, "resume": "t1", "suspend": "t0" },
    "t1": { "loop": -1, "cpus": [1], "suspend": "t1", "run": 1000, "sleep": 10000, "resume": "t0" } } }
JSON
"$dlgen" --check "$tmp/forever.json" > "$tmp/forever.out" 2>&1; rc=$?
check "loop -1 without duration: --check refuses it (rc $rc) and says -d" \
	eval 'test $rc = 2 && grep -q "tasks.t0.loop: .*(or give -d MS)" "$tmp/forever.out"'
native forever -d 800 -g 200
check "... and -d 800 runs it: a ping-pong of 800 ms, >= 20 jobs ($(($(wc -l < "$tmp/forever/jobs.csv") - 1))), clean (rc $rc)" \
	eval 'clean forever &&
		test "$(cols "$tmp/forever/jobs.csv" task | sort -u | tr "\n" " ")" = "t0 t1 " &&
		test "$(($(wc -l < "$tmp/forever/jobs.csv") - 1))" -ge 20'
# sync (signal, then wait) must not take its own signal: b's sync wakes a,
# which waits at that moment, and a's signal then wakes b (the mp3 sets'
# pattern). Three rounds, nobody cut. As in rt-app, a signal nobody waits for
# is lost and both threads then wait for ever: b sleeps 50 ms so that a is
# waiting first even on a loaded host (5 ms timed out at load 11).
cat > "$tmp/sync.json" <<'JSON'
{ "tasks": {
    "a": { "loop": 3, "lock": "m", "wait": { "ref": "q", "mutex": "m" }, "unlock": "m", "run": 1000,
           "lock1": "m", "signal": "q", "unlock1": "m" },
    "b": { "loop": 3, "sleep": 50000, "lock": "m", "sync": { "ref": "q", "mutex": "m" }, "unlock": "m" } } }
JSON
native sync
check "sync wakes the thread already waiting, not itself: 3 rounds, none cut (rc $rc)" \
	eval 'clean sync &&
		test "$(per_value sync task,cut)" = " 3 a,0; 3 b,0;"'
# locks.csv: a nice-19 thread holds "m" for 20 ms of work; a nice -20
# thread wants it meanwhile. With pi_enabled the holder's effective
# priority is raised at its unlock (boosted 1) and its hold was contended
# for about 20 ms; without, never boosted. (Root only: nice -20.) The
# barrier orders the start: "high" asks for "m" only once "low" holds it.
# (With a 2 ms delay instead, a nice-19 thread on a busy CPU did not get
# to its lock within 2 ms, "high" took "m" first and nobody contended.)
for pi in true false; do
	cat > "$tmp/pi-$pi.json" <<JSON
{ "global": { "pi_enabled": $pi },
  "tasks": {
    "low": { "loop": 1, "priority": 19, "cpus": [0], "lock": "m", "barrier": "held", "run": 20000, "unlock": "m" },
    "high": { "loop": 1, "priority": -20, "cpus": [1], "barrier": "held", "lock": "m", "run": 100, "unlock": "m" } } }
JSON
	timeout 60 "$dlgen" --i-know-this-is-not-a-vm -s "$tmp/sys2" -o "$tmp/pi-$pi" "$tmp/pi-$pi.json" > "$tmp/pi-$pi.out" 2>&1
done
lk() { cell "$1/locks.csv" task "$2" "$3"; }	# lk POINTDIR TASK COLUMN: its locks.csv
if [ "$(id -u)" = 0 ]; then
	check "locks.csv: one hold each; with pi_enabled the holder was boosted ($(lk "$tmp/pi-true" low boosted)), contended $(( $(lk "$tmp/pi-true" low contended_ns 2>/dev/null || echo 0) + 0 )) ns >= 10 ms" \
		eval 'test "$(lk "$tmp/pi-true" low boosted)" = 1 && test "$(lk "$tmp/pi-true" high boosted)" = 0 &&
			test "$(lk "$tmp/pi-true" low contended_ns)" -ge 10000000 && test "$(lk "$tmp/pi-true" high wait_ns)" -ge 10000000'
	check "locks.csv: without pi_enabled never boosted ($(lk "$tmp/pi-false" low boosted))" \
		test "$(lk "$tmp/pi-false" low boosted)" = 0
fi
# fork: f starts a thread of w (instance 0: not run otherwise) in each of
# its 3 passes, 20 ms apart; each w thread runs its 2 passes from its fork.
cat > "$tmp/fork.json" <<'JSON'
{ "tasks": {
    "w": { "instance": 0, "loop": 2, "run": 1000 },
    "f": { "loop": 3, "fork": "w", "run": 500, "sleep": 20000 } } }
JSON
native fork
check "fork: 3 threads of w, 2 jobs each, 3 of f, clean (rc $rc)" \
	eval 'clean fork &&
		test "$(per_value fork task,instance)" = " 3 f,0; 2 w,0; 2 w,1; 2 w,2;"'
check "fork: each w thread starts at its fork, about 20 ms after the previous" \
	eval 'cols "$tmp/fork/jobs.csv" task,job,release_ns | awk -F, '"'"'$1 == "w" && $2 == 0 { r[n++] = $3 } END { exit !(n == 3 && r[1] - r[0] >= 15000000 && r[2] - r[1] >= 15000000) }'"'"
# The run ends (-d 300) between the second fork (at about 200 ms) and the
# third (400 ms): that thread is not reported. (With forks 20 ms apart and
# -d 30, a busy host delayed f's second pass past 30 ms: one w row.)
sed 's/"sleep": 20000/"sleep": 200000/' "$tmp/fork.json" > "$tmp/fork2.json"
native fork2 -d 300 -g 50
check "fork: a fork the run did not reach leaves no row in tasks.csv (rc $rc, $(($(wc -l < "$tmp/fork2/tasks.csv") - 1)) rows)" \
	eval 'test $rc = 0 && test "$(cols "$tmp/fork2/tasks.csv" task | grep -c "^w$")" = 2'
# rt-app's taskgroup (issue 14) on a fake cgroup2 tree (--cgroup-root): a
# plain folder with the interface files as regular files, so that what
# dlgen writes stays there (cgroup.threads opened O_APPEND, as "echo >>",
# keeps every TID moved in). mkdir cannot make a plain folder a cgroup:
# the groups exist beforehand (dlgen keeps groups it did not make), and a
# group dlgen makes is the failure case below. thread0 is rt-app's
# tutorial example11 (phase1 names no group: it stays in phase0's);
# "wrap" starts in its task's /tg2, and its first phase, without a group,
# runs from the second pass on in the last phase's /tg1 (rt-app's rule: a
# thread moves only when a phase names another group).
fakecg() { # fakecg DIR GROUP...: a fake cgroup2 root with GROUPs in it
	local d=$1 g
	shift
	mkdir -p "$d"
	echo "cpuset cpu io memory pids" > "$d/cgroup.controllers"
	: > "$d/cgroup.subtree_control"; : > "$d/cgroup.threads"
	for g in "$@"; do
		mkdir -p "$d$g"
		echo domain > "$d$g/cgroup.type"
		: > "$d$g/cgroup.subtree_control"; : > "$d$g/cgroup.threads"
	done
}
fakecg "$tmp/cg" /tg1 /tg1/tg11 /tg2
cat > "$tmp/tg.json" <<'JSON'
{ "tasks": {
    "thread0": { "loop": 3, "phases": {
      "phase0": { "run": 1000, "sleep": 2000, "taskgroup": "/tg1/tg11" },
      "phase1": { "run": 1000, "sleep": 2000 },
      "phase2": { "run": 1000, "sleep": 2000, "taskgroup": "/" } } },
    "wrap": { "loop": 3, "taskgroup": "/tg2", "phases": {
      "a": { "run": 1000 },
      "b": { "run": 1000, "taskgroup": "/tg1" } } },
    "t1": { "loop": 2, "run": 1000, "taskgroup": "/tg1" },
    "t2": { "loop": 2, "run": 1000, "taskgroup": "" } } }
JSON
cp -r "$tmp/cg" "$tmp/cg.before"
"$dlgen" --check --cgroup-root "$tmp/cg" "$tmp/tg.json" > "$tmp/tgcheck.out" 2>&1; rc=$?
check "taskgroup: --check accepts task- and phase-level taskgroups (rc $rc) and touches no cgroup file" \
	eval 'test $rc = 0 && diff -r "$tmp/cg.before" "$tmp/cg" > /dev/null'
native tg --cgroup-root "$tmp/cg"
# tgrows NAME: taskgroups.csv as sorted "task:phase_name:first_pass:passes:taskgroup"
tgrows() { cols "$tmp/$1/taskgroups.csv" task,phase_name,first_pass,passes,taskgroup | tr , : | sort | tr '\n' ' '; }
check "taskgroup: runs clean under ASan + UBSan with --cgroup-root (rc $rc)" clean tg
check "taskgroups.csv: each thread's phases in rt-app's groups ($(tgrows tg))" \
	test "$(tgrows tg)" = "t1::0:1:/tg1 t2::0:1: thread0:phase0:0:3:/tg1/tg11 thread0:phase1:0:3:/tg1/tg11 thread0:phase2:0:3:/ wrap:a:0:1:/tg2 wrap:a:1:2:/tg1 wrap:b:0:3:/tg1 "
check "tasks.csv: taskgroup is the last column, the task's group ($(cols "$tmp/tg/tasks.csv" task,taskgroup | tr '\n' ' '))" \
	eval 'test "$(head -1 "$tmp/tg/tasks.csv" | awk -F, "{ print \$NF }")" = taskgroup &&
		test "$(cols "$tmp/tg/tasks.csv" task,taskgroup | sort | tr "\n" " ")" = "t1,/tg1 t2, thread0, wrap,/tg2 "'
tid() { cell "$tmp/tg/tasks.csv" task "$1" tid; }
# threads DIR: the TIDs written to DIR/cgroup.threads, as task names
threads() {
	sed "s/^$(tid thread0)\$/thread0/; s/^$(tid wrap)\$/wrap/; s/^$(tid t1)\$/t1/; s/^$(tid t2)\$/t2/" "$1/cgroup.threads" |
		sort | uniq -c | tr -s ' ' | tr '\n' ';'
}
check "moves: thread0 into /tg1/tg11 in each of its 3 passes ($(threads "$tmp/cg/tg1/tg11"))" \
	test "$(threads "$tmp/cg/tg1/tg11")" = " 3 thread0;"
check "moves: wrap into /tg2 at its start and /tg1 once, t1 into /tg1 ($(threads "$tmp/cg/tg2") $(threads "$tmp/cg/tg1"))" \
	test "$(threads "$tmp/cg/tg2") $(threads "$tmp/cg/tg1")" = " 1 wrap;  1 t1; 1 wrap;"
check "moves: into the root thread0's phase2 3 times, t1 and wrap back at their end; never t2 ($(threads "$tmp/cg"))" \
	test "$(threads "$tmp/cg")" = " 1 t1; 3 thread0; 1 wrap;"
check "groups made threaded; +cpu in the parents' subtree_control, taken out at the end (root: $(cat "$tmp/cg/cgroup.subtree_control"))" \
	eval 'test "$(cat "$tmp/cg/tg1/cgroup.type" "$tmp/cg/tg1/tg11/cgroup.type" "$tmp/cg/tg2/cgroup.type" | sort -u)" = threaded &&
		test "$(cat "$tmp/cg/cgroup.subtree_control")" = -cpu && test "$(cat "$tmp/cg/tg1/cgroup.subtree_control")" = -cpu &&
		test ! -s "$tmp/cg/tg1/tg11/cgroup.subtree_control" && test -d "$tmp/cg/tg1/tg11"'
# Failures: one line naming the group and the errno, exit 1, nothing left.
fakecg "$tmp/cg2"
native tg --cgroup-root "$tmp/cg2"
check "a group dlgen makes in a folder that is no cgroup2: exit 1, one line (group, errno), the folder removed ($(cat "$tmp/tg.out"))" \
	eval 'test $rc = 1 && test "$(wc -l < "$tmp/tg.out")" = 1 &&
		grep -q "^dlgen: taskgroup /tg1/tg11: cannot make /tg1 threaded: writing .*/cgroup.type: ENOENT" "$tmp/tg.out" &&
		test -z "$(find "$tmp/cg2" -mindepth 1 -type d)" && test "$(cat "$tmp/cg2/cgroup.subtree_control")" = -cpu'
fakecg "$tmp/cg3"
echo "cpuset io memory" > "$tmp/cg3/cgroup.controllers"
native tg --cgroup-root "$tmp/cg3"
check "no cpu controller: exit 1, one line saying CONFIG_CGROUP_SCHED, nothing made" \
	eval 'test $rc = 1 && test "$(wc -l < "$tmp/tg.out")" = 1 &&
		grep -q "^dlgen: taskgroup /tg1/tg11: no cpu controller in .*CONFIG_CGROUP_SCHED" "$tmp/tg.out" &&
		test -z "$(find "$tmp/cg3" -mindepth 1 -type d)" && test ! -s "$tmp/cg3/cgroup.subtree_control"'
native tg --cgroup-root "$tmp/nonexistent"
check "no cgroup2 at --cgroup-root: exit 1, one line naming cgroup.controllers and ENOENT" \
	eval 'test $rc = 1 && test "$(wc -l < "$tmp/tg.out")" = 1 && grep -q "cgroup.controllers: ENOENT" "$tmp/tg.out"'
# a move the kernel refuses, mid-run: /dev/full as /tg1's cgroup.threads
fakecg "$tmp/cg4" /tg1 /tg1/tg11 /tg2
rm "$tmp/cg4/tg1/cgroup.threads" && ln -s /dev/full "$tmp/cg4/tg1/cgroup.threads"
native tg --cgroup-root "$tmp/cg4"
check "a refused move: exit 1, no crash or sanitizer report, one line naming group, thread and ENOSPC ($(grep -m1 ENOSPC "$tmp/tg.out"))" \
	eval 'test $rc = 1 && ! grep -q "runtime error\|ERROR: AddressSanitizer" "$tmp/tg.out" &&
		test "$(grep -c "^dlgen: taskgroup" "$tmp/tg.out")" = 1 &&
		grep -q "^dlgen: taskgroup /tg1: moving thread [0-9]* (task [a-z0-9]*) into .*/tg1/cgroup.threads: ENOSPC" "$tmp/tg.out" &&
		test -s "$tmp/tg/tasks.csv"'
# rt-app's custom slice: dl-runtime alone on SCHED_OTHER goes to the kernel
# as sched_attr.sched_runtime (used by Linux 6.12 and later, ignored before;
# sched_setattr() accepts it on both)
cat > "$tmp/slice.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "s": { "loop": 3, "run": 1000, "timer": { "period": 10000, "ref": "s" }, "dl-runtime": 3000 } } }
JSON
native slice
check "custom slice: a SCHED_OTHER task with dl-runtime 3 ms runs its 3 jobs and reports the slice (rc $rc)" \
	eval 'clean slice && test "$(cols "$tmp/slice/tasks.csv" policy dl_runtime_ns jobs)" = "SCHED_OTHER,3000000,3"'
"$dlgen" --bench-log 1000 -s "$tmp/sys" > "$tmp/bench.out" 2>&1
check "--bench-log N -s DIR reads DIR whatever the order (2 CPUs)" grep -q '(2 CPUs)' "$tmp/bench.out"
exit $assert_failed
