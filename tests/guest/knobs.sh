#!/bin/sh
# In-guest test of the patched kernel's policy knobs (kernels/knobs, copied
# to /share/in/knobs): each reads its default, takes each value and reads it
# back, refuses a bad value with EINVAL and keeps its value, and switching
# while SCHED_DEADLINE tasks run leaves the bandwidth accounting at zero
# once they are gone. One PASS:/FAIL: line per check.
# Usage (by initramfs/init): sh knobs.sh POINTDIR
out=${1:?}
d=/sys/kernel/debug/sched
check() { # check DESCRIPTION COMMAND...
	what=$1; shift
	if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fi
}
# bracketed KNOB: the value shown as current
current() { sed -n 's/.*\[\(.*\)\].*/\1/p' "$d/$1"; }
refused() { ! echo "$2" > "$d/$1" 2> "$out/err"; }

while read -r knob def others; do
	case "$knob" in ''|'#'*) continue ;; esac
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

# Switch admission and placement while DL tasks are admitted and running.
cat > "$out/switch.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "dl": { "policy": "SCHED_DEADLINE", "instance": 4,
    "timer": { "period": 10000, "mode": "absolute" }, "run": 1000,
    "dl-runtime": 3000, "dl-period": 10000 } } }
JSON
dlgen -o "$out/switch" "$out/switch.json" > "$out/switch.log" 2>&1 &
pid=$!
sleep 0.3
for i in 1 2 3 4 5; do
	for v in cpus capacity; do echo $v > $d/dl_admission || echo "FAIL: switch to $v"; done
	for v in unaware best-fit fit; do echo $v > $d/dl_placement || echo "FAIL: switch to $v"; done
done
wait $pid
check "dlgen ran through the switches (exit 0)" test $? = 0
check "... with all 4 tasks admitted" test "$(awk -F, 'NR > 1 && $10 == 1' "$out/switch/tasks.csv" | wc -l)" = 4
tb=$(grep 'dl_bw->total_bw' $d/debug | awk '{ print $NF }' | sort -u | tr '\n' ' ')
check "total_bw is 0 on every CPU after the tasks exit (saw: $tb)" test "$tb" = "0 "

# The runner hands inputs over read-only (a read-only bind mount in init).
check "the input share /share/in is read-only" sh -c '! touch /share/in/.w 2>/dev/null'
