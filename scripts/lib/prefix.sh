# Every prefix of a patch series checked and built (check-series, check-qemu-series).
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

# prefix_check LOGDIR LABEL PATCH...: prove every prefix of a series, the
# loop scripts/check-series.sh (Linux) and check-qemu-series.sh (QEMU)
# share. For each patch in order: the caller's checkpatch_one PATCH INDEX
# (output in LOGDIR/.checkpatch.log), apply it to $prefix_src, then the
# caller's build_one (output in LOGDIR/.build.log; non-zero: the prefix
# does not build) and, when defined, build_warnings (non-zero: the build
# is not clean). Returns 1 when any step failed; a patch that does not
# apply stops it.
prefix_check() {
	local log=$1 label=$2 n=$(($# - 2)) k=0 bad=0 p start
	shift 2
	for p in "$@"; do
		k=$((k + 1))
		if checkpatch_one "$p" "$((k - 1))" > "$log/.checkpatch.log" 2>&1; then
			say "[$k/$n] $label: clean (${p##*/})"
		else
			cat "$log/.checkpatch.log" >&2
			say "[$k/$n] $label: problems in ${p##*/}"; bad=1
		fi
		patch -d "$prefix_src" -p1 --quiet --forward < "$p" || die "[$k/$n] ${p##*/} does not apply"
		start=$(date +%s)
		if build_one > "$log/.build.log" 2>&1; then
			say "[$k/$n] builds in $(($(date +%s) - start)) s: ${p##*/}"
		else
			grep -E 'error|warning' "$log/.build.log" | head -20 >&2
			say "[$k/$n] does NOT build: ${p##*/}"; bad=1
		fi
		if declare -F build_warnings > /dev/null && ! build_warnings "$log/.build.log"; then
			say "[$k/$n] compiler warnings in ${p##*/}"; bad=1
		fi
	done
	return $bad
}
