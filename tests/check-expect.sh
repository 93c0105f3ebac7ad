#!/bin/bash
# The expected-outcome checkers (scripts/expect-*.sh) and the tables they
# and the Makefile read or write (scripts/class-share.sh, tabulate.sh,
# overhead-table.sh, refused-log.sh) on
# small fixtures (tests/data/expect/), without QEMU (seconds). Each checker
# must pass the fixture that holds its expectation and fail each copy of it
# with one thing broken; each table must give the values derived by hand
# from its fixture, and refuse bad input with a non-zero exit.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
s=$top/scripts
data=$top/tests/data/expect

# holds WHAT COMMAND...: the checker passes, saying the expectation holds
holds() {
	local what=$1; shift
	"$@" > "$tmp/out" 2>&1; local rc=$?
	check "$what (exit $rc)" sh -c "test $rc = 0 && grep -q '^expected outcome holds' '$tmp/out' && ! grep -q FAIL '$tmp/out'"
}
# breaks WHAT PATTERN COMMAND...: the checker exits 1 with a FAIL line
# matching PATTERN, and does not say that the expectation holds
breaks() {
	local what=$1 pat=$2; shift 2
	"$@" > "$tmp/out" 2>&1; local rc=$?
	check "$what: $(grep -m1 FAIL "$tmp/out" || echo 'no FAIL line') (exit $rc)" \
		sh -c "test $rc = 1 && grep -q -- '$pat' '$tmp/out' && ! grep -q '^expected outcome holds' '$tmp/out'"
}
# copy NAME: a fresh copy of the fixture folder NAME in $tmp/NAME
copy() { rm -rf "${tmp:?}/$1"; cp -r "$data/$1" "$tmp/$1"; }
# edit_csv FILE AWK: FILE rewritten by AWK (columns by name: $col("x") = v)
# on its data lines
edit_csv() {
	csv_awk -v OFS=, "FNR == 1 { header(); print; next } { $2 } { print }" "$1" > "$1.new" && mv "$1.new" "$1"
}
# first job of task T, instance I
job0() { echo "\$col(\"task\") == \"$1\" && \$col(\"instance\") == $2 && \$col(\"job\") == 0"; }

echo "== check-cover.sh (thread0 on bigs, thread1 on LITTLEs after its first job; a made point)"
# cover RUN: a made cover-letter run, every thread0-I job on CPU 4 + I and
# every thread1-I job on CPU I, 110 jobs each
cover() {
	mkdir -p "$1/cover"
	printf 'capacities: 462 462 462 462 1024 1024 1024 1024\nSD_ASYM_CPUCAPACITY\n' > "$1/guest.txt"
	echo 0 > "$1/cover/rc"
	{ echo task,instance,admitted; for t in 0 1; do for i in 0 1 2 3; do echo "thread$t,$i,1"; done; done; } > "$1/cover/tasks.csv"
	awk 'BEGIN { print "task,instance,job,cpu_start,cpu_end"
		for (t = 0; t < 2; t++) for (i = 0; i < 4; i++) for (j = 0; j < 110; j++)
			print "thread" t "," i "," j "," (4 * (1 - t) + i) "," (4 * (1 - t) + i) }' > "$1/cover/jobs.csv"
}
cover "$tmp/cover"
check "check-cover: the made run passes" sh -c "'$top/tests/check-cover.sh' '$tmp/cover' > /dev/null"
edit_csv "$tmp/cover/cover/jobs.csv" "if ($(job0 thread1 2)) { \$col(\"cpu_start\") = 7; \$col(\"cpu_end\") = 7 }"
check "check-cover: thread1-2's first job on big CPU 7 passes (the synchronous release)" sh -c "'$top/tests/check-cover.sh' '$tmp/cover' > /dev/null"
edit_csv "$tmp/cover/cover/jobs.csv" "if (\$col(\"task\") == \"thread1\" && \$col(\"instance\") == 2 && \$col(\"job\") == 1) \$col(\"cpu_end\") = 6"
"$top/tests/check-cover.sh" "$tmp/cover" > "$tmp/out" 2>&1; rc=$?
check "check-cover: its second job ending on CPU 6 fails it (exit $rc)" sh -c "test $rc = 1 && grep -q '^FAIL: thread1' '$tmp/out'"
cover "$tmp/cover"
edit_csv "$tmp/cover/cover/jobs.csv" "if ($(job0 thread0 1)) \$col(\"cpu_start\") = 0"
"$top/tests/check-cover.sh" "$tmp/cover" > "$tmp/out" 2>&1; rc=$?
check "check-cover: thread0-1's first job on LITTLE CPU 0 fails it (exit $rc; no job of thread0 is exempt)" sh -c "test $rc = 1 && grep -q '^FAIL: thread0' '$tmp/out'"

