#!/bin/bash
# The rt-uclamp experiment's expected outcome (seed 007): an RT task's
# jobs start on CPUs whose capacity covers its util_min: rt1024 on 1024
# CPUs, rt512 on CPUs of capacity >= 512 (each for >= 90% of its jobs;
# a wake-up may find every fitting CPU busy). rt0 is reported only.
# Usage: scripts/expect-rt-uclamp.sh RUNDIR...  (one per topology)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/expect.sh"
[ $# -ge 1 ] || { echo "usage: expect-rt-uclamp.sh RUNDIR..." >&2; exit 2; }
expect_class_share '*' '
	FNR == 1 { header(); for (i = 1; i <= NF; i++) if ($i ~ /^share_/) { sc[++ns] = $i; c[ns] = substr($i, 7) + 0 }; next }
	$col("task") == "rt1024" || $col("task") == "rt512" {
		t = $col("task"); need = substr(t, 3) + 0; ok = 0
		for (i = 1; i <= ns; i++) if (c[i] >= need) ok += $col(sc[i])
		if (ok < 0.9) { printf "FAIL %s %s: %.0f%% of jobs on CPUs of capacity >= %d\n", $col("point"), t, 100 * ok, need; bad = 1 }
	}
	END { exit bad }' "$@" || exit 1
echo "expected outcome holds: util_min 512 and 1024 tasks run on CPUs that fit them"
