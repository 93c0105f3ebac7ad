#!/bin/bash
# dlprobe (probes/), natively: the unit tests of its statistics, CPU
# lists and migration counts, bad arguments refused with one line and
# exit 2, a short run of each probe on the host (dlpush: as root, with
# sched_rt_runtime_us back in place after it and after a SIGTERM), and scripts/fidelity-v2-table.sh on canned CSVs
# (tests/data/fidelity-v2) whose table values are known, and
# scripts/wake-sweep.sh on canned histories (tests/data/wake-sweep; CPUs 0
# and 7, and 1 and 7 by WAKE_SWEEP_CPUS) and
# scripts/wake-trace.sh on a canned trace (tests/data/wake-trace), and
# scripts/clockwrap-table.sh on a canned scan (tests/data/clockwrap) and
# scripts/phase-history.sh on canned histories (tests/data/phase-history). Seconds, no QEMU.
# Prints PASS:/FAIL: lines.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
make -s -C "$top/probes" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; echo "FAIL: dlprobe builds natively"; exit 1; }
P=$top/probes/build/dlprobe
bad=0
for t in "$top"/probes/build/test_*; do
	"$t" || bad=1
done

# refused ARGS...: exit 2 with exactly one line on stderr
refused() {
	"$P" "$@" > "$tmp/out" 2> "$tmp/err"
	local rc=$?
	check "dlprobe $* refused (exit $rc, $(wc -l < "$tmp/err") line): $(head -1 "$tmp/err")" \
		test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a ! -s "$tmp/out"
}
refused nosuchmode
refused wakeup -c x
refused wakeup -c 0 -b 3-1
refused wakeup -c 0 -w 1000 -p 1000
refused loop -c 0 -n 0
refused handoff -a 1 -t 1
refused handoff -a 0 -t 1 -m sleep
refused monotonic -b 0 -d 10
refused clockwrap -c 0 -b 0-1
refused clockwrap -c 0 -b 1 -w 10 -s 20
refused clockwrap -c 0 -b 1 -i 1
refused dlpush -a 0
refused dlpush -a 1 -b 1
refused dlpush -a 0 -b 1 -d 0
refused dlpush -a 0 -b 1 -t 5000 -g 5000
refused dlpush -a 0 -b 1 -w 300
refused dlpush -a 0 -b 1 -r 9600

ncpu=$(nproc)
if [ "$ncpu" -ge 2 ]; then
	# one clock on the host: never behind, never a step back
	"$P" monotonic -b 0-1 -d 200 > "$tmp/mono.csv"
	check "host: two readers, 200 ms, no reading behind another CPU's or its own" \
		awk -F, 'NR > 1 { n++; if ($2 < 1000 || $3 || $5 || $7) bad = 1 } END { exit bad || n != 2 }' "$tmp/mono.csv"
	"$P" handoff -a 0 -t 1 -n 200 > "$tmp/h.csv"
	check "host: 200 hand-offs 0 <-> 1 counted" awk -F, 'NR == 2 { exit $5 != 200 }' "$tmp/h.csv"
fi
# dlpush: SCHED_DEADLINE pushes between CPUs 0 and 1 for 300 ms, and
# admission control (sched_rt_runtime_us) back as found: after the run,
# and after a SIGTERM in the middle of a longer one
rtr=/proc/sys/kernel/sched_rt_runtime_us
if [ "$ncpu" -lt 2 ]; then
	echo "SKIP: host dlpush ($ncpu CPU: needs CPUs 0 and 1)"
elif [ "$(id -u)" != 0 ] || [ ! -w "$rtr" ]; then
	echo "SKIP: host dlpush (not root, or $rtr not writable: the probe turns SCHED_DEADLINE admission control off to pin its kickers)"
