#!/bin/bash
# One Slurm array task: the boot on line SLURM_ARRAY_TASK_ID (from 0) of
# BATCHES ("KERNEL TOPOLOGY PLAN OUTDIR"), by scripts/run-batch.sh, which
# runs only the points that are missing or failed and locks OUTDIR.
# Usage (by scripts/slurm-submit.sh): sbatch --array=... slurm-batch.sh BATCHES
set -euo pipefail
batches=${1:?usage: slurm-batch.sh BATCHES}
i=${SLURM_ARRAY_TASK_ID:?not a Slurm array task}
line=$(sed -n "$((i + 1))p" "$batches")
read -r kernel topo plan outdir <<< "$line" || true
[ -n "${outdir:-}" ] || { echo "slurm-batch: no line $((i + 1)) in $batches" >&2; exit 2; }
echo "slurm-batch: task $i on $(hostname): $kernel $topo $plan"
# sbatch runs a copy of this script from its spool: the checkout is the
# working directory (--chdir)
QEMU_TIMEOUT=${QEMU_TIMEOUT:-86400} exec "$PWD/scripts/run-batch.sh" "$kernel" "$topo" "$plan" "$outdir"
