#!/bin/bash
# Boot the same plan N times while another boot runs beside it on the host,
# and count the repeats whose points' jobs.csv differ from the first boot's.
# Usage: scripts/bench-determinism.sh KERNEL TOPO PLAN N OUT.csv
#   The runs use the environment's QEMU_* settings (e.g. QEMU_TIMING=quantum);
#   the boot beside them runs experiments/plans/fidelity-load.plan on
#   symmetric8 over and over, in Debian's QEMU. Raw runs:
#   results/raw/determinism/KERNEL-TOPO-PLAN/i (the first is kept).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
[ $# = 5 ] || usage
kernel=$1 topo=$2 plan=$3 n=$4 out=$5
base=$DLCAP_TOP/results/raw/determinism/$kernel-$topo-$plan
rm -rf "$base"; mkdir -p "$base" "$(dirname "$out")"
beside() {
	while :; do
		env -u QEMU_BIN QEMU_TIMING=virtual "$DLCAP_TOP/scripts/run-batch.sh" stock symmetric8 fidelity-load \
			"$base/beside" > /dev/null 2>&1 || true
		rm -rf "$base/beside"
	done
}
beside &
bpid=$!
# set -e holds in the trap too: a kill or pkill that finds nothing (the
# boot beside between two runs) must not turn a finished bench into exit 1
trap 'kill $bpid 2>/dev/null || :; pkill -f "runs/stock-symmetric8-fidelity-load-" 2>/dev/null || :; wait $bpid 2>/dev/null || :' EXIT
echo "run,point,jobs,identical_to_run1,host_s" > "$out.tmp"
diverged=0
for ((i = 1; i <= n; i++)); do
	d=$base/$i
	"$DLCAP_TOP/scripts/run-batch.sh" "$kernel" "$topo" "$plan" "$d" > "$d.log" 2>&1 ||
		{ cat "$d.log" >&2; die "run $i failed"; }
	same_all=yes
	for pt in "$d"/*/; do
		pt=${pt%/} p=$(basename "$pt")
		[ -r "$pt/jobs.csv" ] || continue
		same=-
		if [ $i -gt 1 ]; then
			if cmp -s "$pt/jobs.csv" "$base/1/$p/jobs.csv"; then same=yes; else same=no; same_all=no; fi
		fi
		host=$(manifest_host_seconds "$pt/manifest.txt")
		echo "$i,$p,$(($(wc -l < "$pt/jobs.csv") - 1)),$same,$host" >> "$out.tmp"
	done
	[ $same_all = yes ] || diverged=$((diverged + 1))
	say "run $i of $n: $([ $i = 1 ] && echo reference || echo "identical: $same_all"); $diverged diverged so far"
	[ $i = 1 ] || rm -rf "$d"
done
mv "$out.tmp" "$out"
say "wrote $out: $diverged of $((n - 1)) repeats diverged"
