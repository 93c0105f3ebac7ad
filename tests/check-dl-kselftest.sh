#!/bin/bash
# dlselftest (kselftest/: dlcap's version of Juri Lelli's SCHED_DEADLINE
# kselftests RFC), natively: the unit test of its arithmetic and parsing,
# its list of tests and a bad test name refused; then
# scripts/dl-kselftest-table.sh and scripts/expect-dl-kselftest.sh on a
# canned run of stock 6.12 on HiKey960 (tests/data/dl-kselftest): the
# admission rule's predictions (5 of 8 tasks of 90%, 3 of 8 fair-server
# writes refused) and the check passing on them, and failing when a count
# or a verdict is made to disagree with the rule. Seconds, no QEMU; no test
# is run on the host (they would make SCHED_DEADLINE tasks here).
# Prints PASS:/FAIL: lines.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
make -s -C "$top/kselftest" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; echo "FAIL: dlselftest builds natively"; exit 1; }
bad=0
"$top/kselftest/build/test_calc" || bad=1
S=$top/kselftest/build/dlselftest
check "dlselftest -l lists the RFC's 7 tests in its order" \
	test "$("$S" -l | cut -f1 | tr '\n' ' ')" = "basic_scheduling parameter_validation bandwidth_admission bandwidth_overflow fair_server_bandwidth_validation fair_server_cpu_protection replenish_bug "
"$S" nosuchtest > "$tmp/out" 2> "$tmp/err"; rc=$?
check "dlselftest nosuchtest refused (exit $rc, $(wc -l < "$tmp/err") line): $(head -1 "$tmp/err")" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a ! -s "$tmp/out"

# the canned run, copied so that it can be broken
mkdir -p "$tmp/raw/stock-6.12"
cp -r "$top/tests/data/dl-kselftest/stock-6.12/hikey960" "$tmp/raw/stock-6.12/"
run=$tmp/raw/stock-6.12/hikey960
"$top/scripts/dl-kselftest-table.sh" "$run" > "$tmp/s.csv" 2> "$tmp/err"
check "table: 7 rows and a header, no complaint ($(head -1 "$tmp/err"))" \
	test "$(wc -l < "$tmp/s.csv")" = 8 -a ! -s "$tmp/err"
check "table: bandwidth_admission fails as predicted, 5 of 8 tasks of 90% admitted (cap_scale(996147, 5944) = 5782322, less 419424: 5362898, 5.68 tasks of 943718)" \
	grep -qxF 'stock-6.12,hikey960,bandwidth_admission,fail,fail,admitted 5 of 8,admitted 5 of 8,0' "$tmp/s.csv"
check "table: bandwidth_overflow fails before its extra task: 5 of the 7 admitted" \
	grep -qxF 'stock-6.12,hikey960,bandwidth_overflow,fail,fail,admitted 5 of 7,admitted 5 of 7,0' "$tmp/s.csv"
check "table: fair_server_bandwidth_validation passes on 3 refusals of 8 (CPUs 0-4 take 959.5 ms/s first)" \
	grep -qxF 'stock-6.12,hikey960,fair_server_bandwidth_validation,pass,pass,3 of 8 refused,3 of 8 refused,0' "$tmp/s.csv"
check "table: fair_server_cpu_protection 5% within 2-7%" \
	grep -qxF 'stock-6.12,hikey960,fair_server_cpu_protection,pass,pass,5%,2-7%,0' "$tmp/s.csv"
"$top/scripts/expect-dl-kselftest.sh" "$tmp/s.csv" > "$tmp/exp" 2>&1; rc=$?
check "expect: every verdict as the rule predicts (exit $rc: $(tail -1 "$tmp/exp"))" test "$rc" = 0

