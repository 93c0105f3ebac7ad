#!/bin/bash
# The hotplug-refused experiment's guest logs, one after another, each
# under a "== RAWDIR" line (results/hotplug/refused.txt).
# Usage: scripts/refused-log.sh RAWDIR...   (runs of hotplug-refused.plan)
# Exit status: 0; 1 a RAWDIR without refused/dlgen.log; 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
for r in "$@"; do
	[ -r "$r/refused/dlgen.log" ] || die "no $r/refused/dlgen.log"
	echo "== $r"
	cat "$r/refused/dlgen.log"
done
