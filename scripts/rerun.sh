#!/bin/bash
# The one full rerun (issue 32, docs/evidence-plan.md): every committed
# experiment of results/index.csv (make reproduce: each experiment's target
# rewrites its results/ folder, then its points are compared with the
# committed manifests), the evidence sweeps run on this host
# (experiments/evidence-here.list), their analysis and growth labels, and
# EXPERIMENTS.md's generated tables rewritten from the new CSVs.
# Usage: scripts/rerun.sh [--list] [STEP...]
#   --list   print the steps, one per line, and exit (nothing runs)
#   STEP     run only these steps (names as --list prints them)
# Resumable: every step skips the points it has (a point is redone only
# when an input of its boot changed), so after a cut the same command goes
# on where it stopped. Each step's output goes to
# DLCAP_CACHE/rerun/STEP.log; one progress line per step on stderr, with
# the hours spent so far. A rerun longer than a machine's life goes on on
# the next one: the plan runs finished here are saved after every step
# into results/checkpoint/ (scripts/checkpoint.sh; commit them) and
# unpacked into results/raw first, where a point is kept only if its key
# is unchanged. A failed step does not stop the others; the exit
# status is 1 when any failed (make reproduce finding points that differ
# from the committed ones is not a failure: after a change to a boot's bytes
# every point does). The prose of EXPERIMENTS.md stays the
# author's: the rerun rewrites data and tables, not sentences.
# RERUN_LIST (environment) replaces experiments/evidence-here.list.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
list=0
[ "${1:-}" = --list ] && { list=1; shift; }
case "${1:-}" in -*) usage ;; esac

here=${RERUN_LIST:-$DLCAP_TOP/experiments/evidence-here.list}
[ -r "$here" ] || die "cannot read $here"
sweeps=$(awk '!/^#/ && NF { print $1 }' "$here")
for s in $sweeps; do
	[ -r "$DLCAP_TOP/experiments/sweeps/$s.sweep" ] ||
		die "$here: no experiments/sweeps/$s.sweep"
done

# The steps, in order: NAME COMMAND...
steps=("reproduce make reproduce")
for s in $sweeps; do steps+=("sweep-$s make sweep-$s"); done
for s in $sweeps; do
	case $s in
	growth*) steps+=("growth-$s make growth SWEEP=$s") ;;
	*) steps+=("analysis-$s make analysis SWEEP=$s") ;;
	esac
done
steps+=("tables scripts/experiments-tables.sh --write")

if [ $list = 1 ]; then
	printf '%s\n' "${steps[@]}"
	exit 0
fi
want=" $* "
for w in "$@"; do
	printf '%s\n' "${steps[@]}" | awk -v w="$w" '$1 == w { f = 1 } END { exit !f }' ||
		die "no step '$w' (scripts/rerun.sh --list)"
done

logs=$DLCAP_CACHE/rerun
mkdir -p "$logs"
"$DLCAP_TOP/scripts/checkpoint.sh" restore
start=$(date +%s) bad=0 k=0
for st in "${steps[@]}"; do
	name=${st%% *} cmd=${st#* }
	k=$((k + 1))
	[ $# = 0 ] || [[ $want == *" $name "* ]] || continue
	say "[$k/${#steps[@]}] $name: $cmd (log: $logs/$name.log)"
	t0=$(date +%s)
	# shellcheck disable=SC2086
	if (cd "$DLCAP_TOP" && $cmd) > "$logs/$name.log" 2>&1; then
		what=done
	elif [ "$name" = reproduce ] && ! grep -q '^[^ ]*: \(make .* failed\|being made by another run\)' "$logs/$name.log"; then
		# make reproduce exits 1 when a point differs from its committed
		# manifest, which every point does after a change to a boot's bytes
		what="done ($(awk '/: [0-9]+ identical, [0-9]+ different/ { d += $4 } END { print d + 0 }' "$logs/$name.log") points differ from the committed ones)"
	else
		what="FAILED (tail of $logs/$name.log below)"; bad=1
	fi
	now=$(date +%s)
	say "[$k/${#steps[@]}] $name: $what in $(( (now - t0) / 60 )) min; $(awk -v s=$((now - start)) 'BEGIN { printf "%.2f", s / 3600 }') h so far"
	[ "${what%% *}" = done ] || tail -5 "$logs/$name.log" >&2
	"$DLCAP_TOP/scripts/checkpoint.sh" save
done
exit $bad
