#!/bin/bash
# The fair-server A/B of issue 33 (results/fsoff, EXPERIMENTS.md section 23,
# "The fair server and nonidle-fit"): the boots of experiments/plans/fsoff/
# and the three tables from them and the headline sweeps' points of the
# same four sets. Run by make fsoff.
#   patched-6.12: fsoff-hikey960{,-r2,-r3,-r4} (servers on and off, traced)
#   patched:      fsoff61-hikey960{,-r2,-r3,-r4} (the 6.1 control, traced)
#   both:         fsoff-plain-hikey960{,-r2,-r3,-r4} (untraced, as booted)
# The replicates of a plan go into one folder (their points are named
# -rR). A boot whose points are all there with their keys boots nothing
# (scripts/run-batch.sh).
# Needs the headline sweeps' points of the four sets on both trees in
# results/raw/sweeps/ (make sweep-headline-hikey960
# sweep-headline-hikey960-612, or the rerun's checkpoints); exits 2 naming
# the first one missing before any boot.
# Usage: scripts/fsoff.sh OUTDIR   (make fsoff: results/fsoff)
# The boots go to results/raw/, results/ being $DLCAP_RESULTS when set
# (tests).
# Exit status: 0; 1 a boot or a table failed; 2 bad usage or a sweep
# point missing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || usage
out=$1
raw=${DLCAP_RESULTS:-$DLCAP_TOP/results}/raw
plans=experiments/plans/fsoff
sets="u3.5-s4 u3.5-s5 u4.5-s2 u4.5-s3"
sweep_points=()
for sw in headline-hikey960-612/patched-6.12 headline-hikey960/patched; do
	for pol in nonidle-fit series; do
		for s in $sets; do
			p=$raw/sweeps/${sw%%/*}/${sw#*/}/hikey960/$pol-$s
			[ -r "$p/jobs.csv" ] ||
				{ echo "fsoff: no $p/jobs.csv: run make sweep-${sw%%/*} first (or restore the rerun's checkpoints: scripts/checkpoint.sh restore)" >&2; exit 2; }
			sweep_points+=("$p")
		done
	done
done
cd "$DLCAP_TOP"
# run KERNEL PLAN OUTNAME: PLAN and its replicates -r2..-r4, one boot each
run() {
	local r
	for r in "" -r2 -r3 -r4; do
		say "$1: $2$r"
		scripts/run-batch.sh "$1" hikey960 "$plans/$2$r.plan" "$raw/$1/hikey960/$3"
	done
}
run patched-6.12 fsoff-hikey960 fsoff-hikey960
run patched fsoff61-hikey960 fsoff61-hikey960
run patched-6.12 fsoff-plain-hikey960 fsoff-plain-hikey960
run patched fsoff-plain-hikey960 fsoff-plain-hikey960
mkdir -p "$out"
scripts/fsoff-table.sh "$raw"/patched-6.12/hikey960/fsoff-hikey960/*-u*-s*-o*/ \
	"$raw"/patched/hikey960/fsoff61-hikey960/*-u*-s*/ \
	"$raw"/patched{-6.12,}/hikey960/fsoff-plain-hikey960/*-u*-s*/ \
	"${sweep_points[@]}" > "$out/points.csv"
scripts/fsoff-table.sh --by-source "$out/points.csv" > "$out/by-source.csv"
scripts/fsoff-table.sh --pairs "$out/points.csv" > "$out/pairs.csv"
say "$out: points.csv ($(($(wc -l < "$out/points.csv") - 1)) points), by-source.csv, pairs.csv"