echo "== expect-lelli.sh (best-fit: small on LITTLEs, big on bigs, no big job late)"
holds "lelli: the fixture holds it; fit-1 breaks it and is only reported" "$s/expect-lelli.sh" "$data/lelli"
copy lelli; edit_csv "$tmp/lelli/bestfit-1/jobs.csv" "if ($(job0 big 0)) \$col(\"cpu_start\") = 0"
breaks "lelli: one of 8 big jobs starting on a LITTLE (88% < 90%)" 'FAIL bestfit-1: big tasks 88% on bigs' "$s/expect-lelli.sh" "$tmp/lelli"
copy lelli; edit_csv "$tmp/lelli/bestfit-1/jobs.csv" "if ($(job0 big 1)) \$col(\"lateness_ns\") = 1"
breaks "lelli: one big job late" 'FAIL bestfit-1: big tasks 100% on bigs, 1 late' "$s/expect-lelli.sh" "$tmp/lelli"
copy lelli; edit_csv "$tmp/lelli/bestfit-1/jobs.csv" "if ($(job0 small 0)) \$col(\"cpu_start\") = 4"
breaks "lelli: one of 8 small jobs starting on a big CPU" 'FAIL bestfit-1: small tasks 88% on LITTLEs' "$s/expect-lelli.sh" "$tmp/lelli"

echo "== expect-fallback.sh (max-capacity: the misfit on 768, the hog on 1024, none late)"
holds "fallback: the fixture holds it; stay-1 breaks it and is only reported" "$s/expect-fallback.sh" "$data/fallback"
copy fallback; edit_csv "$tmp/fallback/max-1/jobs.csv" "if ($(job0 misfit 0)) \$col(\"cpu_start\") = 0"
breaks "fallback: one of 8 misfit jobs starting on a 384 CPU" 'FAIL max-1: misfit 0 late, 88% of jobs on 768' "$s/expect-fallback.sh" "$tmp/fallback"
copy fallback; edit_csv "$tmp/fallback/max-1/jobs.csv" "if ($(job0 misfit 0)) \$col(\"lateness_ns\") = 5"
breaks "fallback: one misfit job late" 'FAIL max-1: misfit 1 late' "$s/expect-fallback.sh" "$tmp/fallback"
copy fallback; edit_csv "$tmp/fallback/max-1/jobs.csv" "if ($(job0 hog 0)) \$col(\"cpu_start\") = 6"
breaks "fallback: one of 8 hog jobs starting on a 768 CPU" 'FAIL max-1: hog 0 late, 88% on 1024' "$s/expect-fallback.sh" "$tmp/fallback"

echo "== expect-rt-uclamp.sh (util_min 512 and 1024 on CPUs that fit them)"
rtu() { "$s/expect-rt-uclamp.sh" "$1/hikey960/rt-uclamp" "$1/dynamiq3/rt-uclamp"; }
holds "rt-uclamp: the fixture holds it on HiKey960 and dynamiq3" rtu "$data/rt-uclamp"
copy rt-uclamp; edit_csv "$tmp/rt-uclamp/hikey960/rt-uclamp/rtu-1/jobs.csv" "if ($(job0 rt1024 0)) \$col(\"cpu_start\") = 3"
breaks "rt-uclamp: one of 8 rt1024 jobs on a 462 CPU" 'FAIL hikey960/rtu-1 rt1024: 88% of jobs on CPUs of capacity >= 1024' rtu "$tmp/rt-uclamp"
copy rt-uclamp; edit_csv "$tmp/rt-uclamp/dynamiq3/rt-uclamp/rtu-1/jobs.csv" "if ($(job0 rt512 0)) \$col(\"cpu_start\") = 0"
breaks "rt-uclamp: one of 8 rt512 jobs on a 384 CPU" 'FAIL dynamiq3/rtu-1 rt512: 88% of jobs on CPUs of capacity >= 512' rtu "$tmp/rt-uclamp"

