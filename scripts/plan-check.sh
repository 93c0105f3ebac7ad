#!/bin/bash
# Check a plan before anything boots, and print what the guest is to run.
# Usage: scripts/plan-check.sh PLANFILE
#   A plan line is NAME TASKSET [KNOB=VALUE...] [DLGEN OPTIONS...]; TASKSET
#   is relative to experiments/tasksets/ unless absolute: a .json task set
#   (checked with dlgen --check) or a .sh script the guest runs; knobs are
#   from kernels/knobs; a point's -d MS (or -dMS, --duration-ms=MS) goes to its task set's
#   check (loops of -1 are valid with a duration).
#   What a point needs in the guest's /share/in (the one list of what a
#   boot stages, scripts/run-batch.sh; nothing else of experiments/ goes
#   along, so a file no point names moves no point's key): its task set,
#   and for a guest script, each argument ending in .json and each file
#   the script declares on a "# stage: FILE..." line, both file names of
#   experiments/tasksets/ (the guest finds them as /share/in/FILE), and
#   kernels/knobs as /share/in/knobs for a script with a "# stage-knobs"
#   line (only then: a knob added for another kernel moves no other key).
#   A point with trace=on among its knobs (not a kernel knob) runs under
#   initramfs/trace-point.sh, which records the scheduler's events into
#   the point's trace.dat: its guest plan line names that script before
#   the task set, and it stages the script and the arm64 files its
#   "# stage-arm64:" lines name from scripts/sysroot.sh trace (fetched
#   once). A plan without trace=on stages and prints what it did before.
#   Prints, per point, "NAME<TAB>the guest's plan line<TAB>FILE<TAB>..."
#   (the plan line: NAME, the task set's file name, the rest; each FILE a
#   path, the task set first).
#   DLGEN_HOST: the host's dlgen (default dlgen/build/dlgen).
# Exit status: 0; 2 with one "PLANFILE:LINE: ..." line per problem.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
[ $# = 1 ] || usage
planfile=$1
dlgen_host=${DLGEN_HOST:-$DLCAP_TOP/dlgen/build/dlgen}
[ -r "$planfile" ] || { echo "plan-check: no plan $planfile" >&2; exit 2; }
names=() out=() bad=0 lineno=0
declare -A tsbase=() bydur=()	# bydur[MS or "-"]: the task sets to check with -d MS
tsdir=$DLCAP_TOP/experiments/tasksets
tracer=$DLCAP_TOP/initramfs/trace-point.sh trace_sysroot=
# staged FILE NAME: FILE goes to the guest as /share/in/NAME, which must
# not be another file's name there; adds it to the point's files
staged() {
	case "$2" in plan|plan.boot|capacities)
		echo "$planfile:$lineno: $1 would be staged as /share/in/$2, which the runner writes" >&2; bad=1; return ;;
	esac
	# the guest sees staged files by name: two files of one name would clash
	if [ -n "${tsbase[$2]:-}" ] && [ "${tsbase[$2]}" != "$1" ]; then
		echo "$planfile:$lineno: $1 has the file name of ${tsbase[$2]}, which the guest could not tell apart" >&2; bad=1
	fi
	tsbase[$2]=$1
	files+="	$1"
}
# taskset_file WHAT NAME: NAME, a file name of experiments/tasksets/ that
# WHAT names, as a path (one line and 1 when it is not there)
taskset_file() {
	case "$2" in */*|'') echo "$planfile:$lineno: $1 names '$2', which is not a file name of experiments/tasksets/" >&2; return 1 ;; esac
	[ -r "$tsdir/$2" ] || { echo "$planfile:$lineno: $1 names $2, which experiments/tasksets/ lacks" >&2; return 1; }
	echo "$tsdir/$2"
}
while read -r name ts args || [ -n "$name" ]; do
	lineno=$((lineno + 1))
	case "$name" in ''|'#'*) continue ;; esac
	if [ -z "$ts" ]; then
		echo "$planfile:$lineno: point '$name' names no task set" >&2; bad=1; continue
	fi
	case "$name" in
	*[!A-Za-z0-9._-]*|.*) echo "$planfile:$lineno: point name '$name' is not letters, digits, . _ - (not first .)" >&2; bad=1 ;;
	esac
	case "$name" in FAILED|guest.txt|console.log|run.txt|manifest.txt)
		echo "$planfile:$lineno: point name '$name' is reserved (a file of the results folder)" >&2; bad=1 ;;
	esac
	case " ${names[*]-} " in *" $name "*)
		echo "$planfile:$lineno: point name '$name' is used twice" >&2; bad=1 ;;
	esac
	names+=("$name")
	case "$ts" in
	/*) tsfile=$ts ;;
	*) tsfile=$tsdir/$ts ;;
	esac
	files=
	staged "$tsfile" "${ts##*/}"
	dur=- prev= traced=
	for a in $args; do
		case "$prev" in -d|--duration-ms) dur=$a; prev=; continue ;; esac
		prev=$a
		case "$a" in
		--duration-ms=*) dur=${a#*=}; continue ;;
		-d?*) dur=${a#-d}; continue ;;	# getopt's glued form, -d500
		-*) continue ;;
		trace=on) traced=1; continue ;;
		trace=*) echo "$planfile:$lineno: '$a': trace=on is its one value (without it, no trace)" >&2; bad=1; continue ;;
		*=*) ;;
		*) continue ;;
		esac
		knob_valid "$a" || { echo "$planfile:$lineno: knob '$a' is not NAME=VALUE from kernels/knobs" >&2; bad=1; }
	done
	case "$ts" in
	*.sh)
		if [ ! -r "$tsfile" ]; then
			echo "$planfile:$lineno: no guest script $tsfile" >&2; bad=1
		else
			# what the script reads besides its point folder
			for f in $(for a in $args; do case "$a" in *.json) echo "$a" ;; esac; done) \
				$(sed -n 's/^# stage://p' "$tsfile"); do
				g=$(taskset_file "guest script $ts" "$f") || { bad=1; continue; }
				staged "$g" "$f"
				case "$f" in *.json) bydur[-]+="$g"$'\n' ;; esac
			done
			! grep -q '^# stage-knobs$' "$tsfile" || staged "$DLCAP_TOP/kernels/knobs" knobs
		fi ;;
	*) bydur[$dur]+="$tsfile"$'\n' ;;
	esac
	line="$name ${ts##*/} $args"
	if [ -n "$traced" ]; then
		line="$name ${tracer##*/} ${ts##*/}$(for a in $args; do [ "$a" = trace=on ] || printf ' %s' "$a"; done)"
		staged "$tracer" "${tracer##*/}"
		if [ -z "$trace_sysroot" ]; then
			trace_sysroot=$("$DLCAP_TOP/scripts/sysroot.sh" trace | tail -1) ||
				{ echo "$planfile:$lineno: trace=on: cannot fetch trace-cmd:arm64 (scripts/sysroot.sh trace)" >&2; exit 2; }
		fi
		for f in $(sed -n 's/^# stage-arm64://p' "$tracer"); do
			staged "$trace_sysroot/$f" "${f##*/}"
		done
	fi
	out+=("$name	$line$files")	# (the space before an empty $args is in the boot's bytes)
done < "$planfile"
[ ${#names[@]} -gt 0 ] || { echo "$planfile: no points" >&2; exit 2; }
[ $bad = 0 ] || exit 2
for dur in "${!bydur[@]}"; do
	mapfile -t tasksets < <(printf '%s' "${bydur[$dur]}" | sort -u)
	if [ "$dur" = - ]; then set --; else set -- -d "$dur"; fi
	"$dlgen_host" --check "$@" "${tasksets[@]}" >&2 || exit 2
done
printf '%s\n' "${out[@]}"
