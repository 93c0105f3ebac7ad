#!/bin/bash
# The stock-equivalence table (EXPERIMENTS.md section 15): scripts/
# compare-jobs.sh of stock against patched, and of stock against stock
# after another point (the control), in one CSV with a first column "pair".
# Usage: scripts/equivalence-table.sh STOCK_RUN PATCHED_RUN HISTORY_RUN POINT...
#   prints the CSV (pair,point,jobs,same_bytes,...) on stdout
# Exit status: 0; 2 bad usage or a missing file (compare-jobs.sh's).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 4 ] || usage
stock=$1 patched=$2 history=$3
shift 3
"$DLCAP_TOP/scripts/compare-jobs.sh" "$stock" "$patched" "$@" | sed '1s/^/pair,/; 2,$s/^/stock-vs-patched,/'
"$DLCAP_TOP/scripts/compare-jobs.sh" "$stock" "$history" "$@" | sed '1d; s/^/stock-vs-stock-after-another-point,/'
