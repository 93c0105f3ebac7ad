#!/bin/bash
# A batch's points in OUTDIR: which ones a run is to run, and each finished
# or failed point moved in with its key and manifest (how it was produced)
# before it is renamed into place whole, so that a folder named after a
# point is always a point that ended.
#
# Usage: scripts/point-collect.sh --status OUTDIR KEYS
#          per "NAME KEY" line of KEYS (scripts/point-keys.sh), "NAME KEY
#          WHAT": new, stale (OUTDIR/NAME has another key), failed (it has a
#          FAILED file; run again unless KEEP_FAILED=1) or keep
#        scripts/point-collect.sh WORK OUTDIR BOOT
#          every point of this boot that the decoder put in WORK/out and
#          OUTDIR lacks; one without rc lost a frame and gets a FAILED file.
#          Prints "NAME DONE" per point moved, DONE the number of the plan's
#          points in OUTDIR once it is there
#        scripts/point-collect.sh --failed WORK OUTDIR BOOT NAME < TEXT
#          NAME failed in BOOT: TEXT is its FAILED file, its rc "fail"; what
#          OUTDIR/NAME held is kept
#   WORK   a boot's work folder (scripts/run-batch.sh): in/plan (every
#          point), in/plan.boot (this boot's, in order), in/TASKSET, out/NAME
#          (decoded points), stamps (console-decode.pl --stamps), keys
#          (point-keys.sh), boot.env (point-keys.sh --parts, plus topo,
#          caps, accel and dlgen_ver)
# A point's manifest.txt is "LABEL: ..." lines for people, and the boot's
# "input NAME: VALUE" lines that its key hashed with its "point:" line.
# Exit status: 0; 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ "${1:-}" = --status ]; then
	[ $# = 3 ] || usage
	while read -r n key; do
		if [ ! -d "$2/$n" ]; then what=new
		elif [ "$(cat "$2/$n/.point-key" 2>/dev/null)" != "$key" ]; then what=stale
		elif [ -e "$2/$n/FAILED" ] && [ "${KEEP_FAILED:-0}" != 1 ]; then what=failed
		else what=keep
		fi
		echo "$n $key $what"
	done < "$3"
	exit 0
fi
failed=
[ "${1:-}" = --failed ] && { failed=1; shift; }
[ $# = $((3 + ${failed:-0})) ] || usage
work=$1 outdir=$2 boot=$3
[ -r "$work/boot.env" ] && [ -r "$work/keys" ] || bad "$work is not a boot's work folder"
. "$work/boot.env"
# plan_line NAME: the point's line of the staged plan (names compared
# exactly: a regex would let "u2.5-s1" match "u205-s1")
plan_line() { awk -v n="$1" '$1 == n { print; exit }' "$work/in/plan"; }
mapfile -t pending < <(awk '{ print $1 }' "$work/in/plan.boot")

# host_seconds POINT: host time from the point's start line to its first
# result frame (what the point itself cost), or "unknown".
host_seconds() {
	local i
	for i in 1 2 3 4 5 6 7 8 9 10; do
		awk -v n="$1" '
			$2 == "start" && $3 == n { t0 = $1 }
			$2 == "file" && $3 == n && t0 != "" { printf "%.3f\n", $1 - t0; ok = 1; exit }
			END { exit !ok }' "$work/stamps" 2>/dev/null && return
		sleep 0.1
	done
	echo unknown
}

# file_point NAME DIR: NAME's key and manifest into DIR, which then becomes
# OUTDIR/NAME.
file_point() {
	local n=$1 key ts line hist= m
	key=$(awk -v n="$n" '$1 == n { print $2; exit }' "$work/keys")
	line=$(plan_line "$n")
	ts=$(echo "$line" | cut -d' ' -f2)
	for m in "${pending[@]}"; do [ "$m" = "$n" ] && break; hist="$hist $m"; done
	echo "$key" > "$2/.point-key"
	{
		echo "point: $line"
		echo "taskset: $ts sha256 $(hash_files "$work/in/$ts")"
		echo "kernel: $kernel Image sha256 $imgsum .config sha256 $cfgsum patches $patches sha256 $patchsum"
		echo "knobs: $(tr '\n' ';' 2>/dev/null < "$2/knobs.txt")"
		echo "topology: $topo ($caps) file sha256 $topsum dtb sha256 $dtbsum"
		echo "qemu: $qver"
		echo "timing: $timing ($accel)"
		echo "command: $command"
		echo "dlgen: $dlgen_ver"
		# what the key hashed (scripts/point-keys.sh), with the point line
		# above, read by scripts/results-manifest.sh
		echo "$inputs"
		echo "boot: $boot of this batch, point key $key"
		echo "history: points before it in its boot:${hist:- none}"
		echo "host seconds: $(host_seconds "$n") (from its start line to its results on the console)"
	} > "$2/manifest.txt"
	mv "$2" "$outdir/$n"
}

if [ -n "$failed" ]; then
	n=$4
	# the point's data, if any arrived, is kept (a .tmp left by an
	# interrupted run goes first, or mv would put the point inside it)
	rm -rf "$outdir/.$n.tmp"
	[ -d "$outdir/$n" ] && mv "$outdir/$n" "$outdir/.$n.tmp"
	mkdir -p "$outdir/.$n.tmp"
	cat > "$outdir/.$n.tmp/FAILED"
	echo fail > "$outdir/.$n.tmp/rc"
	file_point "$n" "$outdir/.$n.tmp"
	exit 0
fi

mapfile -t names < <(awk '{ print $1 }' "$work/in/plan")
for n in "${pending[@]}"; do
	[ -d "$work/out/$n" ] && [ ! -d "$outdir/$n" ] || continue
	tmp=$outdir/.$n.tmp
	rm -rf "$tmp"
	cp -r "$work/out/$n" "$tmp"
	# init sends rc with every point: without it a frame was lost
	[ -e "$tmp/rc" ] || [ -e "$tmp/FAILED" ] ||
		echo "the point's rc did not arrive on the console (a frame lost)" > "$tmp/FAILED"
	# the patched kernel's placement trace, joined to the jobs
	if [ -e "$tmp/placements.trace" ] && [ -e "$tmp/jobs.csv" ] && [ -e "$tmp/tasks.csv" ]; then
		"$DLCAP_TOP/scripts/placement-reasons.sh" "$tmp" ||
			say "WARNING: $n: scripts/placement-reasons.sh failed; the point is kept without reasons.csv"
	fi
	# a traced point's trace.dat as the text Perfetto's UI opens
	if [ -e "$tmp/trace.dat" ]; then
		"$DLCAP_TOP/scripts/trace-text.sh" "$tmp" ||
			say "WARNING: $n: scripts/trace-text.sh failed; the point is kept without trace.txt"
	fi
	file_point "$n" "$tmp"
	k=0
	for m in "${names[@]}"; do [ -d "$outdir/$m" ] && k=$((k + 1)); done
	echo "$n $k"
done