else
	was=$(cat "$rtr")
	"$P" dlpush -a 0 -b 1 -d 300 > "$tmp/dl.csv" 2> "$tmp/dl.err"
	rc=$?
	check "host dlpush: ran (exit $rc) $(head -1 "$tmp/dl.err")" test $rc = 0
	check "host dlpush: $rtr $was before, $(cat "$rtr") after, the row's rt_runtime_us $(cell "$tmp/dl.csv" direction 'A->B' rt_runtime_us)" \
		test "$(cat "$rtr")" = "$was" -a "$(cell "$tmp/dl.csv" direction 'A->B' rt_runtime_us)" = "$was"
	for d in 'A->B' 'B->A'; do
		row=$(cols "$tmp/dl.csv" direction cpu_from cpu_to migrations p50_ns p99_ns max_ns long_moves kicks | grep "^$d,")
		check "host dlpush $d: at least 10 migrations, at most one per kick of cpu_from's kicker, 1 us < p50 <= p99 <= max <= 1 ms: $row" \
			awk -F, -v d="$d" '{ n++; ok = ($2 == (d == "A->B" ? 0 : 1) && $3 == 1 - $2 && $4 >= 10 && $4 <= $9 &&
				$5 > 1000 && $5 <= $6 && $6 <= $7 && $7 <= 1000000) } END { exit !(n == 1 && ok) }' <<< "$row"
	done
	# the part on the CPU left: one per move at most, a kick matched to
	# most moves, within the move it is part of (one clock on the host)
	for d in 'A->B' 'B->A'; do
		row=$(cols "$tmp/dl.csv" direction migrations p50_ns leaves leave_p50_ns leave_p99_ns | grep "^$d,")
		check "host dlpush $d: leaves (moves matched to a kick) over half the migrations, at most all; 0 < leave_p50 <= leave_p99 <= 1 ms, leave_p50 < p50: $row" \
			awk -F, '{ n++; ok = ($4 * 2 > $2 && $4 <= $2 && $5 > 0 && $5 <= $6 && $6 <= 1000000 && $5 < $3) } END { exit !(n == 1 && ok) }' <<< "$row"
	done
	check "host dlpush: the mover alternates, moves (migrations + long_moves) each way differ by 1 at most: $(cols "$tmp/dl.csv" migrations long_moves | paste -sd' ')" \
		awk -F, '{ m[NR] = $1 + $2 } END { exit !(NR == 2 && m[1] - m[2] <= 1 && m[2] - m[1] <= 1) }' <(cols "$tmp/dl.csv" migrations long_moves)
	"$P" dlpush -a 0 -b 1 -d 10000 > "$tmp/dlk.csv" 2> "$tmp/dlk.err" &
	pid=$!
	for _ in $(seq 50); do
		during=$(cat "$rtr")
		[ "$during" = -1 ] && break
		sleep 0.04
	done
	sleep 0.2
	kill -TERM "$pid"
	wait "$pid"
	rc=$?
	check "host dlpush: -1 in $rtr during a run ($during), $was again after its SIGTERM (exit $rc, $(cat "$rtr")), no CSV" \
		test "$during" = -1 -a $rc = 143 -a "$(cat "$rtr")" = "$was" -a ! -s "$tmp/dlk.csv"
fi
if [ "$(uname -m)" != aarch64 ]; then
	"$P" clockwrap -c 0 -b 1 > "$tmp/cw.csv" 2> "$tmp/cw.err"
	rc=$?
	check "host ($(uname -m)): clockwrap refuses to run without arm64's counter (exit $rc, nothing on stdout)" \
		test $rc = 1 -a ! -s "$tmp/cw.csv" -a "$(wc -l < "$tmp/cw.err")" = 1
fi
if "$P" wakeup -c 0 -n 50 > "$tmp/w.csv" 2> "$tmp/w.err"; then
	check "host: 50 wake-ups, latency 0 < min <= p50 <= p99 <= max" \
		awk -F, 'NR == 2 { exit !($3 == 50 && $6 > 0 && $6 <= $7 && $7 <= $8 && $8 <= $9) }' "$tmp/w.csv"
else
	echo "SKIP: host wake-up probe ($(cat "$tmp/w.err"))"
fi

mkdir -p "$tmp/cw"
cp "$top/tests/data/clockwrap/clockwrap.csv" "$tmp/cw/"
"$top/scripts/clockwrap-table.sh" "$tmp/cw" 2> /dev/null
check "clockwrap-table: 3 steps summed per point (behind in 2 steps, 12 readings, deepest 9000 ns; ticks 2 steps, 3, 700 ns)" \
	grep -qx 'q10,10000,wrap,996000000,3,3000,2,12,9000,2,3,700,0,0,0,0.000' "$tmp/cw/summary.csv"
check "clockwrap-table: jumps in 2 of 3 steps, 5 of them, the largest 2200.018 s" \
	grep -qx 'q10,10000,wrap0,0,3,6000,2,4,6000,0,0,0,4,2,5,2200.018' "$tmp/cw/summary.csv"
