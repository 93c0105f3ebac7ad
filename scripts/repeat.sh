#!/bin/bash
# Run one plan N times per timing mode and tabulate each point's summary.
# Usage: scripts/repeat.sh KERNEL TOPO PLAN POINT N "MODES" OUT.csv
#   MODES: QEMU timing modes, e.g. "virtual realtime"
# Raw runs go to results/raw/repeat/KERNEL/TOPO/PLAN/MODE-i (kept, not redone).
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 7 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
kernel=$1 topo=$2 plan=$3 point=$4 n=$5 modes=$6 out=$7
base=$DLCAP_TOP/results/raw/repeat/$kernel/$topo/$plan
rows=$(mktemp)
first=1
for mode in $modes; do
	for ((i = 1; i <= n; i++)); do
		d=$base/$mode-$i
		if [ ! -e "$d/.done" ]; then
			say "$mode run $i of $n"
			QEMU_TIMING=$mode "$DLCAP_TOP/scripts/run-batch.sh" "$kernel" "$topo" "$plan" "$d"
			touch "$d/.done"
		fi
		"$DLCAP_TOP/scripts/summary.sh" "$d/$point" "$mode-$i" |
			if [ $first = 1 ]; then cat; else tail -n +2; fi >> "$rows"
		first=0
	done
done
mkdir -p "$(dirname "$out")"
mv "$rows" "$out"
say "wrote $out"