echo "== expect-hotplug.sh (stock: 11 admitted before and after, total_bw back to 0)"
holds "hotplug: the fixture holds it; stock-nocpusets breaks it and is only reported" "$s/expect-hotplug.sh" "$data/hotplug-accounting.csv"
for bad in admitted_before=10 admitted_after=0 total_bw_after=-3145728; do
	cp "$data/hotplug-accounting.csv" "$tmp/acc.csv"
	edit_csv "$tmp/acc.csv" "if (\$col(\"kernel\") == \"stock\") \$col(\"${bad%%=*}\") = ${bad#*=}"
	breaks "hotplug: stock with $bad" 'FAIL stock: admitted' "$s/expect-hotplug.sh" "$tmp/acc.csv"
done
grep -v '^stock,' "$data/hotplug-accounting.csv" > "$tmp/acc.csv"
breaks "hotplug: no stock row" 'FAIL: no stock row' "$s/expect-hotplug.sh" "$tmp/acc.csv"
holds "hotplug, 6.12: the fixture holds it (10 admitted before and after, total_bw back to the fair servers' 419424); stock-nocpusets-6.12 is only reported" \
	"$s/expect-hotplug.sh" "$data/hotplug-accounting-6.12.csv"
for bad in admitted_after=0 total_bw_after=-2726304 'total_bw_before=""'; do
	cp "$data/hotplug-accounting-6.12.csv" "$tmp/acc.csv"
	edit_csv "$tmp/acc.csv" "if (\$col(\"kernel\") == \"stock-6.12\") \$col(\"${bad%%=*}\") = ${bad#*=}"
	breaks "hotplug, 6.12: stock-6.12 with $bad" 'FAIL stock-6.12: admitted' "$s/expect-hotplug.sh" "$tmp/acc.csv"
done

echo "== expect-fair-server.sh (6.12.118: bursts of the server's runtime on LITTLE and big; the fix undone: x 1024/462 on LITTLE; 6.1: RT throttling's 50 ms)"
holds "fair-server: the fixture holds it" "$s/expect-fair-server.sh" "$data/fair-server.csv"
fs_breaks() {	# fs_breaks KERNEL POINT AWK PATTERN: the fixture with one row edited fails naming it
	cp "$data/fair-server.csv" "$tmp/fs.csv"
	edit_csv "$tmp/fs.csv" "if (\$col(\"kernel\") == \"$1\" && \$col(\"point\") == \"$2\") { $3 }"
	breaks "fair-server: $1/$2 with $3" "$4" "$s/expect-fair-server.sh" "$tmp/fs.csv"
}
fs_breaks stock-6.12 little '$col("burst_ms_max") = 110.3' 'FAIL stock-6.12/little '
fs_breaks stock-6.12-serverscaled little '$col("burst_ms_min") = 49.5; $col("burst_ms_max") = 49.8' 'FAIL stock-6.12-serverscaled/little '
fs_breaks stock-6.12 big '$col("burst_ms_min") = 48' 'FAIL stock-6.12/big '
fs_breaks stock-6.12 little '$col("first_ms") = 1200' 'FAIL stock-6.12/little '
fs_breaks stock-6.12 little-off '$col("bursts") = 1; $col("ms_per_s") = 10' 'FAIL stock-6.12/little-off '
fs_breaks stock big '$col("burst_ms_max") = 60' 'FAIL stock/big '
fs_breaks stock big '$col("first_ms") = 2000' 'FAIL stock/big '
head -1 "$data/fair-server.csv" > "$tmp/fs.csv"
breaks "fair-server: a table without rows" 'FAIL: no rows' "$s/expect-fair-server.sh" "$tmp/fs.csv"
echo "== fair-server-table.sh (a canned point: bursts, gaps, the cut last burst, a job before the hog)"
fst=$data/fair-server-point/k/t/fair-server
"$s/fair-server-table.sh" "$fst" > "$tmp/fst.csv" 2> "$tmp/err"; rc=$?
check "fair-server-table: by hand, 12 ms of CPU in 3 s, bursts of 6 and 4 ms (the one the hog's end may cut left out), first after 950 ms, longest gap 1047 ms (exit $rc)" \
	sh -c "test $rc = 0 && test \"\$(sed -n 2p '$tmp/fst.csv')\" = 'k,pt,0,512,50/1000,3.00,4.0,2,5.0,4.0,6.0,950.0,1047.0'"
