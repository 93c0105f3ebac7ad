# Assertions on run results, sourced by the test scripts.
# shellcheck shell=bash
# Each check prints one PASS:/FAIL: line; failures set assert_failed=1.
assert_failed=0
# csv_awk (CSV columns by name) and the other shared helpers
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

check() { # check DESCRIPTION COMMAND...
	local what=$1; shift
	if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; assert_failed=1; fi
}

# admitted POINTDIR: how many instances the kernel admitted (tasks.csv).
admitted() {
	csv_awk 'FNR == 1 { header(); next } $col("admitted") == 1' "$1/tasks.csv" 2>/dev/null | wc -l
}

# jobs_within COLUMNS POINTDIR TASK LO HI MINJOBS: for every job of every
# instance of TASK, each jobs.csv CPU column of COLUMNS (space separated) is
# in LO..HI, and each instance ran >= MINJOBS jobs.
jobs_within() {
	csv_awk -v cols="$1" -v task="$3" -v lo="$4" -v hi="$5" -v min="$6" '
	BEGIN { nc = split(cols, cs, " ") }
	FNR == 1 { header(); next }
	$col("task") == task {
		n[$col("instance")]++
		out = 0; where = ""
		for (i = 1; i <= nc; i++) {
			c = $col(cs[i]); where = where (i > 1 ? ".." : "") c
			if (c < lo || c > hi) out = 1
		}
		if (out) {
			bad++
			if (bad <= 3) printf "  %s-%s job %s ran on CPU %s (%s)\n", task, $col("instance"), $col("job"), where, cols > "/dev/stderr"
		}
	}
	END {
		inst = 0
		for (i in n) { inst++; if (n[i] < min) { printf "  %s-%s: only %d jobs\n", task, i, n[i] > "/dev/stderr"; bad++ } }
		exit !(inst > 0 && !bad)
	}' "$2/jobs.csv" 2>/dev/null
}

# jobs_on POINTDIR TASK LO HI MINJOBS: every job started and ended on LO..HI.
jobs_on() { jobs_within "cpu_start cpu_end" "$@"; }

# jobs_end_on POINTDIR TASK LO HI MINJOBS: every job ended on LO..HI (where
# it started does not matter).
jobs_end_on() { jobs_within cpu_end "$@"; }

# point_rc POINTDIR: the point's exit status as the guest recorded it.
point_rc() { cat "$1/rc" 2>/dev/null || echo missing; }

# analysis_built: the host tools of analysis/ built (make -s) in bin, or
# their build log, one FAIL line and exit 1 (needs top and tmp)
analysis_built() {
	bin=$top/analysis/build
	make -s -C "$top/analysis" > "$tmp/build.log" 2>&1 && return
	cat "$tmp/build.log"; echo "FAIL: analysis/ builds"; exit 1
}
