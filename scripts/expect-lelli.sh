#!/bin/bash
# The Lelli experiment's expected outcome (the article): under best-fit,
# in every repetition, the small tasks' jobs start on LITTLE CPUs, the big
# tasks' on big CPUs (each >= 90%) and no big job is late. What fit does is
# reported, not asserted (it depends on where the small tasks start).
# Usage: scripts/expect-lelli.sh RUNDIR
set -eu
here=$(dirname "$0")
run=${1:?usage: expect-lelli.sh RUNDIR}
bad=0 first=1
for pt in "$run"/*-[0-9]*/; do
	pt=${pt%/}
	[ -r "$pt/jobs.csv" ] || continue
	tab=$("$here/class-share.sh" "$pt")
	if [ $first = 1 ]; then echo "$tab"; else echo "$tab" | tail -n +2; fi
	first=0
	case $(basename "$pt") in
	bestfit-*)
		echo "$tab" | awk -F, 'NR == 1 { next }
			$2 == "small" && $6 < 0.9 { printf "FAIL %s: small tasks %.0f%% on LITTLEs\n", $1, 100 * $6; bad = 1 }
			$2 == "big" && ($7 < 0.9 || $4 > 0) { printf "FAIL %s: big tasks %.0f%% on bigs, %d late\n", $1, 100 * $7, $4; bad = 1 }
			END { exit bad }' || bad=1 ;;
	esac
done
[ $first = 0 ] || { echo "FAIL: no points in $run"; exit 1; }
[ $bad = 0 ] && echo "expected outcome holds: under best-fit small tasks on LITTLEs, big ones on bigs, no big job late"
exit $bad
