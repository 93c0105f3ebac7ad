#!/bin/bash
# The Lelli experiment's expected outcome (the article): under best-fit,
# in every repetition, the small tasks' jobs start on LITTLE CPUs, the big
# tasks' on big CPUs (each >= 90%) and no big job is late. What fit does is
# reported, not asserted (it depends on where the small tasks start).
# Usage: scripts/expect-lelli.sh RUNDIR
set -euo pipefail
. "$(dirname "$0")/lib.sh"
run=${1:?usage: expect-lelli.sh RUNDIR}
expect_class_share 'bestfit-*' 'NR == 1 { next }
	$2 == "small" && $6 < 0.9 { printf "FAIL %s: small tasks %.0f%% on LITTLEs\n", $1, 100 * $6; bad = 1 }
	$2 == "big" && ($7 < 0.9 || $4 > 0) { printf "FAIL %s: big tasks %.0f%% on bigs, %d late\n", $1, 100 * $7, $4; bad = 1 }
	END { exit bad }' "$run" || exit 1
echo "expected outcome holds: under best-fit small tasks on LITTLEs, big ones on bigs, no big job late"
