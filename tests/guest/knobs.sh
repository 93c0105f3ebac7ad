#!/bin/sh
# In-guest test of the patched kernel's policy knobs (kernels/knobs, staged
# as /share/in/knobs by the line below): each reads its default, takes each value and reads it
# back, refuses a bad value with EINVAL and keeps its value; switching the
# placement policies while SCHED_DEADLINE tasks run is allowed and leaves
# the bandwidth accounting at zero once they are gone; switching admission
# to a limit below the admitted bandwidth is refused with EBUSY, and so is
# lowering sched_rt_runtime_us below it.
# One PASS:/FAIL: line per check.
# Usage (by initramfs/init): sh knobs.sh POINTDIR
# stage-knobs
out=${1:?}
. /usr/share/dlcap/dl.sh
d=$DL_DEBUGFS/sched
check() { # check DESCRIPTION COMMAND...
	what=$1; shift
	if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fi
}
# KNOB's value shown as current (bracketed)
current() { dl_knob "$d/$1"; }
refused() { ! echo "$2" > "$d/$1" 2> "$out/err"; }
# the tasks of a dlgen run's tasks.csv that were admitted (the column by name)
admitted() { dl_admitted "$1/tasks.csv"; }

while read -r knob def others; do
	case "$knob" in ''|'#'*) continue ;; esac
	# the one knob of a follow-up series (kernels/knobs says which)
	if [ "$knob" = dl_misfit ] && [ ! -e "$d/$knob" ]; then
		echo "SKIP: $knob is not in this kernel (kernels/patches/dl-misfit)"
		continue
	fi
	check "$knob exists" test -e "$d/$knob"
	check "$knob reads '[$def] $others'" test "$(cat "$d/$knob")" = "[$def] $others"
	for v in $def $others; do
		echo "$v" > "$d/$knob"
		check "$knob takes '$v' and reads it back" test "$(current "$knob")" = "$v"
	done
	echo "$def" > "$d/$knob"
	check "$knob refuses 'bogus'" refused "$knob" bogus
	check "... with EINVAL" grep -q 'Invalid argument' "$out/err"
	check "... and keeps '$def'" test "$(current "$knob")" = "$def"
	check "$knob refuses an empty value" refused "$knob" ""
	check "$knob refuses a value with a suffix ('${def}x')" refused "$knob" "${def}x"
done < /share/in/knobs

# Switch the placement policies while DL tasks are admitted and running:
# allowed, and the bandwidth accounting is back where it was once they are
# gone: 0 on 6.1, the fair servers' on 6.12 (0.05 per CPU by default).
tb0=$(dl_bw_each)
cat > "$out/switch.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "dl": { "policy": "SCHED_DEADLINE", "instance": 4,
    "timer": { "period": 10000, "mode": "absolute" }, "run": 1000,
    "dl-runtime": 3000, "dl-period": 10000 } } }
JSON
dlgen -o "$out/switch" "$out/switch.json" > "$out/switch.log" 2>&1 &
pid=$!
sleep 0.3
bad=
for i in 1 2 3 4 5; do
	for v in unaware best-fit fit; do echo $v > $d/dl_placement || bad="$bad placement=$v"; done
	for v in stay preempt max-capacity; do echo $v > $d/dl_fallback || bad="$bad fallback=$v"; done
	for v in fit affine edf; do echo $v > $d/dl_nonidle || bad="$bad nonidle=$v"; done
	if [ -e $d/dl_misfit ]; then
		for v in migrate none; do echo $v > $d/dl_misfit || bad="$bad misfit=$v"; done
	fi
done
check "placement policies switch under load (refused:${bad:- none})" test -z "$bad"
wait $pid
check "dlgen ran through the switches (exit 0)" test $? = 0
check "... with all 4 tasks admitted" test "$(admitted "$out/switch")" = 4
tb=$(dl_bw_each)
check "total_bw is back to its value before the tasks on every CPU (before: $tb0; after: $tb)" \
	test "$tb" = "$tb0"

# Admission: eight 7.5/10 ms reservations (6.0 CPUs) are admitted under
# "cpus" (limit 0.95 x 8 = 7.6 on HiKey960) but exceed "capacity"'s limit
# (0.95 x the capacity sum, 5.51): switching then must be refused with EBUSY,
# or CPU offline, cpuset shrinks and even lowering a task's bandwidth would
# fail afterwards. Allowed again once the tasks are gone.
cat > "$out/over.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "dl": { "policy": "SCHED_DEADLINE", "instance": 8,
    "timer": { "period": 10000, "mode": "absolute" }, "run": 500,
    "dl-runtime": 7500, "dl-period": 10000 } } }
