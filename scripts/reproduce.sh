#!/bin/bash
# Rerun committed experiments and say, point by point, whether the jobs
# came out byte-identical to the committed ones, and for a point that did
# not, which input of its boot differs (kernel Image or config, initramfs,
# DTB, staged inputs, QEMU binary, timing, command line, dlgen), and which
# Debian package versions differ from the committed build.txt.
# Usage: scripts/reproduce.sh [--no-run] [EXPERIMENT...]
#   EXPERIMENT  a row of results/index.csv (default: every row, in order)
#   --no-run    compare what results/raw holds, boot nothing
# A row with no committed results/EXP/manifest.csv (a table derived from
# other rows' points, as analysis/ and growth/, or an experiment not
# committed with one yet) is made all the same, and said to have nothing
# to compare; that is not a failure.
# The committed manifests are read from git (HEAD), so the rerun may
# rewrite the working tree's copies. Each target's output is kept in
# DLCAP_CACHE/reproduce/EXPERIMENT.log ('/' written '+'). An experiment
# another make reproduce is making (its lock, EXPERIMENT.lock beside the
# log) is skipped, said so, and counted as a failure. Exit status: 0 every
# point identical, 1 otherwise, 2 bad usage.
set -eu
. "$(dirname "$0")/lib.sh"
run=1
[ "${1:-}" = --no-run ] && { run=0; shift; }
index=$DLCAP_TOP/results/index.csv
col() { awk -F, -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c[want] }' "$index"; }
if [ $# = 0 ]; then
	# shellcheck disable=SC2046
	set -- $(col experiment)
	[ $# -gt 0 ] || bad "no row in $index"
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bad=0
for e in "$@"; do
	target=$(paste -d, <(col experiment) <(col target) | awk -F, -v e="$e" '$1 == e { print $2 }')
	[ -n "$target" ] || bad "no experiment '$e' in results/index.csv"
	old=1
	git -C "$DLCAP_TOP" show "HEAD:results/$e/manifest.csv" > "$tmp/old.csv" 2>/dev/null || old=0
	git -C "$DLCAP_TOP" show "HEAD:results/$e/build.txt" > "$tmp/old.txt" 2>/dev/null || : > "$tmp/old.txt"
	# one run at a time per experiment: a second make reproduce (another
	# stream of a long rerun) leaves alone what this one is making
	lock=$DLCAP_CACHE/reproduce/${e//\//+}.lock
	mkdir -p "${lock%/*}"
	exec 8> "$lock"
	if ! flock -n 8; then
		echo "$e: being made by another run (lock $lock): neither made nor compared here (scripts/reproduce.sh $e after it)"
		bad=1
		continue
	fi
	if [ $run = 1 ]; then
		say "$e: make $target"
		log=$DLCAP_CACHE/reproduce/${e//\//+}.log
		# shellcheck disable=SC2086 # a target may carry a variable: analysis SWEEP=NAME
		make -C "$DLCAP_TOP" --no-print-directory $target > "$log" 2>&1 8>&- ||
			{ tail -5 "$log"; echo "$e: make $target failed (the comparison below covers what ran; its output: $log)"; bad=1; }
	fi
	if [ $old = 0 ]; then
		echo "$e: no committed manifest (results/$e/manifest.csv): nothing to compare"
		exec 8>&-
		continue
	fi
	"$DLCAP_TOP/scripts/results-manifest.sh" "$e" "$tmp/new"
	"$DLCAP_TOP/scripts/compare-manifests.sh" "$e" "$tmp/old.csv" "$tmp/new/manifest.csv" || bad=1
	# package versions (every line but the commit and the point count)
	if ! diff <(grep -v '^commit:\|^points:' "$tmp/old.txt") <(grep -v '^commit:\|^points:' "$tmp/new/build.txt") > "$tmp/pkg.diff"; then
		echo "$e: versions differ from the committed build.txt (< committed, > here):"
		grep '^[<>]' "$tmp/pkg.diff" | sed 's/^/    /'
	fi
	rm -rf "$tmp/new"
	exec 8>&-
done
exit $bad
