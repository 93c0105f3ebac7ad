#!/bin/bash
# Kernel errors on a dlcap guest's console, outside the result frames
# (base64 can spell "Oops" and "BUG:"; frame bodies are skipped).
# Usage: scripts/console-badness.sh [CONSOLE]   (default: standard input,
#   e.g. tail -F of a live console)
# Prints "LINE: text" per error line, as found. Exit status: 0 when it
# printed one, 1 when the console has none (as grep).
awk '
BEGIN { re = "Kernel panic|BUG:|WARNING:|Oops|rcu.*stall|INFO: task .* blocked|Unable to handle kernel" }
{ sub(/\r$/, "") }
/^dlcap-file: / { inframe = 1; next }
/^dlcap-/ { inframe = 0; next }
inframe && /^[A-Za-z0-9+\/=]+$/ { next }
$0 ~ re { printf "%d: %s\n", NR, $0; fflush(); found = 1 }
END { exit !found }' "$@"
