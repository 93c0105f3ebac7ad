#!/bin/bash
# The fallback experiment's expected outcome (seed 006), on the points of
# experiments/plans/fallback.plan (dynamiq3: 384 / 768 / 1024):
#   max-capacity: the misfit's jobs start on a 768 CPU (>= 90%) and none is
#   late; the hog stays on the 1024 CPU with no late job.
# stay and none are reported, not asserted: what they do is the question.
# Writes the per-task table to stdout; exit 1 when the expectation fails.
# Usage: scripts/expect-fallback.sh RUNDIR
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/expect.sh"
run=${1:?usage: expect-fallback.sh RUNDIR}
expect_class_share 'max-*' 'FNR == 1 { header(); next }
	{ late = $col("late_jobs") }
	$col("task") == "misfit" && (late > 0 || $col("share_768") < 0.9) {
		printf "FAIL %s: misfit %d late, %.0f%% of jobs on 768\n", $col("point"), late, 100 * $col("share_768"); bad = 1 }
	$col("task") == "hog" && (late > 0 || $col("share_1024") < 0.9) {
		printf "FAIL %s: hog %d late, %.0f%% on 1024\n", $col("point"), late, 100 * $col("share_1024"); bad = 1 }
	END { exit bad }' "$run" || exit 1
echo "expected outcome holds: max-capacity moves the misfit to a 768 CPU, no late job"
