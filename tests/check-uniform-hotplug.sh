#!/bin/bash
# Assertions on a run of tests/plans/uniform-hotplug.plan (dl_admission=
# uniform across CPU hotplug, and the switch to it, on HiKey960):
#   tests/check-uniform-hotplug.sh RUNDIR
# RUNDIR is a run-batch output folder. One PASS:/FAIL: line each.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
run=${1:?usage: check-uniform-hotplug.sh RUNDIR}
[ -d "$run/adm-before" ] || { echo "check-uniform-hotplug: no $run/adm-before" >&2; exit 2; }

# back POINT: "no bandwidth left": the point's total_bw after its tasks are
# gone is what it was before them (hotplug.sh's lines; 0 on 6.1, the fair
# servers' on 6.12): prints yes, or no with both values
back() {
	local b a
	b=$(sed -n 's/^total_bw before: //p' "$run/$1/dlgen.log")
	a=$(sed -n 's/^total_bw after: //p' "$run/$1/dlgen.log")
	[ -n "$b" ] && [ "$a" = "$b" ] && echo yes || echo "no (before $b, after $a)"
}
# The capacity test with the fair servers (servers_bw: 0 on 6.1, 0.05 of
# each CPU on 6.12, what the guest read at boot): 5 x 0.9 admitted under
# capacity (4.5 and the servers' 0.40 within 0.95 x 5944/1024 = 5.51 on
# 6.12) leave CPU 7's offline within 0.95 x 4920/1024 = 4.565 on 6.1 and
# over it on 6.12 (4.90).
srv=$(servers_bw "$run") || { fail "the run's fair servers: $run/guest.txt"; srv=0; }
eval "$("$top/scripts/topo.sh" "$top/experiments/topologies/hikey960.topo")"
sum_cap=0; for c in $TOPO_CAPS; do sum_cap=$((sum_cap + c)); done
lim7=$(( 996147 * (sum_cap - ${TOPO_CAPS##* }) >> 10 ))
u9=$(( (9000 << 20) / 10000 ))	# uniform-5x9000.json's bandwidth
if [ $((srv + 5 * u9)) -le "$lim7" ]; then cap_off=allowed; else cap_off=refused; fi
n=$(admitted "$run/adm-before")
check "uniform admits the same before and after the offline/online cycle and the refused offline ($n: $(admitted "$run/adm-after"), $(admitted "$run/adm-last"))" \
	test "$n" -gt 0 -a "$(admitted "$run/adm-after")" = "$n" -a "$(admitted "$run/adm-last")" = "$n"
check "6 x 0.5 admitted, CPU 7 offline allowed (the test on the 7 CPUs left), online again, no bandwidth left" \
	sh -c "grep -qx 'admitted: 6' '$run/hotplug/dlgen.log' && grep -qx 'offline: allowed' '$run/hotplug/dlgen.log' &&
		grep -qx 'cpu7 online: 1' '$run/hotplug/dlgen.log' && test '$(back hotplug)' = yes"
check "10 x 0.5 admitted, CPU 7 offline refused (5.0 over 0.95 x 4920/1024), no bandwidth left" \
	sh -c "grep -qx 'admitted: 10' '$run/refused/dlgen.log' && grep -q '^offline: refused: ' '$run/refused/dlgen.log' &&
		test '$(back refused)' = yes"
check "uniform: 4 of 5 x 0.9 admitted (4.5 over 0.95 x 4558/1024 at k = 5), CPU 7 offline refused (3.6 over 0.95 x 3534/1024 at k = 4 on the 7 CPUs left)" \
	sh -c "grep -qx 'admitted: 4' '$run/uniform-offline/dlgen.log' && grep -q '^offline: refused: ' '$run/uniform-offline/dlgen.log' &&
		test '$(back uniform-offline)' = yes"
check "capacity: all 5 x 0.9 admitted, CPU 7 offline $cap_off (5 x $u9 and the servers' $srv against $lim7, 0.95 x 4920/1024)" \
	sh -c "grep -qx 'admitted: 5' '$run/capacity-offline/dlgen.log' && grep -q '^offline: $cap_off' '$run/capacity-offline/dlgen.log' &&
		test '$(back capacity-offline)' = yes"
check "the switch to uniform is refused while 5 x 0.9 admitted by capacity run" \
	sh -c "grep -qx 'admitted: 5' '$run/switch/dlgen.log' && grep -q '^switch while running: refused: ' '$run/switch/dlgen.log'"
check "... and allowed once they are gone" grep -qx 'switch when idle: allowed' "$run/switch/dlgen.log"
exit $assert_failed
