#!/bin/bash
# scripts/budget.sh on fixtures whose answer is worked out here, host only
# (no QEMU; ~20 s: it generates the trial sweep's plan):
#   calibrate: a boot of 100 s wall and 50 s CPU (scale 0.5) with points of
#     30 and 40 s wall -> 15 and 20 CPU s, the boot's other 30 s -> 15;
#     W = run / period of the admitted tasks only (0.5 + 0.25; the refused
#     task's 0.5 left out)
#   table: points made exactly cpu = g (1 + 2 W) with k = 1.5 per point;
#     trial-growth's two points (30 s, U = 5 < 5.80) cost 30 (1 + 2 x 5) +
#     1.5 = 331.5 each: 663 s in one boot, here and on the node
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=${KEEP_TMP:-$(mktemp -d)}; [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
b=$top/scripts/budget.sh
rates=$( (eval "$("$top/scripts/topo.sh" "$top/experiments/topologies/hikey960.topo")"; echo "$TOPO_RATES") )
raw=$tmp/raw
mkdir -p "$raw/tasksets" "$raw/p/hikey960/a-u1-s1" "$raw/p/hikey960/b-u1-s1"
echo "point,kernel,topology,policy,u,seed,replicate,dir" > "$raw/index.csv"
for p in a:30 b:40; do
	IFS=: read -r n wall <<< "$p"
	d=$raw/p/hikey960/$n-u1-s1
	echo "$n-u1-s1,p,hikey960,$n,1,1,1,p/hikey960/$n-u1-s1" >> "$raw/index.csv"
	echo "host seconds: $wall.000 (from its start line to its results on the console)" > "$d/manifest.txt"
	printf 'task,instance,run_ns,period_ns,admitted\nx,0,5,10,1\ny,0,1,4,1\nz,0,5,10,0\n' > "$d/tasks.csv"
done
echo '{ "global" : { "duration" : 2 }, "tasks" : {} }' > "$raw/tasksets/u1-s1.json"
echo "100.00 45.00 5.00 $rates" > "$tmp/qemu.log"
echo "0.01 0.00 0.00 -" >> "$tmp/qemu.log"
"$b" calibrate "$raw:$tmp/qemu.log" > "$tmp/calib.csv" 2> "$tmp/err"
check "budget calibrate: points 15 and 20 CPU s at W 0.75, the boot's other 15 ($(tr '\n' ' ' < "$tmp/calib.csv"))" \
	test "$(tail -n +2 "$tmp/calib.csv" | tr '\n' ' ')" = "point,hikey960,a,1,2,0.750000,30.000,15.000 point,hikey960,b,1,2,0.750000,40.000,20.000 boot,hikey960,-,-,0,0,30.000,15.000 "
echo "100.00 45.00 5.00 $rates" >> "$tmp/qemu.log"
"$b" calibrate "$raw:$tmp/qemu.log" > /dev/null 2> "$tmp/err"; rc=$?
check "budget calibrate: two boots of one topology in a log stop it ($(cat "$tmp/err"))" \
	sh -c "test $rc != 0 && grep -q 'not one boot' '$tmp/err'"
{
	echo "kind,topology,policy,u,guest_s,work,wall_s,cpu_s"
	echo "point,t,p,1,2,1,0,6"
	echo "point,t,p,3,2,3,0,14"
	echo "point,t,p,5,30,5,0,330"
	echo "boot,t,-,-,0,0,0,4.5"
} > "$tmp/model.csv"
"$b" table "$tmp/model.csv" trial-growth > "$tmp/table.csv" 2> "$tmp/err"
check "budget table: the fit recovers a = 1, b = 2, k = 4.5 / 3 points = 1.5 ($(cat "$tmp/err"))" \
	grep -q 'guest_s x (1.000000 + 2.000000 x W) per point, + 1.500000 per point' "$tmp/err"
check "budget table: trial-growth, 2 points of 30 s in 1 boot, 663 CPU s, here and on the node ($(tail -1 "$tmp/table.csv"))" \
	test "$(tail -1 "$tmp/table.csv")" = "trial-growth,new,2,1,60.0,663,663,663"
# a fixed cost per point beside the per-second one: cpu = 5 + g (1 + 2 W),
# told apart by points of 2 and 30 s; with every point 2 s long it cannot
# be, and c is 0 (a = 1 + 5 / 2 absorbs it)
printf '%s\n' "kind,topology,policy,u,guest_s,work,wall_s,cpu_s" point,t,p,1,2,1,0,11 \
	point,t,p,3,2,3,0,19 point,t,p,5,30,5,0,335 point,t,p,1,30,1,0,95 > "$tmp/fixed.csv"
"$b" table "$tmp/fixed.csv" trial-growth > /dev/null 2> "$tmp/err"
check "budget table: the fit recovers c = 5, a = 1, b = 2 ($(cat "$tmp/err"))" \
	grep -q 'cpu_s = 5.000000 + guest_s x (1.000000 + 2.000000 x W)' "$tmp/err"
head -3 "$tmp/fixed.csv" > "$tmp/short.csv"
"$b" table "$tmp/short.csv" trial-growth > /dev/null 2> "$tmp/err"
check "budget table: all points 2 s: c = 0, a = 3.5, b = 2 ($(cat "$tmp/err"))" \
	grep -q 'cpu_s = 0.000000 + guest_s x (3.500000 + 2.000000 x W)' "$tmp/err"
# budget-calibration: U = 1, 3, 7 on hikey960, 2 s: per point 2 (1 + 2 W)
# + 1.5 with W = U but at most the capacity, 5944 / 1024 = 5.8047 for U =
# 7: 7.5 + 15.5 + 26.72 = 49.72 (U = 7 uncapped: 31.5, 54.5) in one boot
"$b" table "$tmp/model.csv" budget-calibration > "$tmp/table.csv" 2> "$tmp/err"
check "budget table: budget-calibration, W capped by capacity: 50 CPU s in 1 boot ($(tail -1 "$tmp/table.csv"))" \
	test "$(tail -1 "$tmp/table.csv")" = "budget-calibration,new,3,1,6.0,50,50,50"
# report: hours, and the totals; a committed row is always here, a new
# sweep only when the list names it (c1 3600 CPU s, n1 7200 listed, n2
# 1800 not): here 3 h of CPU, the whole 3.5
printf '%s\n' experiment,kind,points,boots,guest_s,cpu_s,wall_here_s,wall_node_s \
	c1,sweep,1,1,1,3600,1800,360 n1,new,1,1,1,7200,3600,36 n2,new,1,1,1,1800,900,36 > "$tmp/t.csv"
printf '# what runs here\nn1  # the one\n' > "$tmp/here.list"
"$b" report "$tmp/t.csv" "$tmp/here.list" > "$tmp/r.md"
check "budget report: committed 1.00 CPU h, here 3.00 (c1 + n1), the whole 3.50; n2 not here ($(grep -c . "$tmp/r.md") lines)" \
	sh -c "grep -q '^| \*\*committed experiments today\*\* | | | | | 1.00 | 0.50 | 0.10 | |\$' '$tmp/r.md' &&
		grep -q '^| \*\*the evidence here\*\* (them + the sweeps run here) | | | | | 3.00 | 1.50 | 0.11 | |\$' '$tmp/r.md' &&
		grep -q '^| \*\*the whole design\*\* (them + every new sweep) | | | | | 3.50 | 1.75 | 0.12 | |\$' '$tmp/r.md' &&
		grep -q '^| n2 | new | .* | no (node) |\$' '$tmp/r.md'"
printf 'n3\n' > "$tmp/bad.list"
"$b" report "$tmp/t.csv" "$tmp/bad.list" > /dev/null 2> "$tmp/err"; rc=$?
check "budget report: a listed sweep that is not in the table stops it ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q 'n3 is not a new sweep' '$tmp/err'"
# longest first, each to the least loaded slot: 5, 4, 3, 3, 3 on 2 slots
# -> 5 + 3 | 4 + 3 + 3 = 10 (the best packing, 9, is not what it computes)
got=$(printf '%s\n' 3 5 3 4 3 | "$b" makespan 2)
check "budget makespan: 5 4 3 3 3 on 2 slots is 10 (got $got)" test "$got" = 10
got=$(printf '%s\n' 3 5 3 4 3 | "$b" makespan 64)
check "budget makespan: on 64 slots the longest, 5 (got $got)" test "$got" = 5
exit $assert_failed
