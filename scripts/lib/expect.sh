# Expectations on class shares of a run (scripts/expect-*.sh).
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

# expect_class_share GLOB AWKCHECK RUNDIR...: print scripts/class-share.sh's
# table of every point of each RUNDIR (one header per RUNDIR; with several
# RUNDIRs a point is labelled TOPOLOGY/POINT, TOPOLOGY being the RUNDIR's
# parent folder), and run AWKCHECK, an awk program over that table (by
# column name, csv.awk: FNR == 1 { header(); next }, $col("late_jobs"))
# that prints FAIL lines and exits non-zero, on the points whose name
# matches GLOB. A point without jobs.csv fails. Returns 1 when
# anything failed or there was no point.
expect_class_share() {
	local glob=$1 check=$2 run pt name label tab header bad=0 any=0
	shift 2
	for run in "$@"; do
		header=1
		for pt in "$run"/*/; do
			[ -d "$pt" ] || continue
			pt=${pt%/} name=${pt##*/}
			[ -r "$pt/jobs.csv" ] || { echo "FAIL $name: no jobs.csv"; bad=1; continue; }
			label=$name
			[ $# -gt 1 ] && label=$(basename "$(dirname "$run")")/$name
			tab=$("$DLCAP_TOP/scripts/class-share.sh" "$pt" "$label")
			if [ $header = 1 ]; then echo "$tab"; else echo "$tab" | tail -n +2; fi
			header=0 any=1
			# shellcheck disable=SC2254
			case $name in $glob) echo "$tab" | csv_awk "$check" || bad=1 ;; esac
		done
	done
	[ $any = 1 ] || { echo "FAIL: no points in $*"; return 1; }
	return $bad
}
