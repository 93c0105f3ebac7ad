#!/bin/bash
# Traces a user can open: a plan's trace=on (scripts/plan-check.sh,
# initramfs/trace-point.sh, scripts/trace-text.sh).
# Usage: tests/check-trace.sh
#          no boot: what plan-check stages and prints with and without
#          trace=on, its refusals, trace-text.sh's refusals
#        tests/check-trace.sh PATCHED_RUN STOCK_RUN
#          the point "traced" of tests/plans/trace.plan booted on the
#          patched and the stock kernel (HiKey960): its trace.dat read by
#          the host's trace-cmd, its trace.txt, its placements.trace
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
s=$top/scripts ts=$top/experiments/tasksets

if [ $# = 0 ]; then
	printf 'a cover-letter.json dl_placement=fit -d 300\nb cover-letter.json dl_placement=fit trace=on -d 300\n' > "$tmp/t.plan"
	"$s/plan-check.sh" "$tmp/t.plan" > "$tmp/pc.out" 2> "$tmp/pc.err"; rc=$?
	check "plan-check: a plan with trace=on passes (exit $rc)" test $rc = 0
	check "plan-check: the point without trace=on is as before: its plan line, its task set, nothing else" \
		test "$(sed -n 1p "$tmp/pc.out")" = "a	a cover-letter.json dl_placement=fit -d 300	$ts/cover-letter.json"
	IFS=$'\t' read -r -a b < <(sed -n 2p "$tmp/pc.out")
	check "plan-check: trace=on puts initramfs/trace-point.sh before the task set and keeps the knob and options (${b[1]:-none})" \
		test "${b[1]:-}" = "b trace-point.sh cover-letter.json dl_placement=fit -d 300"
	sysroot=$("$s/cache-dir.sh")/sysroot-arm64-trace
	want="$ts/cover-letter.json $top/initramfs/trace-point.sh"
	for f in $(sed -n 's/^# stage-arm64://p' "$top/initramfs/trace-point.sh"); do want="$want $sysroot/$f"; done
	check "plan-check: trace=on stages the task set, trace-point.sh and the $(($(wc -w <<< "$want") - 2)) arm64 files it declares (trace-cmd, the loader, libc, libtraceevent, libtracefs, libzstd)" \
		test "${b[*]:2}" = "$want"
	missing=0
	for f in "${b[@]:4}"; do [ -s "$f" ] || missing=$((missing + 1)); done
	check "plan-check: each staged arm64 file is in the sysroot ($missing missing)" test $missing = 0 -a ${#b[@]} -gt 4
	check "trace-point.sh declares trace-cmd and what it is linked with (NEEDED of trace-cmd and its libraries)" \
		sh -c "for f in ${b[*]:4}; do readelf -d \"\$f\" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; done | sort -u | while read -r n; do
			case ' ${b[*]:4} ' in *\"/\$n \"*) ;; *) echo \"not staged: \$n\"; exit 1 ;; esac; done"
	for bad in trace=off trace=1 trace=; do
		printf '# x\nc cover-letter.json %s\n' "$bad" > "$tmp/bad.plan"
		"$s/plan-check.sh" "$tmp/bad.plan" > "$tmp/bad.out" 2> "$tmp/bad.err"; rc=$?
		check "plan-check: '$bad' refused (exit $rc), one line naming the plan's line 2, nothing on stdout" \
			sh -c "test $rc = 2 && test \$(wc -l < '$tmp/bad.err') = 1 && grep -q '^$tmp/bad.plan:2: .$bad.: trace=on' '$tmp/bad.err' && test ! -s '$tmp/bad.out'"
	done
	mkdir -p "$tmp/p"
	"$s/trace-text.sh" "$tmp/p" 2> "$tmp/tt.err"; rc=$?
	check "trace-text.sh: a point without trace.dat, exit $rc, one line" sh -c "test $rc = 2 && test \$(wc -l < '$tmp/tt.err') = 1"
	printf 'not a trace' > "$tmp/p/trace.dat"
	"$s/trace-text.sh" "$tmp/p" 2> "$tmp/tt.err"; rc=$?
	check "trace-text.sh: a trace.dat trace-cmd cannot read, exit $rc, one line naming it, no trace.txt" \
		sh -c "test $rc = 1 && test \$(wc -l < '$tmp/tt.err') = 1 && grep -q '$tmp/p/trace.dat' '$tmp/tt.err' && test ! -e '$tmp/p/trace.txt'"
	exit $assert_failed
fi

[ $# = 2 ] || { sed -n '4,9s/^# \{0,1\}//p' "$0" >&2; exit 2; }
# events POINT: "COUNT EVENT" per event name in its trace.dat, as trace-cmd reads it
events() {
	trace-cmd report -i "$1/trace.dat" 2> /dev/null |
		awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[a-z_]+:$/ && $(i - 1) ~ /^[0-9]+\.[0-9]+:$/) { n[$i]++; break } }
		     END { for (e in n) print n[e], substr(e, 1, length(e) - 1) }' | sort -k2
}
for run in "$1" "$2"; do
	kind=patched; [ "$run" = "$2" ] && kind=stock
	p=$run/traced
	check "$kind: the traced point ran (rc $(cat "$p/rc" 2>/dev/null)) and left trace.dat, trace-cmd.log, trace.txt" \
		sh -c "test \"\$(cat '$p/rc')\" = 0 && test -s '$p/trace.dat' -a -s '$p/trace-cmd.log' -a -s '$p/trace.txt' && ! grep -q FAILED '$p/trace-cmd.log'"
	events "$p" > "$tmp/$kind.events"
	got=$(awk '{ printf "%s%s=%s", (NR > 1 ? " " : ""), $2, $1 }' "$tmp/$kind.events")
	need="sched_switch sched_wakeup sched_migrate_task"
	[ $kind = patched ] && need="$need sched_dl_place"
	for e in $need; do
		check "$kind: trace-cmd reads $e events from trace.dat ($got)" \
			sh -c "awk -v e=$e '\$2 == e && \$1 > 0 { ok = 1 } END { exit !ok }' '$tmp/$kind.events'"
	done
	check "$kind: no events lost (trace-cmd.log: $(grep -c '^lost cpu[0-9]*: 0$' "$p/trace-cmd.log") CPUs with 0)" \
		sh -c "test \$(grep -c '^lost cpu[0-9]*: 0\$' '$p/trace-cmd.log') = 8 && test \$(grep -c '^lost ' '$p/trace-cmd.log') = 8"
	# trace.txt: trace-cmd's "cpus=N", then lines of the ftrace text form
	# TASK-PID [CPU] SECONDS: EVENT: ARGS that Perfetto's text importer reads
	check "$kind: trace.txt starts with cpus=8, then every line is TASK-PID [CPU] SECONDS: EVENT: ARGS ($(($(wc -l < "$p/trace.txt") - 1)) lines)" \
		sh -c "test \"\$(head -1 '$p/trace.txt')\" = cpus=8 && test \$(wc -l < '$p/trace.txt') -gt 1 &&
			! sed 1d '$p/trace.txt' | grep -v '^ *.*-[0-9][0-9]* *\[00[0-7]\] *[0-9][0-9]*\.[0-9]\{9\}: [a-z_][a-z_]*: '"
	n=$(awk '$2 == "sched_switch" { print $1 }' "$tmp/$kind.events")
	check "$kind: trace.txt has as many sched_switch lines as trace.dat has events (${n:-none}), each in the kernel's key=value form" \
		sh -c "test -n '$n' && test \"\$(grep -c ' sched_switch: *prev_comm=.* prev_pid=[0-9]* prev_prio=-\{0,1\}[0-9]* prev_state=[A-Za-z+|]* ==> next_comm=.* next_pid=[0-9]* next_prio=-\{0,1\}[0-9]*\$' '$p/trace.txt')\" = '$n'"
done
p=$1/traced
grep 'sched_dl_place' "$p/placements.trace" | sed 's/.*sched_dl_place: *//' | sort > "$tmp/top"
trace-cmd report -i "$p/trace.dat" 2> /dev/null | grep ' sched_dl_place: ' | sed 's/.*sched_dl_place: *//' | sort > "$tmp/inst"
check "patched: placements.trace (the top-level buffer) kept its events: the same $(wc -l < "$tmp/top") sched_dl_place events as trace.dat, and no sched_switch" \
	sh -c "test -s '$tmp/top' && cmp -s '$tmp/top' '$tmp/inst' && ! grep -q sched_switch '$p/placements.trace'"
# The series' events as user space reads them: the kernel exports the
# names of its enums (TRACE_DEFINE_ENUM()), so the formats trace.dat keeps
# have numbers where the source has DL_PLACE_*/DL_ADM_FROM_*, which
# trace-cmd (and Perfetto) could not resolve; every field by name.
trace-cmd report -i "$p/trace.dat" --events 2> /dev/null > "$tmp/formats"
# fmt EVENT: its print fmt line; fields EVENT: its own fields' names
fmt() { awk -v e="$1" '$1 == "name:" { on = $2 == e } on && /^print fmt:/' "$tmp/formats"; }
fields() {
	awk -v e="$1" '$1 == "name:" { on = $2 == e } on && /field:/ && !/common_/ {
		sub(/;.*/, ""); sub(/\[.*/, ""); n = split($0, w, /[ *]/); printf "%s%s", sep, w[n]; sep = " " }' "$tmp/formats"
}
symbolic='{ 0, "'
for e in sched_dl_place sched_dl_admission_refused; do
	f=$(fmt $e)
	check "patched: trace.dat's $e format has numbers for its enums' names ($(grep -o '{ [^}]*}' <<< "$f" | head -1))" \
		sh -c 'case "$1" in *"$2"*) ;; *) exit 1 ;; esac; ! printf "%s" "$1" | grep -q "{ *[A-Za-z_]"' _ "$f" "$symbolic"
done
check "patched: sched_dl_place's fields: $(fields sched_dl_place)" \
	test "$(fields sched_dl_place)" = "comm pid path from to reason deadline pol_deadline density"
check "patched: sched_dl_admission_refused's fields: $(fields sched_dl_admission_refused)" \
	test "$(fields sched_dl_admission_refused)" = "comm pid source cpu old_bw new_bw total_bw limit"
check "patched: every sched_dl_place line of trace.txt names its path and reason ($(grep -c ' sched_dl_place: ' "$p/trace.txt") lines)" \
	sh -c "grep -q ' sched_dl_place: ' '$p/trace.txt' && ! grep ' sched_dl_place: ' '$p/trace.txt' | grep -v ' path=\(wakeup\|push\) from=-\{0,1\}[0-9]* to=-\{0,1\}[0-9]* reason=[a-z][a-z-]* deadline=[0-9]* pol_deadline=[0-9]* density=[0-9]*\$'"
check "stock: trace-cmd.log names no sched_dl_* event (stock has none) and misses none of the four it asks for" \
	sh -c "grep -q '^events: sched_switch sched_wakeup sched_waking sched_migrate_task\$' '$2/traced/trace-cmd.log' && grep -q '^missing: none\$' '$2/traced/trace-cmd.log'"
exit $assert_failed
