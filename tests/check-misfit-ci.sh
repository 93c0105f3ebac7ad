#!/bin/bash
# scripts/misfit-ci.sh (issue 30's 5% goal over task sets, with intervals)
# on a canned shares.csv whose numbers are worked out by hand below, and
# its refusals (no shares.csv; no task that fits no LITTLE CPU).
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$top/analysis" > /dev/null 2>&1 || { echo "FAIL: analysis/ builds (make -C analysis)"; exit 1; }

# HiKey960: tasks of density > 462/1024 fit no LITTLE CPU. U = 3, three sets:
#   seed 1: series: task0 (0.6) 0.30 on the LITTLE, task1 (0.7) 0.10 -> 0.20;
#           migrate: 0.02 and 0 (no LITTLE row) -> 0.01; task2 (0.2, all
#           on a LITTLE) is no misfit task and counts nowhere
#   seed 2: series 0.40, migrate 0.04
#   seed 3: no misfit task: left out
# series: sets 2, mean 0.30, interval 0.20-0.40; migrate: 0.025,
# 0.01-0.04, below 5%; migrate - series: -0.19 and -0.36, mean -0.275,
# exact sign-flip p over 2 pairs 0.5
d=$tmp/res/sweeps/canned
mkdir -p "$d"
{
	echo "topology,policy,u,seed,task,instance,density,capacity,share,replicate"
	echo "hikey960,series,3,1,task0,0,0.600000,1024,0.7000,1"
	echo "hikey960,series,3,1,task0,0,0.600000,462,0.3000,1"
	echo "hikey960,series,3,1,task1,0,0.700000,1024,0.9000,1"
	echo "hikey960,series,3,1,task1,0,0.700000,462,0.1000,1"
	echo "hikey960,series,3,1,task2,0,0.200000,462,1.0000,1"
	echo "hikey960,migrate,3,1,task0,0,0.600000,1024,0.9800,1"
	echo "hikey960,migrate,3,1,task0,0,0.600000,462,0.0200,1"
	echo "hikey960,migrate,3,1,task1,0,0.700000,1024,1.0000,1"
	echo "hikey960,migrate,3,1,task2,0,0.200000,462,1.0000,1"
	echo "hikey960,series,3,2,task0,0,0.600000,1024,0.6000,1"
	echo "hikey960,series,3,2,task0,0,0.600000,462,0.4000,1"
	echo "hikey960,migrate,3,2,task0,0,0.600000,1024,0.9600,1"
	echo "hikey960,migrate,3,2,task0,0,0.600000,462,0.0400,1"
	echo "hikey960,series,3,3,task0,0,0.200000,462,1.0000,1"
	echo "hikey960,migrate,3,3,task0,0,0.200000,462,1.0000,1"
} > "$d/shares.csv"
DLCAP_RESULTS=$tmp/res "$top/scripts/misfit-ci.sh" canned > "$tmp/ci.csv" 2> "$tmp/err"; rc=$?
check "misfit-ci.sh: exit 0, a header and 2 rows ($rc, $(wc -l < "$tmp/ci.csv") lines; $(head -1 "$tmp/err"))" \
	test "$rc" = 0 -a "$(wc -l < "$tmp/ci.csv")" = 3
is "series: 2 sets (seed 3 has no misfit task), mean of the set means 0.30, interval 0.20-0.40, not below 5%" \
	"$(grep '^hikey960,series,3,' "$tmp/ci.csv")" "hikey960,series,3,2,0.3000,0.2000,0.4000,0,,,,"
is "migrate: 0.025 in 0.01-0.04, below 5%; paired with series -0.275 (-0.36 to -0.19), Holm p 0.5" \
	"$(grep '^hikey960,migrate,3,' "$tmp/ci.csv")" "hikey960,migrate,3,2,0.0250,0.0100,0.0400,1,-0.2750,-0.3600,-0.1900,0.5000"

# refusals: one line naming what is missing, exit 2
DLCAP_RESULTS=$tmp/none "$top/scripts/misfit-ci.sh" canned > "$tmp/out" 2> "$tmp/err"; rc=$?
check "no shares.csv: exit 2, one line naming it ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a "$(grep -c 'none/sweeps/canned/shares.csv' "$tmp/err")" = 1
grep -v ',0.[67]00000,' "$d/shares.csv" > "$tmp/s" && mv "$tmp/s" "$d/shares.csv"
DLCAP_RESULTS=$tmp/res "$top/scripts/misfit-ci.sh" canned > "$tmp/out" 2> "$tmp/err"; rc=$?
check "no task that fits no LITTLE CPU: exit 2, one line ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a ! -s "$tmp/out"
[ "$assert_failed" = 0 ]
