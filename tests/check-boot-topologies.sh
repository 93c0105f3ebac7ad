#!/bin/bash
# Topology presets boot with their declared capacities; a guest whose
# capacities differ from its topology refuses to run.
# usage: tests/check-boot-topologies.sh WORKDIR  (tests/run.sh's boot folder:
# the boots stay there for the scripts after this one)
# Prints PASS:/FAIL: lines; exit 1 on any FAIL.
set -u
. "$(dirname "$0")/boot.sh"
boot_setup "$@"

echo "== topology presets boot with their declared capacities"
for t in rk3399 juno-r2 symmetric8; do
	boot stock $t tests/plans/boot-only.plan | grep -v '^\[run-batch\]' 
	eval "$(scripts/topo.sh experiments/topologies/$t.topo)"
	expect "$t: guest reports capacities $TOPO_CAPS" \
		grep -qx "capacities: $TOPO_CAPS" "$work/stock-$t/guest.txt"
done
EXPECT_CAPACITIES="1024 1024 1024 1024 1024 1024 1024 1024" \
	scripts/run-batch.sh stock hikey960 tests/plans/boot-only.plan "$work/wrongcaps" > "$work/wrong.out" 2>&1; rc=$?
expect "a guest whose capacities differ from the topology refuses to run (exit $rc)" \
	sh -c "test $rc = 1 && grep -q 'guest refused to run: cpu_capacity is' '$work/wrong.out' && test ! -e '$work/wrongcaps/idle'"

exit $assert_failed
