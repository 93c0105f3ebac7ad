#!/bin/bash
# Re-check a saved run without booting: decode OUTDIR/console.log again
# (every boot in it) and compare each point's files in OUTDIR with what
# the console says, byte for byte; list the kernel errors outside frames.
# Usage: scripts/recheck.sh OUTDIR
# Prints one line per point (same / DIFFERENT: files / not on the console)
# and the errors. Exit status: 0 all points match and no kernel error;
# 1 otherwise; 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || usage
dir=$(realpath -e -- "$1" 2>/dev/null) || bad "no folder $1"	# cmp runs inside the decoded points
[ -r "$dir/console.log" ] || bad "no $dir/console.log"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$DLCAP_TOP/scripts/console-decode.pl" "$tmp/out" "$dir/console.log" > /dev/null
bad=0
for pt in "$dir"/*/; do
	pt=${pt%/} n=${pt##*/}
	[ -e "$pt/.point-key" ] || continue
	if [ ! -d "$tmp/out/$n" ]; then
		echo "$n: not on the console"; bad=1; continue
	fi
	diff=$(cd "$tmp/out/$n" && find . -type f | sort | while read -r f; do
		cmp -s "$f" "$pt/$f" || printf ' %s' "${f#./}"; done)
	if [ -n "$diff" ]; then echo "$n: DIFFERENT:$diff"; bad=1; else echo "$n: same"; fi
done
if "$DLCAP_TOP/scripts/console-badness.pl" "$dir/console.log" > "$tmp/badness"; then
	echo "kernel errors on the console (line: text):"; cat "$tmp/badness"; bad=1
fi
exit $bad
