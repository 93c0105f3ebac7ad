#!/bin/bash
# The hotplug-refused experiment's expected outcome (EXPERIMENTS.md section
# 17), on the raw folders of experiments/plans/hotplug-refused.plan: the
# offline is refused on every kernel; with the fix (stock-hotfix, and
# stock-6.12: 6.12.118's sched_cpu_deactivate() puts the runqueue back
# online when cpuset_cpu_inactive() refuses) the four density-0.6 tasks run
# on the four big CPUs 4-7 and no job is late. 6.1 stock's outcome (CPU 7
# left out of placement) is the finding, reported, not asserted. Usage: scripts/expect-refused.sh RAWDIR...
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -gt 0 ] || die "usage: expect-refused.sh RAWDIR..."
bad=0
for d in "$@"; do
	log=$d/refused/dlgen.log
	[ -r "$log" ] || { echo "FAIL $d: no refused/dlgen.log"; bad=1; continue; }
	kernel=$(basename "$(dirname "$(dirname "$d")")")
	grep -q '^offline: refused' "$log" || { echo "FAIL $kernel: the offline was not refused"; bad=1; }
	used7=$(grep -c '^d0.6-.*cpus.* 7\b' "$log" || true)
	late=$(awk '/^d0.6-/ { s += $(NF - 1) } END { print s + 0 }' "$log")
	outside=$(awk '/^d0.6-/ { for (i = 3; i < NF - 1; i++) { c = $i; sub(/,$/, "", c); if (c + 0 < 4) n++ } } END { print n + 0 }' "$log")
	echo "$kernel: tasks using CPU 7: $used7 of 4; CPU uses outside 4-7: $outside; late jobs: $late"
	case $kernel in stock-hotfix|stock-6.12)
		if [ "$used7" = 0 ] || [ "$outside" != 0 ] || [ "$late" != 0 ]; then
			echo "FAIL $kernel: CPU 7 must be back in placement (big CPUs only, no late job)"; bad=1
		fi ;;
	esac
done
[ $bad = 0 ] && echo "expected outcome holds: with the fix the refused offline leaves CPU 7 in placement"
exit $bad
