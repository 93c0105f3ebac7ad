#!/bin/bash
# The fair-server A/B's tables (scripts/fsoff-table.sh --pairs and
# --by-source) on a canned points.csv whose numbers are worked out by hand
# below, and scripts/fsoff.sh refusing to boot without the headline sweeps'
# points of its four sets (an empty results/: no boot, exit 2, one line).
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Two sets, each run on and off in two boots (replicates 1, 2), and a
# point of another source that no pair or on/off line may count:
#   u3.5 s4: on 0.80 0.60, off 0.70 0.90 -> off - on -0.10 +0.30
#   u4.5 s2: on 0.50 0.70, off 0.50 0.30 -> off - on  0.00 -0.40
{
	echo "source,kernel,policy,u,seed,replicate,point,jobs,late_jobs,offered_work_ns,met_work_ns,work_frac,big_busy_ns,big_little,dl_r_to_fair,dl_r_to_idle,lone_push,lone_push_big,big_to_little"
	echo "on,patched-6.12,nonidle-fit,3.5,4,1,a,10,2,100,80,0.80,1,0.20,4,0,6,0,0"
	echo "off,patched-6.12,nonidle-fit,3.5,4,1,b,10,4,100,70,0.70,1,0.30,,0,2,0,0"
	echo "on,patched-6.12,nonidle-fit,3.5,4,2,c,10,6,100,60,0.60,1,0.40,8,0,4,0,0"
	echo "off,patched-6.12,nonidle-fit,3.5,4,2,d,10,0,100,90,0.90,1,0.10,,0,0,0,0"
	echo "on,patched-6.12,nonidle-fit,4.5,2,1,e,10,5,100,50,0.50,1,0.50,2,0,1,0,0"
	echo "off,patched-6.12,nonidle-fit,4.5,2,1,f,10,5,100,50,0.50,1,0.50,,0,1,0,0"
	echo "on,patched-6.12,nonidle-fit,4.5,2,2,g,10,3,100,70,0.70,1,0.30,6,0,3,0,0"
	echo "off,patched-6.12,nonidle-fit,4.5,2,2,h,10,7,100,30,0.30,1,0.70,,0,5,0,0"
	echo "plain612,patched-6.12,nonidle-fit,4.5,2,1,i,10,1,100,99,0.99,1,0.00,,0,0,0,0"
} > "$tmp/points.csv"
# pairs: per set, mean off - on, its sd, how many pairs off did more; "all"
# over the four pairs: -0.05, sd of (-0.10 0.30 0.00 -0.40) = 0.2887
is "fsoff-table --pairs: off - on per set and over all pairs, paired by boot" \
	"$("$top/scripts/fsoff-table.sh" --pairs "$tmp/points.csv")" \
	"policy,u,seed,pairs,off_minus_on,off_minus_on_sd,off_more
nonidle-fit,all,all,4,-0.0500,0.2887,1
nonidle-fit,3.5,4,2,+0.1000,0.2828,1
nonidle-fit,4.5,2,2,-0.2000,0.2828,0"
# by source, "on": sets' means 0.70 and 0.60 -> 0.65; sd 0.1414 in each
# with 2 points -> se sqrt(0.02/2 + 0.02/2) / 2 = 0.0707; late jobs
# (2+6+5+3)/4 = 4.0, LITTLE share (0.2+0.4+0.5+0.3)/4 = 0.35, lone pushes
# (6+4+1+3)/4 = 3.5, DL-to-fair switches (4+8+2+6)/4 = 5.0; "off" has no
# trace counts (empty); plain612 one point, no sd nor se
got=$("$top/scripts/fsoff-table.sh" --by-source "$tmp/points.csv")
is "fsoff-table --by-source: on over the sets (mean of the sets' means, standard error from their sd)" \
	"$(echo "$got" | grep '^nonidle-fit,all,all,on,')" "nonidle-fit,all,all,on,4,0.6500,0.5000,0.8000,,0.0707,4.0,0.3500,3.5,5.0"
is "fsoff-table --by-source: a set's off points (mean, range, sd; no trace count)" \
	"$(echo "$got" | grep '^nonidle-fit,4.5,2,off,')" "nonidle-fit,4.5,2,off,2,0.4000,0.3000,0.5000,0.1414,,6.0,0.6000,3.0,"
is "fsoff-table --by-source: another source's lone point keeps to its own lines" \
	"$(echo "$got" | grep -c ',plain612,')" 2

# fsoff.sh in an empty results/: the first sweep point it needs, named
mkdir -p "$tmp/results"
DLCAP_RESULTS=$tmp/results "$top/scripts/fsoff.sh" "$tmp/results/fsoff" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "fsoff.sh without the sweeps' points exits 2 with one line naming the first and its make target ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'sweeps/headline-hikey960-612/patched-6.12/hikey960/nonidle-fit-u3.5-s4/jobs.csv: run make sweep-headline-hikey960-612' '$tmp/err'"
check "... and booted nothing (results/ left empty)" \
	test -z "$(ls -A "$tmp/results")"
exit $assert_failed
