#!/bin/bash
# The hotplug-accounting experiment's expected outcome, on the table of
# scripts/hotplug-table.sh: with cpusets (stock) admission before and after
# a CPU offline/online cycle is the same (11) and total_bw returns to 0.
# The stock-nocpusets row is the finding of EXPERIMENTS.md section 7 and is
# reported, not asserted. Usage: scripts/expect-hotplug.sh ACCOUNTING_CSV
set -euo pipefail
f=${1:?usage: expect-hotplug.sh ACCOUNTING_CSV}
. "$(dirname "$0")/lib.sh"
csv_awk 'FNR == 1 { header(); next }
	$col("kernel") == "stock" { seen = 1
		b = $col("admitted_before"); a = $col("admitted_after"); bw = $col("total_bw_after")
		if (b != 11 || bw != 0 || a != 11) { printf "FAIL stock: admitted %s before, %s after, total_bw %s\n", b, a, bw; bad = 1 } }
	END { if (!seen) { print "FAIL: no stock row"; bad = 1 }
	      if (!bad) print "expected outcome holds: stock admits 11 before and after the hotplug cycle, total_bw back to 0"
	      exit bad }' "$f"
