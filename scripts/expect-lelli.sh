#!/bin/bash
# The Lelli experiment's expected outcome (the article): under best-fit,
# in every repetition, the small tasks' jobs start on LITTLE CPUs, the big
# tasks' on big CPUs (each >= 90%) and no big job is late. What fit does is
# reported, not asserted (it depends on where the small tasks start).
# Usage: scripts/expect-lelli.sh RUNDIR
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/expect.sh"
run=${1:?usage: expect-lelli.sh RUNDIR}
# LITTLE: the lowest capacity class of the point, big: the highest
expect_class_share 'bestfit-*' '
	FNR == 1 { header(); for (i = 1; i <= NF; i++) if ($i ~ /^share_/) { c = substr($i, 7) + 0
		if (lo == "" || c < lo) lo = c; if (hi == "" || c > hi) hi = c }
		little = "share_" lo; big = "share_" hi; next }
	$col("task") == "small" && $col(little) < 0.9 { printf "FAIL %s: small tasks %.0f%% on LITTLEs\n", $col("point"), 100 * $col(little); bad = 1 }
	$col("task") == "big" && ($col(big) < 0.9 || $col("late_jobs") > 0) {
		printf "FAIL %s: big tasks %.0f%% on bigs, %d late\n", $col("point"), 100 * $col(big), $col("late_jobs"); bad = 1 }
	END { exit bad }' "$run" || exit 1
echo "expected outcome holds: under best-fit small tasks on LITTLEs, big ones on bigs, no big job late"
