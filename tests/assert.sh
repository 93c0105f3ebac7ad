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

# jobs_on POINTDIR TASK LO HI MINJOBS: every job of every instance of TASK
# started and ended on CPUs LO..HI, each instance ran >= MINJOBS jobs.
jobs_on() {
	csv_awk -v task="$2" -v lo="$3" -v hi="$4" -v min="$5" '
	FNR == 1 { header(); next }
	$col("task") == task {
		n[$col("instance")]++
		a = $col("cpu_start"); b = $col("cpu_end")
		if (a < lo || a > hi || b < lo || b > hi) {
			bad++
			if (bad <= 3) printf "  %s-%s job %s ran on CPU %s..%s\n", task, $col("instance"), $col("job"), a, b > "/dev/stderr"
		}
	}
	END {
		inst = 0
		for (i in n) { inst++; if (n[i] < min) { printf "  %s-%s: only %d jobs\n", task, i, n[i] > "/dev/stderr"; bad++ } }
		exit !(inst > 0 && !bad)
	}' "$1/jobs.csv" 2>/dev/null
}

# jobs_end_on RUNDIR TASK LO HI MIN: every job of TASK ends on a CPU in
# LO..HI (where it started does not matter), at least MIN jobs per instance.
jobs_end_on() {
	csv_awk -v task="$2" -v lo="$3" -v hi="$4" -v min="$5" '
	FNR == 1 { header(); next }
	$col("task") == task {
		n[$col("instance")]++
		b = $col("cpu_end")
		if (b < lo || b > hi) {
			bad++
			if (bad <= 3) printf "  %s-%s job %s ended on CPU %s\n", task, $col("instance"), $col("job"), b > "/dev/stderr"
		}
	}
	END {
		inst = 0
		for (i in n) { inst++; if (n[i] < min) { printf "  %s-%s: only %d jobs\n", task, i, n[i] > "/dev/stderr"; bad++ } }
		exit !(inst > 0 && !bad)
	}' "$1/jobs.csv" 2>/dev/null
}

# point_rc POINTDIR: the point's exit status as the guest recorded it.
point_rc() { cat "$1/rc" 2>/dev/null || echo missing; }
