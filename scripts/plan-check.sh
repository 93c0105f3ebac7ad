#!/bin/bash
# Check a plan before anything boots, and print what the guest is to run.
# Usage: scripts/plan-check.sh PLANFILE
#   A plan line is NAME TASKSET [KNOB=VALUE...] [DLGEN OPTIONS...]; TASKSET
#   is relative to experiments/tasksets/ unless absolute: a .json task set
#   (checked with dlgen --check) or a .sh script the guest runs; knobs are
#   from kernels/knobs; a point's -d MS (or -dMS, --duration-ms=MS) goes to its task set's
#   check (loops of -1 are valid with a duration). Prints, per point,
#   "NAME<TAB>TASKSET PATH<TAB>the guest's plan line" (NAME, the task
#   set's file name, the rest).
#   DLGEN_HOST: the host's dlgen (default dlgen/build/dlgen).
# Exit status: 0; 2 with one "PLANFILE:LINE: ..." line per problem.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || usage
planfile=$1
dlgen_host=${DLGEN_HOST:-$DLCAP_TOP/dlgen/build/dlgen}
[ -r "$planfile" ] || { echo "plan-check: no plan $planfile" >&2; exit 2; }
names=() out=() bad=0 lineno=0
declare -A tsbase=() bydur=()	# bydur[MS or "-"]: the task sets to check with -d MS
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
	*) tsfile=$DLCAP_TOP/experiments/tasksets/$ts ;;
	esac
	# the guest sees task sets by file name: two files of one name would clash
	if [ -n "${tsbase[${ts##*/}]:-}" ] && [ "${tsbase[${ts##*/}]}" != "$tsfile" ]; then
		echo "$planfile:$lineno: task set $tsfile has the file name of ${tsbase[${ts##*/}]}, which the guest could not tell apart" >&2; bad=1
	fi
	tsbase[${ts##*/}]=$tsfile
	dur=- prev=
	for a in $args; do
		case "$prev" in -d|--duration-ms) dur=$a; prev=; continue ;; esac
		prev=$a
		case "$a" in
		--duration-ms=*) dur=${a#*=}; continue ;;
		-d?*) dur=${a#-d}; continue ;;	# getopt's glued form, -d500
		-*) continue ;;
		*=*) ;;
		*) continue ;;
		esac
		knob_valid "$a" || { echo "$planfile:$lineno: knob '$a' is not NAME=VALUE from kernels/knobs" >&2; bad=1; }
	done
	case "$ts" in
	*.sh) [ -r "$tsfile" ] || { echo "$planfile:$lineno: no guest script $tsfile" >&2; bad=1; } ;;
	*) bydur[$dur]+="$tsfile"$'\n' ;;
	esac
	out+=("$name	$tsfile	$name ${ts##*/} $args")	# (the space before an empty $args is in the boot's bytes)
done < "$planfile"
[ ${#names[@]} -gt 0 ] || { echo "$planfile: no points" >&2; exit 2; }
[ $bad = 0 ] || exit 2
for dur in "${!bydur[@]}"; do
	mapfile -t tasksets < <(printf '%s' "${bydur[$dur]}" | sort -u)
	if [ "$dur" = - ]; then set --; else set -- -d "$dur"; fi
	"$dlgen_host" --check "$@" "${tasksets[@]}" >&2 || exit 2
done
printf '%s\n' "${out[@]}"
