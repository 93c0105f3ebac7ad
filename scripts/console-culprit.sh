#!/bin/bash
# Which point a boot's bad end belongs to, read from its console: the point
# that was running at the first kernel error the badness scanner found
# (scripts/console-badness.pl), or, with none, the last point that started.
# Runs on any saved console.
#
# Usage: scripts/console-culprit.sh CONSOLE BADNESS
#          prints "POINT LINE": LINE is the console line of the first
#          kernel error, 0 without one; nothing when no point started
#        scripts/console-culprit.sh --excerpt CONSOLE LINE
#          the console lines to file with the failure: from 20 lines before
#          LINE (80 lines), or the last 60 when LINE is 0
# Exit status: 0; 2 bad usage.
set -eu
. "$(dirname "$0")/lib.sh"	# usage
start_re='s/^dlcap-init: start \([^:]*\):.*/\1/p'
if [ "${1:-}" = --excerpt ] && [ $# = 3 ]; then
	if [ "$3" -gt 0 ]; then
		echo "--- console from 20 lines before the first kernel error ---"
		tail -n +"$(($3 > 20 ? $3 - 20 : 1))" "$2" | head -80
	else
		echo "--- last 60 console lines ---"
		tail -60 "$2"
	fi
	exit 0
fi
[ $# = 2 ] || usage
line=$(head -1 "$2" | cut -d: -f1)
if [ -n "$line" ]; then
	point=$(head -n "$line" "$1" | sed -n "$start_re" | tail -1)
else
	line=0 point=$(sed -n "$start_re" "$1" | tail -1)
fi
[ -z "$point" ] || echo "$point $line"
