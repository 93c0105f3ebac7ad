#!/bin/bash
# A traced point's trace.dat (initramfs/trace-point.sh) as ftrace text,
# which Perfetto's UI opens (its "Linux ftrace textual format"): trace-cmd
# report without plugins (-N), so each event prints in the kernel's own
# format (sched_switch as prev_comm=... ==> next_comm=..., what Perfetto's
# text importer parses), with nanosecond timestamps (-t), less the name of
# the recording instance that trace-cmd puts before each line ("dlcap: ").
# Usage: scripts/trace-text.sh POINTDIR
#   writes POINTDIR/trace.txt
# Exit status: 0; 1 no trace-cmd on the host, or trace.dat unreadable
# (trace-cmd report can exit 0 on a truncated file: the text must start
# with its "cpus=N" line and hold at least one event); 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || usage
dat=$1/trace.dat
[ -r "$dat" ] || bad "no $dat"
command -v trace-cmd > /dev/null || die "no trace-cmd on the host (make deps installs it)"
tmp=$1/.trace.txt.tmp
trap 'rm -f "$tmp"' EXIT
trace-cmd report -N -t -i "$dat" 2> /dev/null | sed 's/^dlcap: //' > "$tmp" ||
	die "$dat: trace-cmd report failed"
head -1 "$tmp" | grep -q '^cpus=[0-9]*$' && grep -q '^ *[^ ].*-[0-9]* *\[[0-9]*\] *[0-9.]*: [a-z_]*:' "$tmp" ||
	die "$dat: trace-cmd report gives no events"
mv "$tmp" "$1/trace.txt"