sed 's/,jumps,/,jumpz,/' "$top/tests/data/clockwrap/clockwrap.csv" > "$tmp/cw/clockwrap.csv"
"$top/scripts/clockwrap-table.sh" "$tmp/cw" > /dev/null 2> "$tmp/cw.err"
rc=$?
check "clockwrap-table: a missing column refused (exit $rc): $(head -1 "$tmp/cw.err")" \
	test $rc = 2 -a "$(grep -c 'no column jumps' "$tmp/cw.err")" = 1
"$top/scripts/phase-history.sh" "$tmp/ph" "$top/tests/data/phase-history/a.csv" "$top/tests/data/phase-history/b.csv" 2> /dev/null
check "phase-history: l1 big late 248 then 124 across two histories: spread 124, largest lateness 12.365 ms" \
	grep -qx 'l1,big,248,124,124,248,124,12.365' "$tmp/ph/spread.csv"
check "phase-history: l0 small 0 and 1 late (rows in another order): spread 1" \
	grep -qx 'l0,small,0,1,0,1,1,0.5' "$tmp/ph/spread.csv"
check "phase-history summary: big over 2 phases x 2 histories: 4 starts late, 8 to 248, 1 phase moved by 124" \
	grep -qx 'l,big,2,4,4,8,248,1,124' "$tmp/ph/summary.csv"
check "phase-history summary: small: 1 of 4 starts late, 0 to 1, 1 phase moved by 1" \
	grep -qx 'l,small,2,4,1,0,1,1,1' "$tmp/ph/summary.csv"
grep -v '^hb,1,l0,small,' "$top/tests/data/phase-history/b.csv" > "$tmp/b-short.csv"
"$top/scripts/phase-history.sh" "$tmp/ph2" "$top/tests/data/phase-history/a.csv" "$tmp/b-short.csv" > /dev/null 2> "$tmp/ph.err"
rc=$?
check "phase-history: a history without a point refused (exit $rc, one line): $(head -1 "$tmp/ph.err")" \
	test $rc = 2 -a "$(wc -l < "$tmp/ph.err")" = 1 -a ! -e "$tmp/ph2/spread.csv"
FIDELITY_V2_KERNEL=no-such-variant "$top/scripts/bench-fidelity-v2.sh" "$tmp/bf" x=/bin/true > /dev/null 2> "$tmp/bf.err"
rc=$?
check "bench-fidelity-v2: an unknown FIDELITY_V2_KERNEL refused before any build (exit $rc): $(head -1 "$tmp/bf.err")" \
	test $rc = 2 -a "$(wc -l < "$tmp/bf.err")" = 1 -a ! -e "$tmp/bf"
# on a copy: the script writes monotonic-summary.csv beside its input
cp -r "$top/tests/data/fidelity-v2" "$tmp/fv2"
"$top/scripts/fidelity-v2-table.sh" "$tmp/fv2" > "$tmp/table.md"
check "table: index bias 4.00 vs 12.00 us is +8.00, ladder 1.00 x and 3.00 x" \
	grep -qF '| before | symmetric8 | 4.00 | 12.00 (CPU 7) | +8.00 | 1.00 x | 3.00 x |' "$tmp/table.md"
check "table: clock 400 reads, 30 behind (7.50%), window 9.92 us, CPU 0 never behind" \
	grep -qF '| before | symmetric8 | 10000 | 400 | 7.50% | 9.92 | 0 | 3.75% | 4.00 | 0 | 0 |' "$tmp/table.md"
check "table: loop 1024000 / 462000 ns is the capacity ratio 1024/462 exactly" \
	grep -qF '| before | hikey960 | 8 | 1024000 (cap 462) | 462000 (cap 1024) | 2.216450 | 2.216450 | +0.0000% |' "$tmp/table.md"
# scripts/wake-sweep.sh on three canned histories (tests/data/wake-sweep):
# busy8 p99 differences 100, 200, 300 ns: mean 200, sd 100, 95% t interval
# 200 -+ 4.303 x 100 / sqrt(3); b ran CPU 7 first; x lacks wake7-busy8.
ws=$top/tests/data/wake-sweep
"$top/scripts/wake-sweep.sh" "$tmp/ws" "$ws/a" "$ws/b" "$ws/c" > /dev/null 2>&1
check "wake-sweep: pair b (CPU 7 first) busy8 p50 +16, p99 +200, mean -100 ns" \
	grep -qxF 'b,7,8,2896,2912,16,4000,4200,200,3200.0,3100.0,-100.0' "$tmp/ws/pairs.csv"
