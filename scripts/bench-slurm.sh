#!/bin/bash
# Points per hour of one sweep (tests/sweeps/bench-slurm.sweep: 4 boots of
# 4 points) run by the local runner with SWEEP_JOBS=1 and 2, and through a
# one-node Slurm (scripts/slurm-local.sh, declared with 4 CPUs) with 1, 2
# and 4 array tasks at once; each from an empty results folder, the same
# kernels, initramfs and QEMU. Run it on a machine doing nothing else.
# Usage: scripts/bench-slurm.sh [OUT.csv [SWEEP_FILE]]
#   (default results/slurm/throughput.csv and tests/sweeps/bench-slurm.sweep)
# Also checks that every run's points.csv is the local run's, byte for byte.
set -u
. "$(dirname "$0")/lib.sh"
out=${1:-$DLCAP_TOP/results/slurm/throughput.csv}
sweep=${2:-$DLCAP_TOP/tests/sweeps/bench-slurm.sweep}
name=$(basename "$sweep" .sweep)
tmp=$(mktemp -d /tmp/dlcap-bench-slurm.XXXXXX)
S=$tmp/slurm
trap '[ -e "$S/slurm.conf" ] && "$DLCAP_TOP/scripts/slurm-local.sh" stop "$S"; rm -rf "$tmp"' EXIT
mkdir -p "$(dirname "$out")"
rows=()
# record RUNNER CONCURRENCY SECONDS RESULTS
record() {
	local same=no
	cmp -s "$4/sweeps/$name/points.csv" "$tmp/local1/sweeps/$name/points.csv" && same=yes
	local pts
	pts=$(($(wc -l < "$4/sweeps/$name/points.csv") - 1))
	rows+=("$1,$2,$pts,$3,$(awk -v p="$pts" -v s="$3" 'BEGIN { printf "%.0f", p * 3600 / s }'),$same")
	say "$1 x$2: $pts points in $3 s (points.csv as local x1: $same)"
}
for j in 1 2; do
	t0=$(date +%s)
	DLCAP_RESULTS=$tmp/local$j SWEEP_JOBS=$j "$DLCAP_TOP/scripts/sweep.sh" "$sweep" > "$tmp/local$j.log" 2>&1 ||
		die "the local run (SWEEP_JOBS=$j) failed: $tmp/local$j.log"
	record local "$j" $(($(date +%s) - t0)) "$tmp/local$j"
done
for a in 1 2 4; do
	env=$(SLURM_LOCAL_CPUS=4 "$DLCAP_TOP/scripts/slurm-local.sh" start "$S") || die "Slurm did not start"
	eval "$env"
	t0=$(date +%s)
	DLCAP_RESULTS=$tmp/slurm$a SLURM_ARRAY_LIMIT=$a RUNNER=slurm "$DLCAP_TOP/scripts/sweep.sh" "$sweep" > "$tmp/slurm$a.log" 2>&1 ||
		die "the Slurm submission (SLURM_ARRAY_LIMIT=$a) failed: $tmp/slurm$a.log"
	while [ -n "$(squeue -h -n "dlcap-$name,dlcap-$name-tables" 2> /dev/null)" ]; do sleep 1; done
	record slurm "$a" $(($(date +%s) - t0)) "$tmp/slurm$a"
	"$DLCAP_TOP/scripts/slurm-local.sh" stop "$S"
done
{
	echo "runner,at_once,points,seconds,points_per_hour,same_points_as_local1"
	printf '%s\n' "${rows[@]}"
} > "$out"
cat "$out"
