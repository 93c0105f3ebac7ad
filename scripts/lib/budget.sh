# Host time: what a guest second costs, and what finished points took.
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

# Host seconds per guest second to budget for: the worst host cost
# measured, about 30 (quantum mode, 8 busy vCPUs: 27.3 for the cover letter
# with emulated work, EXPERIMENTS.md section 2), doubled as a margin. A
# sweep point's budget before it is called hung (scripts/sweep.sh's
# POINT_TIMEOUT) and a boot's time estimate before any point of the sweep
# has finished (scripts/slurm-submit.sh's SLURM_TIME).
HOST_S_PER_GUEST_S=60

# manifest_host_seconds MANIFEST: the host seconds a point took, from its
# manifest.txt's "host seconds: N (...)" line (scripts/point-collect.sh), or
# nothing.
manifest_host_seconds() {
	sed -n '/^host seconds: /{s/^host seconds: \([0-9.]*\) .*/\1/p;q}' "$1"
}

# mean_host_seconds RAWDIR: the mean host seconds per point of a sweep's
# finished points (their manifests, RAWDIR/KERNEL/TOPO/POINT), or nothing.
# (No manifest yet is no mean, not a failure: cat's exit is not the pipe's.)
mean_host_seconds() {
	{ cat "$1"/*/*/*/manifest.txt 2>/dev/null || true; } |
		awk '/^host seconds: [0-9]/ { s += $3; n++ } END { if (n) printf "%.0f", s / n }'
}
