#!/bin/bash
# The rt-uclamp experiment's expected outcome (seed 007): an RT task's
# jobs start on CPUs whose capacity covers its util_min: rt1024 on 1024
# CPUs, rt512 on CPUs of capacity >= 512 (each for >= 90% of its jobs;
# a wake-up may find every fitting CPU busy). rt0 is reported only.
# Usage: scripts/expect-rt-uclamp.sh RUNDIR...
set -eu
here=$(dirname "$0")
bad=0 first=1
for run in "$@"; do
	header=1	# one header per run: topologies differ in classes
	for pt in "$run"/*/; do
		pt=${pt%/}
		[ -r "$pt/jobs.csv" ] || continue
		tab=$("$here/class-share.sh" "$pt" "$(basename "$(dirname "$run")")/$(basename "$pt")")
		if [ $header = 1 ]; then echo "$tab"; else echo "$tab" | tail -n +2; fi
		first=0 header=0
		echo "$tab" | awk -F, '
			NR == 1 { for (i = 6; i <= NF; i++) { c[i] = substr($i, 7) + 0 }; next }
			$2 == "rt1024" || $2 == "rt512" {
				need = substr($2, 3) + 0; ok = 0
				for (i = 6; i <= NF; i++) if (c[i] >= need) ok += $i
				if (ok < 0.9) { printf "FAIL %s %s: %.0f%% of jobs on CPUs of capacity >= %d\n", $1, $2, 100 * ok, need; bad = 1 }
			}
			END { exit bad }' || bad=1
	done
done
[ $first = 0 ] || { echo "FAIL: no points in $*"; exit 1; }
[ $bad = 0 ] && echo "expected outcome holds: util_min 512 and 1024 tasks run on CPUs that fit them"
exit $bad