# the same run as if its tests had read the RT limit from /proc/sys (no
# "no /proc/sys" note): what they start from is the total_bw they measured
# after that read. 0 (6.12.118 drops the fair servers from total_bw,
# EXPERIMENTS.md section 23): 5782322 / 943718 = 6.13 tasks; 419424 (a
# kernel that keeps them): 5 again; no such line: refused
mkdir -p "$tmp/raw2/stock-6.12"
cp -r "$top/tests/data/dl-kselftest/stock-6.12/hikey960" "$tmp/raw2/stock-6.12/"
r2=$tmp/raw2/stock-6.12/hikey960
sed -i '/^#   no \/proc\/sys /d; s/^\(#   RT limit .*\)$/\1\n#   total_bw after reading the RT limit: 0/' "$r2"/*/selftest.txt
"$top/scripts/dl-kselftest-table.sh" "$r2" > "$tmp/s5.csv"
check "table: total_bw 0 after the RT limit read: bandwidth_admission predicted 6 of 8" \
	grep -qxF 'stock-6.12,hikey960,bandwidth_admission,fail,fail,admitted 5 of 8,admitted 6 of 8,0' "$tmp/s5.csv"
sed -i 's/^\(#   total_bw after reading the RT limit:\) 0$/\1 419424/' "$r2"/*/selftest.txt
"$top/scripts/dl-kselftest-table.sh" "$r2" > "$tmp/s6.csv"
check "table: total_bw 419424 after the read (servers kept): bandwidth_admission predicted 5 of 8, from the measured line" \
	grep -qxF 'stock-6.12,hikey960,bandwidth_admission,fail,fail,admitted 5 of 8,admitted 5 of 8,0' "$tmp/s6.csv"
sed -i '/^#   total_bw after reading the RT limit:/d' "$r2/bandwidth_overflow/selftest.txt"
"$top/scripts/dl-kselftest-table.sh" "$r2" > /dev/null 2> "$tmp/err"; rc=$?
check "table: a test that read /proc/sys without its total_bw line refused naming the file (exit $rc: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(grep -c 'bandwidth_overflow/selftest.txt: no "total_bw after reading' "$tmp/err")" = 1

# one more task admitted than the rule allows: the count disagrees
sed -i 's/admitted 5 of 8 tasks/admitted 6 of 8 tasks/' "$run/bandwidth_admission/selftest.txt"
"$top/scripts/dl-kselftest-table.sh" "$run" > "$tmp/s2.csv"
"$top/scripts/expect-dl-kselftest.sh" "$tmp/s2.csv" > "$tmp/exp" 2>&1; rc=$?
check "expect: 6 of 8 admitted where the rule gives 5 fails (exit $rc: $(grep -m1 '^FAIL' "$tmp/exp"))" \
	test "$rc" = 1 -a "$(grep -c '^FAIL' "$tmp/exp")" = 1
# a pass the rule says is a fail
sed -i 's/^not ok - bandwidth_overflow/ok - bandwidth_overflow/' "$run/bandwidth_overflow/selftest.txt"
"$top/scripts/dl-kselftest-table.sh" "$run" > "$tmp/s3.csv"
"$top/scripts/expect-dl-kselftest.sh" "$tmp/s3.csv" > "$tmp/exp" 2>&1; rc=$?
check "expect: bandwidth_overflow passing where the rule predicts a fail fails too (exit $rc, $(grep -c '^FAIL' "$tmp/exp") FAIL lines)" \
	test "$rc" = 1 -a "$(grep -c '^FAIL' "$tmp/exp")" = 2
# without fair servers (6.1): their tests are predicted skipped
sed -i '/^fair_server runtime/d; s/^dl_bw->total_bw at boot: .*/dl_bw->total_bw at boot: 0/' "$run/guest.txt"
"$top/scripts/dl-kselftest-table.sh" "$run" > "$tmp/s4.csv"
check "table: no fair servers in guest.txt: fair_server_cpu_protection predicted skip" \
	grep -qxF 'stock-6.12,hikey960,fair_server_cpu_protection,pass,skip,-,-,0' "$tmp/s4.csv"
# a test without its ok / not ok line
sed -i '/^ok - /d' "$run/basic_scheduling/selftest.txt"
"$top/scripts/dl-kselftest-table.sh" "$run" > /dev/null 2> "$tmp/err"; rc=$?
check "table: a test without a verdict line refused naming the file (exit $rc: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(grep -c 'basic_scheduling/selftest.txt' "$tmp/err")" = 1
[ "$assert_failed" = 0 ] && [ "$bad" = 0 ]