check "wake-sweep: busy8 p99 over 3 histories: mean 200, interval -48.4 to 448.4 ns, within 500" \
	grep -qxF '8,p99,3,200.0,100.0,-48.4,448.4,100.0,300.0,yes' "$tmp/ws/summary.csv"
check "wake-sweep: busy8 mean, interval -396.9 to 596.9 ns, not within 500" \
	grep -qxF '8,mean,3,100.0,200.0,-396.9,596.9,-100.0,300.0,no' "$tmp/ws/summary.csv"
"$top/scripts/wake-sweep.sh" "$tmp/ws2" "$ws/a" "$ws/broken" > /dev/null 2> "$tmp/ws.err"
rc=$?
check "wake-sweep: a history without wake7-busy8 refused (exit $rc, $(wc -l < "$tmp/ws.err") line): $(head -1 "$tmp/ws.err")" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/ws.err")" = 1
# WAKE_SWEEP_CPUS="1 7" on histories with wake0, wake1 and wake7 points
# (tests/data/wake-sweep/cpus1-7-*): wake0's 9999 ns decoys come after the
# pair's points and must not count; d ran CPU 1 first, e CPU 7.
WAKE_SWEEP_CPUS="1 7" "$top/scripts/wake-sweep.sh" "$tmp/ws3" "$ws/cpus1-7-d" "$ws/cpus1-7-e" > /dev/null 2>&1
check "wake-sweep CPUs 1 7: columns named p50_cpu1_ns, p50_cpu7_ns, ..." \
	grep -qx 'history,first,busy,p50_cpu1_ns,p50_cpu7_ns,d_p50_ns,p99_cpu1_ns,p99_cpu7_ns,d_p99_ns,mean_cpu1_ns,mean_cpu7_ns,d_mean_ns' "$tmp/ws3/pairs.csv"
check "wake-sweep CPUs 1 7: d (CPU 1 first) busy8 p99 4000 vs 4300, +300, CPU 0 left out" \
	grep -qxF 'd,1,8,2896,2900,4,4000,4300,300,3200.0,3250.0,50.0' "$tmp/ws3/pairs.csv"
check "wake-sweep CPUs 1 7: e (CPU 7 first) busy8 p99 +100, CPU 0 left out" \
	grep -qxF 'e,7,8,2896,2896,0,4100,4200,100,3200.0,3200.0,0.0' "$tmp/ws3/pairs.csv"
WAKE_SWEEP_CPUS="1 x" "$top/scripts/wake-sweep.sh" "$tmp/ws4" "$ws/cpus1-7-d" "$ws/cpus1-7-e" > /dev/null 2> "$tmp/ws.err"
rc=$?
check "wake-sweep: WAKE_SWEEP_CPUS '1 x' refused naming it (exit $rc, $(wc -l < "$tmp/ws.err") line): $(head -1 "$tmp/ws.err")" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/ws.err")" = 1 -a "$(grep -c "WAKE_SWEEP_CPUS '1 x'" "$tmp/ws.err")" = 1
# scripts/wake-trace.sh on a canned trace (tests/data/wake-trace/tr7): a
# setup wake-up, 20 warm-up and 8 kept periods, then one off the grid; kept
# periods 1 and 5 are 600 ns late to the waking and 4000 ns (else 3400) to
# the switch-in; a prio-49 waking for CPU 2 between the probe's waking and switch-in is not the probe's.
"$top/scripts/wake-trace.sh" "$top/tests/data/wake-trace/tr7" > "$tmp/wt.csv" 2>&1
check "wake-trace: periods 1 and 5 (k mod 4 = 1): waking +600, switch 4000 ns" \
	grep -qxF 'tr7,7,1,2,600,4000,4600' "$tmp/wt.csv"
check "wake-trace: the other groups 2 periods each at 0 and 3400 ns" \
	test "$(grep -cxE 'tr7,7,[023],2,0,3400,3400' "$tmp/wt.csv")" = 3
[ "$assert_failed" = 0 ] && [ "$bad" = 0 ]
