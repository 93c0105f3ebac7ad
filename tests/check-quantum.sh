#!/bin/bash
# Checks on two boots of tests/plans/quantum.plan in the quantum mode
# (symmetric8): a vCPU's speed does not depend on how many are busy, a
# wake-up at full load waits at most 20 us (p99), no job is late, and the
# second boot repeats the first byte for byte. Prints PASS:/FAIL: lines.
#
# Usage: tests/check-quantum.sh RUN_A RUN_B
set -u
. "$(dirname "$0")/assert.sh"	# pass, fail, cols
a=${1:?usage: check-quantum.sh RUN_A RUN_B} b=${2:?}
# mean response (ms) of a point's jobs
mean_response() { cols "$1/jobs.csv" response_ns | awk '{ s += $1 } END { if (NR) printf "%.4f", s / NR / 1e6 }'; }

for p in speed1 speed8 load8; do
	[ -r "$a/$p/jobs.csv" ] || { fail "$p: no jobs.csv in $a"; exit 1; }
done

# 1. Speed: the same loop takes the same guest time with 1 and 8 busy vCPUs.
r1=$(mean_response "$a/speed1") r8=$(mean_response "$a/speed8")
if awk -v x="$r1" -v y="$r8" 'BEGIN { d = (y - x) / x; exit !(d < 0.01 && d > -0.01) }'; then
	pass "speed: a fixed loop takes $r1 ms with 1 busy vCPU, $r8 ms with 8 (within 1%)"
else
	fail "speed: a fixed loop takes $r1 ms with 1 busy vCPU, $r8 ms with 8 (more than 1% apart)"
fi

# 2. Wake-up latency (start - release) and lateness with all 8 vCPUs busy.
read -r n p99 late < <(cols "$a/load8/jobs.csv" release_ns start_ns lateness_ns |
	awk -F, '{ print $2 - $1, $3 }' | sort -n |
	awk '{ w[NR] = $1; if ($2 > 0) late++ }
	     END { i = int(NR * 0.99); if (i < NR * 0.99) i++; printf "%d %.1f %d\n", NR, w[i] / 1e3, late }')
if [ "${n:-0}" -gt 0 ] && awk -v p="$p99" 'BEGIN { exit !(p <= 20) }'; then
	pass "wake-up at full load: p99 $p99 us over $n jobs (bound 20 us)"
else
	fail "wake-up at full load: p99 ${p99:-?} us over ${n:-0} jobs (bound 20 us)"
fi
if [ "${late:-1}" = 0 ]; then
	pass "full load, 6 ms of work in 8 ms of runtime: no job late ($n jobs)"
else
	fail "full load: $late of $n jobs late"
fi

# 3. Determinism: the second boot gives the same bytes.
for p in speed1 speed8 load8; do
	if cmp -s "$a/$p/jobs.csv" "$b/$p/jobs.csv"; then
		pass "determinism: $p gives the same jobs.csv in two quantum-mode boots"
	else
		fail "determinism: $p differs between two quantum-mode boots"
	fi
done
exit $assert_failed