rm -rf "$tmp/fst"; cp -r "$data/fair-server-point" "$tmp/fst"
edit_csv "$tmp/fst/k/t/fair-server/pt/jobs.csv" 'if ($col("job") == 5) $col("cpu_end") = 1'
"$s/fair-server-table.sh" "$tmp/fst/k/t/fair-server" > /dev/null 2> "$tmp/err"; rc=$?
check "fair-server-table: a CFS task on two CPUs exits 2 saying so ($(cat "$tmp/err"))" sh -c "test $rc = 2 && grep -q 'on 2 CPUs' '$tmp/err'"
rm "$tmp/fst/k/t/fair-server/pt/dlgen.log"
"$s/fair-server-table.sh" "$tmp/fst/k/t/fair-server" > /dev/null 2> "$tmp/err"; rc=$?
check "fair-server-table: a point without dlgen.log exits 2 naming it ($(cat "$tmp/err"))" sh -c "test $rc = 2 && grep -q 'pt/dlgen.log: missing' '$tmp/err'"

echo "== expect-refused.sh (with the fix: the offline refused, CPU 7 in placement, big CPUs only, none late)"
refused() { "$s/expect-refused.sh" "$1/stock/hikey960/hotplug-refused" "$1/stock-hotfix/hikey960/hotplug-refused"; }
holds "refused: the fixture holds it; stock breaks it and is only reported" refused "$data/refused"
hotfix_log=refused/stock-hotfix/hikey960/hotplug-refused/refused/dlgen.log
for bad in 's/^offline: refused.*/offline: allowed/|the offline was not refused' \
	's/cpus 7,/cpus 6,/|CPU 7 must be back' 's/cpus 5,/cpus 5 3,/|CPU 7 must be back' \
	's/cpus 4, 0 late/cpus 4, 2 late/|CPU 7 must be back'; do
	copy refused; sed -i "${bad%%|*}" "$tmp/$hotfix_log"
	breaks "refused: stock-hotfix's log edited by ${bad%%|*}" "${bad#*|}" refused "$tmp/refused"
done
# stock-6.12 carries the fix: held to it (HOTPLUG_TREE=6.12 runs it alone)
refused612() { "$s/expect-refused.sh" "$1/stock-6.12/hikey960/hotplug-refused"; }
for k in stock-hotfix stock; do
	rm -rf "$tmp/r612"; mkdir -p "$tmp/r612/stock-6.12/hikey960"
	cp -r "$data/refused/$k/hikey960/hotplug-refused" "$tmp/r612/stock-6.12/hikey960/"
	if [ $k = stock-hotfix ]; then
		holds "refused: stock-6.12 with the fixed kernel's outcome holds it" refused612 "$tmp/r612"
	else
		breaks "refused: stock-6.12 with 6.1 stock's outcome (CPU 7 left out) breaks it" "FAIL stock-6.12: CPU 7 must be back" refused612 "$tmp/r612"
	fi
done

echo "== class-share.sh (per task: jobs, late, max lateness, share of jobs per capacity class)"
# fit-1's small task: 8 jobs, instance 0 on CPU 4, instance 1 on CPU 1,
# 9 ms early but one job ending on its deadline (lateness 0: not late):
# half on 462, half on 1024
"$s/class-share.sh" "$data/lelli/fit-1" X > "$tmp/cs.csv" 2> "$tmp/err"; rc=$?
check "class-share: fit-1, by hand: small 8 jobs, 0 late (one at lateness 0), max 0 ms, half per class (exit $rc)" \
	sh -c "test $rc = 0 && test \"\$(head -1 '$tmp/cs.csv')\" = point,task,jobs,late_jobs,max_lateness_ms,share_462,share_1024 &&
		grep -qx 'X,small,8,0,0.000,0.500,0.500' '$tmp/cs.csv' && grep -qx 'X,big,8,8,2.000,0.500,0.500' '$tmp/cs.csv' && test \$(wc -l < '$tmp/cs.csv') = 3"
# dynamiq3: three classes in ascending order, the label defaults to the folder
"$s/class-share.sh" "$data/fallback/max-1" > "$tmp/cs3.csv"
check "class-share: three classes ascending, labelled by the folder (max-1,misfit,8,0,-5.000,0.000,1.000,0.000)" \
	sh -c "head -1 '$tmp/cs3.csv' | grep -q ',share_384,share_768,share_1024\$' && grep -qx 'max-1,misfit,8,0,-5.000,0.000,1.000,0.000' '$tmp/cs3.csv'"
copy lelli; rm "$tmp/lelli/fit-1/summary.json"
"$s/class-share.sh" "$tmp/lelli/fit-1" > /dev/null 2> "$tmp/err"; rc=$?
check "class-share: a point without summary.json exits 1 with one line ($(cat "$tmp/err"))" \
	sh -c "test $rc = 1 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'lacks jobs.csv/summary.json' '$tmp/err'"
