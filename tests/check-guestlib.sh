#!/bin/bash
# The guest shell library (initramfs/dl.sh) on the host: each function run
# by dash (POSIX sh, as busybox sh in the guest) on canned debugfs text
# (DL_DEBUGFS), a canned tasks.csv and canned files to write; usleep is a
# stand-in that counts dl_drain's ticks and lets the bandwidth drain.
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
# usage: tests/check-guestlib.sh [LIBRARY]  (default initramfs/dl.sh; another
# file shows the checks fail on a broken copy)
set -euo pipefail
. "$(dirname "$0")/assert.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
lib=$(realpath "${1:-$top/initramfs/dl.sh}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v dash > /dev/null || { echo "FAIL: no dash on the host to run initramfs/dl.sh as POSIX sh"; exit 1; }

# run_dl FS CODE: run CODE in dash with the library loaded and DL_DEBUGFS=FS
run_dl() {
	DL_DEBUGFS=$1 DL_SHARE=$top/initramfs dash -c ". '$lib'
usleep() { ticks=\$((\${ticks:-0} + 1)); [ \$ticks != \"\${drain_at:-}\" ] || cp \"$1/drained\" \"$1/sched/debug\"; }
$2" 2>&1
}
# debug FILE TOTAL_BW...: sched/debug text with one dl_rq per value, as
# kernel/sched/debug.c prints it
debug() {
	local f=$1 i=0; shift
	mkdir -p "$(dirname "$f")"
	for bw in "$@"; do
		printf 'dl_rq[%d]:\n  .%-30s: %d\n  .%-30s: %d\n  .%-30s: %d\n\n' "$i" dl_nr_running 0 \
			'dl_bw->bw' 996147 'dl_bw->total_bw' "$bw"
		i=$((i + 1))
	done > "$f"
}

# 6.1 idle: every CPU 0. 6.12 after a cpuset split of HiKey960: the little
# root domain holds its 4 fair servers (4 x 52428), the big one those and
# 2 x 0.5 CPU (+ 2 x 524288): the larger has more digits, the smaller sorts
# after it as text.
debug "$tmp/idle/sched/debug" 0 0 0 0
debug "$tmp/split/sched/debug" 209712 209712 1258288 1258288
is "dl_bw_max: 0 on an idle 6.1" "$(run_dl "$tmp/idle" dl_bw_max)" 0
is "dl_bw_max: the larger root domain, compared as numbers" "$(run_dl "$tmp/split" dl_bw_max)" 1258288
is "dl_bw_max: 0 without sched/debug" "$(run_dl "$tmp/none" dl_bw_max)" 0
is "dl_bw_each: each root domain's value once, sorted as text, a space after each" \
	"$(run_dl "$tmp/split" 'echo "[$(dl_bw_each)]"')" "[1258288 209712 ]"
is "dl_bw_each: '0 ' on an idle 6.1 (tests/check-uniform-hotplug.sh's 'total_bw after: 0 ')" \
	"$(run_dl "$tmp/idle" 'echo "[$(dl_bw_each)]"')" "[0 ]"

# dl_drain: 6.12 at boot (8 fair servers, 419424), two tasks of 0.5 CPU
# still allocated until tick 3; and an idle 6.12, which uniform-switch.sh's
# old wait for 0 took for bandwidth still allocated.
debug "$tmp/612/sched/debug" 1468000 1468000
debug "$tmp/612/drained" 419424 419424
is "dl_drain: waits until the bandwidth is back at the boot value (ticks, status)" \
	"$(run_dl "$tmp/612" 'drain_at=3; dl_drain 419424 200; echo "${ticks:-0} $?"')" "3 0"
cp "$tmp/612/drained" "$tmp/612/sched/debug"
is "dl_drain: no wait on 6.12 at its boot value, the fair servers' (not 0)" \
	"$(run_dl "$tmp/612" 'dl_drain 419424 100; echo "${ticks:-0} $?"')" "0 0"
debug "$tmp/612/sched/debug" 1468000 1468000
is "dl_drain: gives up after TICKS ticks with status 1 while more is allocated" \
	"$(run_dl "$tmp/612" 'dl_drain 419424 7; echo "${ticks:-0} $?"')" "7 1"

# dl_admitted: tasks.csv with the column in two places (by name, not position)
printf 'task,instance,admitted,policy\ndl,0,1,SCHED_DEADLINE\ndl,1,0,SCHED_DEADLINE\ndl,2,1,SCHED_DEADLINE\nfifo,0,1,SCHED_FIFO\n' > "$tmp/a.csv"
printf 'admitted,task,instance\n0,dl,0\n1,dl,1\n0,dl,2\n' > "$tmp/b.csv"
is "dl_admitted: rows whose admitted column is 1 (3rd column)" "$(run_dl "$tmp" "dl_admitted '$tmp/a.csv'")" 3
is "dl_admitted: ... and in the 1st column" "$(run_dl "$tmp" "dl_admitted '$tmp/b.csv'")" 1
printf 'task,instance\ndl,0\n' > "$tmp/c.csv"
is "dl_admitted: a tasks.csv without the column names it" \
	"$(run_dl "$tmp" "dl_admitted '$tmp/c.csv' 2>&1 >/dev/null")" "$tmp/c.csv: no column admitted"

# dl_knob
printf 'cpus [capacity] uniform\n' > "$tmp/knob"
is "dl_knob: the bracketed value" "$(run_dl "$tmp" "dl_knob '$tmp/knob'")" capacity

# dl_fair_servers: 12 CPUs (cpu10 sorts before cpu2 as text), runtimes apart
for i in $(seq 0 11); do
	mkdir -p "$tmp/fs/sched/fair_server/cpu$i"
	echo $((50000000 + i)) > "$tmp/fs/sched/fair_server/cpu$i/runtime"
	echo 1000000000 > "$tmp/fs/sched/fair_server/cpu$i/period"
done
want=$(for i in $(seq 0 11); do printf 'cpu%d=%d/1000000000 ' "$i" $((50000000 + i)); done)
is "dl_fair_servers: CPU by CPU in number order" "$(run_dl "$tmp/fs" dl_fair_servers)" "${want% }"
is "dl_fair_servers: nothing before 6.12" "$(run_dl "$tmp/idle" 'echo "[$(dl_fair_servers)]"')" "[]"

# dl_try_write: a write that succeeds, one the device refuses (/dev/full),
# and a file that cannot be opened
is "dl_try_write: allowed, and written" \
	"$(run_dl "$tmp" "dl_try_write offline 0 '$tmp/online' '$tmp/err'; echo \$? \$(cat '$tmp/online')")" \
	"offline: allowed
0 0"
is "dl_try_write: refused with the error's message, status 1" \
	"$(run_dl "$tmp" "dl_try_write 'switch when idle' uniform /dev/full '$tmp/err'; echo \$?")" \
	"switch when idle: refused: I/O error
1"
is "dl_try_write: a file that cannot be opened is refused too" \
	"$(run_dl "$tmp" "dl_try_write offline 0 '$tmp/no/online' '$tmp/err'")" "offline: refused: Directory nonexistent"

# dl_overruns: each CPU's overrun: line; a CPU without stats is left out
for c in 0:0 1:17; do
	mkdir -p "$tmp/tr/per_cpu/cpu${c%:*}"
	printf 'entries: 12\noverrun: %s\ncommit overrun: 3\n' "${c#*:}" > "$tmp/tr/per_cpu/cpu${c%:*}/stats"
done
mkdir -p "$tmp/tr/per_cpu/cpu2"
is "dl_overruns: 'cpuN COUNT' per CPU with stats" "$(run_dl "$tmp" "dl_overruns '$tmp/tr' | tr '\n' ';'")" "cpu0 0;cpu1 17;"

exit $assert_failed
