#!/bin/bash
# Submit a sweep's boots to Slurm: one array task per boot (a line of
# BATCHES: KERNEL TOPOLOGY PLAN OUTDIR, written by scripts/sweep.sh), then
# the tables and figures as a job that runs after the array, whatever its
# tasks' exit (failed points are reported by the aggregation, as locally).
# Usage: scripts/slurm-submit.sh SWEEPFILE BATCHES DURATION   (RUNNER=slurm
#   make sweep-NAME calls it through scripts/sweep.sh, the one parser of
#   sweep files, which gives the points' duration in seconds)
# Settings (environment; sbatch's own SBATCH_* variables pass through too):
#   SLURM_PARTITION   partition (default: the cluster's default)
#   SLURM_TIME        time limit per boot, minutes (default: from the points'
#                     measured host time, see below)
#   SLURM_MEM         memory per boot (default 2G: a 1 GiB guest and QEMU)
#   SLURM_ARRAY_LIMIT boots at once (the array's %N; default: no limit)
#   SLURM_EXTRA       more sbatch options, e.g. "--qos=long"
# The default time limit: 3 x the mean host seconds per point that the
# sweep's finished points measured (their manifests) x the points of the
# largest boot, + 10 min; with no finished point, 40 host s per guest s.
# Everything a boot needs is on a filesystem every node sees: the checkout
# (results/), DLCAP_CACHE (kernels, QEMU, initramfs; built once, on the
# submit host, before submitting); each node needs the packages of
# `make deps` (docs/slurm.md).
# Exit status: 0 submitted (prints the job ids); 2 bad input.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
. "$DLCAP_TOP/scripts/lib/qemu.sh"
[ $# = 3 ] || usage
file=$(realpath "$1") batches=$(realpath "$2") duration=$3
[[ $duration =~ ^[1-9][0-9]*$ ]] || { echo "slurm-submit: DURATION='$duration' is not whole seconds >= 1" >&2; exit 2; }
name=$(basename "$file" .sweep)
raw=$(dirname "$batches")
[ -z "${DLCAP_RESULTS:-}" ] || export DLCAP_RESULTS=$(realpath -m "$DLCAP_RESULTS")
# Decided here, on the submit host, for every task: the QEMU binary (the
# node's own package version could name another) and the kernel tree's
# version (from the tarball here; a variant with its own SOURCE= takes the
# node's version of that package); the tasks inherit the environment.
if [ "${QEMU_TIMING:-quantum}" = quantum ]; then export QEMU_BIN=${QEMU_BIN:-$(qemu_dlcap_bin)}; fi
export DLCAP_TARBALL_VERSION=${DLCAP_TARBALL_VERSION:-$(tarball_version)}
command -v sbatch > /dev/null || { echo "slurm-submit: no sbatch here (RUNNER=slurm needs a Slurm submit host)" >&2; exit 2; }
n=$(grep -c . "$batches") || { echo "slurm-submit: no boots in $batches" >&2; exit 2; }
# largest boot, in points
most=0
while read -r _ _ plan _; do
	k=$(grep -vc '^#' "$plan") || true
	[ "$k" -gt "$most" ] && most=$k
done < "$batches"
if [ -z "${SLURM_TIME:-}" ]; then
	mean=$(mean_host_seconds "$raw")
	[ -n "$mean" ] || mean=$((HOST_S_PER_GUEST_S * duration))
	SLURM_TIME=$(( (3 * mean * most + 59) / 60 + 10 ))
fi
[[ $SLURM_TIME =~ ^[1-9][0-9]*$ ]] || { echo "slurm-submit: SLURM_TIME='$SLURM_TIME' is not whole minutes" >&2; exit 2; }
mem=${SLURM_MEM:-2G}
mkdir -p "$raw/slurm"
[ "$n" -le 1000 ] || echo "slurm-submit: $n boots: above Slurm's default MaxArraySize (1001); the cluster may refuse the array" >&2
# this submission's boots, frozen: a later sweep.sh may rewrite batches.txt
# while these tasks still wait in the queue
sub=$raw/slurm/batches-$(date -u +%Y%m%dT%H%M%S)-$$.txt
cp "$batches" "$sub"
opts=(--parsable --chdir="$DLCAP_TOP" --mem="$mem" --time="$SLURM_TIME" --cpus-per-task=1)
[ -n "${SLURM_PARTITION:-}" ] && opts+=(--partition="$SLURM_PARTITION")
# shellcheck disable=SC2206
[ -n "${SLURM_EXTRA:-}" ] && opts+=($SLURM_EXTRA)
array=0-$((n - 1))${SLURM_ARRAY_LIMIT:+%$SLURM_ARRAY_LIMIT}
arr=$(sbatch "${opts[@]}" --job-name="dlcap-$name" --array="$array" \
	--output="$raw/slurm/boot-%A_%a.out" "$DLCAP_TOP/scripts/slurm-batch.sh" "$sub") ||
	die "sbatch of the boots failed"
arr=${arr%%;*}
agg=$(sbatch "${opts[@]}" --job-name="dlcap-$name-tables" --dependency="afterany:$arr" \
	--output="$raw/slurm/tables.out" --wrap="RUNNER=local '$DLCAP_TOP/scripts/sweep.sh' --aggregate '$file'") ||
	die "sbatch of the tables job failed"
agg=${agg%%;*}
printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$arr" "$agg" >> "$raw/slurm/jobs.txt"
say "sweep $name: $n boot(s) submitted as job array $arr ($array, ${SLURM_TIME} min, $mem each), tables and figures as job $agg after it; progress: scripts/sweep-status.sh $name"