copy lelli; cut -d, -f1-7,9- "$data/lelli/fit-1/jobs.csv" > "$tmp/lelli/fit-1/jobs.csv"
"$s/class-share.sh" "$tmp/lelli/fit-1" > /dev/null 2> "$tmp/err"; rc=$?
check "class-share: a jobs.csv without lateness_ns exits 2 naming it ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q 'no column lateness_ns' '$tmp/err'"

echo "== tabulate.sh (scripts/summary.sh over every point of run folders, one header)"
"$s/tabulate.sh" "$tmp/tab.csv" "$data/lelli" "$data/fallback" > "$tmp/err" 2>&1; rc=$?
# bestfit-1's big task, by hand: 2 instances of 4 jobs on CPUs 4 and 5, each
# ending 6 ms before its 16 ms deadline and starting 10 us after release:
# response 16 - 6 - 0.01 = 9.990 ms, work as asked (0.00% over), no migration
check "tabulate: one header, 8 rows labelled RUN/POINT (exit $rc)" \
	sh -c "test $rc = 0 && test \$(grep -c '^run,task,' '$tmp/tab.csv') = 1 && test \$(wc -l < '$tmp/tab.csv') = 9 &&
		test \"\$(tail -n +2 '$tmp/tab.csv' | cut -d, -f1 | uniq | tr '\n' ' ')\" = 'lelli/bestfit-1 lelli/fit-1 fallback/max-1 fallback/stay-1 '"
check "tabulate: bestfit-1's big task, by hand: lelli/bestfit-1,big,2,8,0,0.0,9.990,9.990,-6.000,0.00,0,4-5" \
	grep -qx 'lelli/bestfit-1,big,2,8,0,0.0,9.990,9.990,-6.000,0.00,0,4-5' "$tmp/tab.csv"
copy lelli; rm "$tmp/lelli/fit-1/tasks.csv"
"$s/tabulate.sh" "$tmp/tab2.csv" "$tmp/lelli" > /dev/null 2> "$tmp/err"; rc=$?
check "tabulate: a point whose summary fails (no tasks.csv) fails the table, no OUT written (exit $rc: $(head -1 "$tmp/err"))" \
	sh -c "test $rc != 0 && test ! -e '$tmp/tab2.csv' && grep -q 'lacks jobs.csv/tasks.csv' '$tmp/err'"
echo "== tables the Makefile writes (overhead-table.sh, refused-log.sh)"
sw=$top/results/sweeps
"$s/overhead-table.sh" "$sw/overhead-slack0" "$sw/overhead-slack500" "$sw/overhead-slack2000" > "$tmp/ov.csv"; rc=$?
check "overhead-table: the committed sweeps give the committed results/overhead/points.csv byte for byte (exit $rc)" \
	sh -c "test $rc = 0 && cmp -s '$tmp/ov.csv' '$top/results/overhead/points.csv'"
"$s/overhead-table.sh" "$sw/headline-reduced" > /dev/null 2> "$tmp/err"; rc=$?
check "overhead-table: a sweep not named ...-slackN exits 1 saying so ($(cat "$tmp/err"))" \
	sh -c "test $rc = 1 && grep -q 'not a sweep named' '$tmp/err'"
"$s/refused-log.sh" "$data/refused/stock/hikey960/hotplug-refused" "$data/refused/stock-hotfix/hikey960/hotplug-refused" > "$tmp/rl.txt"; rc=$?
check "refused-log: each log under its '== RAWDIR' line (exit $rc)" \
	sh -c "test $rc = 0 && test \"\$(sed -n '1p; 9p' '$tmp/rl.txt')\" = \"\$(printf '== %s/refused/%s/hikey960/hotplug-refused\\n' '$data' stock '$data' stock-hotfix)\" &&
		test \$(wc -l < '$tmp/rl.txt') = 16 && sed -n 2p '$tmp/rl.txt' | grep -q '^offline: refused' && sed -n 16p '$tmp/rl.txt' | grep -qx 'd0.6-3: cpus 7, 0 late'"
"$s/refused-log.sh" "$tmp/nowhere" > /dev/null 2> "$tmp/err"; rc=$?
check "refused-log: a folder without refused/dlgen.log exits 1 naming it" sh -c "test $rc = 1 && grep -qx 'refused-log.sh: no $tmp/nowhere/refused/dlgen.log' '$tmp/err'"
exit $assert_failed
