#!/bin/bash
# Every script that calls a function (or reads a setting) of a concern file
# of scripts/lib/ sources that file: scripts/lib.sh holds only the core, so
# a missing source line is an unbound call found only when that path runs.
# Prints one PASS:/FAIL: line per concern file; exit 1 on any FAIL.
# usage: tests/check-libs.sh [FILE...]  (default: every script of scripts/,
# tests/ and probes/, and the Makefile)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
shopt -s nullglob
[ $# -gt 0 ] || set -- scripts/*.sh tests/*.sh probes/*.sh Makefile
bad=0
for lib in scripts/lib/*.sh; do
	# the names it defines: NAME() and NAME= at the start of a line
	names=$(sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)\(()\|=\).*/\1/p' "$lib" | sort -u | tr '\n' '|')
	names=${names%|}
	[ -n "$names" ] || { echo "FAIL: $lib defines nothing"; bad=1; continue; }
	missing=
	for f in "$@"; do
		[ -r "$f" ] || { echo "FAIL: cannot read $f"; bad=1; continue; }
		# used: a defined name as a word on a line that is not a comment
		grep -v '^[[:space:]]*#' "$f" | grep -Eqw "$names" || continue
		grep -Eq "(scripts/)?lib/${lib##*/}" "$f" || missing="$missing $f"
	done
	if [ -z "$missing" ]; then
		echo "PASS: every user of ${lib#scripts/} sources it"
	else
		echo "FAIL: use ${lib#scripts/}'s names without sourcing it:$missing"; bad=1
	fi
done
exit $bad
