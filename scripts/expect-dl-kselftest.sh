#!/bin/bash
# The dl-kselftest experiment's expected outcome, on the table of
# scripts/dl-kselftest-table.sh: every test of Juri Lelli's SCHED_DEADLINE
# kselftests RFC (dlselftest) gives the verdict the admission rule predicts
# (the table's "predicted"), and where the rule gives a number (tasks
# admitted, fair-server writes refused) the test measured that number. So a
# failure passes here when the kernel's capacity-scaled admission explains
# it, and a pass that the rule says should fail does not. A test no rule
# decides (predicted "-": replenish_bug) is printed as "info", not judged.
# Prints one line per row; exits 1 on any violation.
# Usage: scripts/expect-dl-kselftest.sh SUMMARY_CSV
set -euo pipefail
f=${1:?usage: expect-dl-kselftest.sh SUMMARY_CSV}
. "$(dirname "$0")/lib.sh"
[ -r "$f" ] || bad "no $f"
csv_awk 'FNR == 1 { header(); next }
	{
		rows++
		name = $col("kernel") "/" $col("topology") " " $col("test")
		r = $col("result"); p = $col("predicted"); m = $col("measured"); e = $col("expected")
		if (p == "-") {
			# no rule decides it (replenish_bug): shown, not judged
			printf "info %s: %s (no prediction; measured %s)\n", name, r, m
			info++
			next
		}
		ok = r == p
		# a count the rule gives must be the one measured; a range is the test'"'"'s own
		if (e != "-" && e !~ /^[0-9]+-[0-9]+%$/ && m != e) ok = 0
		printf "%s %s: %s (predicted %s; measured %s, expected %s)\n", ok ? "ok" : "FAIL", name, r, p, m, e
		if (!ok) bad++
	}
	END {
		if (!rows) { print "FAIL: no rows"; exit 1 }
		printf "%d of %d tests as the admission rule predicts, %d without a prediction\n", rows - info - bad, rows - info, info
		exit bad ? 1 : 0
	}' "$f"