JSON
echo cpus > $d/dl_admission
dlgen -o "$out/over" "$out/over.json" > "$out/over.log" 2>&1 &
pid=$!
sleep 0.3
check "admission: switch to 'capacity' with 6.0 of 5.51 admitted is refused" refused dl_admission capacity
check "... with EBUSY" grep -q 'busy' "$out/err"
check "... and keeps 'cpus'" test "$(current dl_admission)" = cpus
wait $pid
check "... all 8 tasks were admitted under 'cpus'" test "$(admitted "$out/over")" = 8
sleep 0.2	# a dead DL task's bandwidth goes at its 0-lag time
check "admission: the switch is allowed once the tasks are gone" sh -c "echo capacity > $d/dl_admission"
echo capacity > $d/dl_admission

# Eight 6.25/10 ms reservations (5.0 CPUs), for the two checks below.
cat > "$out/rt.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "dl": { "policy": "SCHED_DEADLINE", "instance": 8,
    "timer": { "period": 10000, "mode": "absolute" }, "run": 500,
    "dl-runtime": 6250, "dl-period": 10000 } } }
JSON

# A fair server's parameters (6.12: debugfs sched/fair_server/cpuN/) go
# through the same admission test: with eight 6.25/10 ms reservations
# admitted under "capacity" (5.0 CPUs and the servers' 0.40 of 5.51 on
# HiKey960), raising CPU 0's server from 50 to 200 ms a second (0.05 ->
# 0.20) is refused with EBUSY, and the trace reports it as a refusal of
# source fair-server. No fair server before 6.12: SKIP.
fs=$DL_DEBUGFS/sched/fair_server/cpu0
if [ -e $fs/runtime ]; then
	rt0=$(cat $fs/runtime)
	dlgen -o "$out/srv" "$out/rt.json" > "$out/srv.log" 2>&1 &
	pid=$!
	sleep 0.3
	check "fair server: raising cpu0's runtime to 200 ms with 5.0 and the servers' admitted is refused" \
		sh -c "! echo 200000000 > $fs/runtime 2> $out/err"
	check "... with EBUSY" grep -q 'busy' "$out/err"
	check "... and keeps $rt0" test "$(cat $fs/runtime)" = "$rt0"
	wait $pid
	check "... all 8 tasks were admitted" test "$(admitted "$out/srv")" = 8
else
	echo "SKIP: fair server: no $fs (no fair server before 6.12)"
fi

# Last of the kernel checks, and the knobs point last in its plans: on
# 6.12.118 every read or write of /proc/sys/kernel/sched_rt_* rebuilds the
# sched domains (sched_rt_handler()), and the kept root domain's total_bw
# loses the fair servers' bandwidth until a new root domain is built (CPU
# hotplug) or the next boot (EXPERIMENTS.md section 23), which the
# fair-server check above and the points after it would see.
# sched_rt_runtime_us: lowering it must not leave a root domain with more
# admitted DL bandwidth than its new limit, which scales with the capacity
# sum as admission does. Eight 6.25/10 ms reservations (5.0 CPUs) are
# admitted under "capacity" (0.95 x 5.80 = 5.51 on HiKey960); 700000 would
# make the limit 0.7 x 5.80 = 4.06, while 0.7 x 8 CPUs = 5.6 is what a
# count of CPUs sees (sched_dl_global_validate() before the series' fix).
# Needs CONFIG_PROC_SYSCTL (slim.config has it since bb213b4): SKIP without.
rt=/proc/sys/kernel/sched_rt_runtime_us
if [ -e $rt ]; then
	dlgen -o "$out/rt" "$out/rt.json" > "$out/rt.log" 2>&1 &
	pid=$!
	sleep 0.3
	check "sched_rt_runtime_us: lowering to 700000 with 5.0 of 4.06 admitted is refused" sh -c "! echo 700000 > $rt 2> $out/err"
	check "... with EBUSY" grep -q 'busy' "$out/err"
	check "... and keeps 950000" test "$(cat $rt)" = 950000
	echo 950000 > $rt
	wait $pid
	check "... all 8 tasks were admitted" test "$(admitted "$out/rt")" = 8
else
	echo "SKIP: sched_rt_runtime_us: no $rt (kernel without CONFIG_PROC_SYSCTL)"
fi

# The runner hands inputs over read-only (a read-only bind mount in init).
check "the input share /share/in is read-only" sh -c '! touch /share/in/.w 2>/dev/null'
