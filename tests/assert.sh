# Assertions on run results, sourced by the test scripts.
# shellcheck shell=bash
# Each check prints one PASS:/FAIL: line; failures set assert_failed=1.
assert_failed=0
# csv_awk (CSV columns by name) and the other shared helpers
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; assert_failed=1; }
check() { # check DESCRIPTION COMMAND...
	local what=$1; shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}
# is WHAT GOT WANT: GOT must be WANT (lines shown joined by ';')
is() { check "$1 (got '${2//$'\n'/;}', want '${3//$'\n'/;}')" test "$2" = "$3"; }

# cols FILE NAME...: the named columns of a CSV, comma-separated, one line
# per row (by header name, lib.sh's csv_awk)
cols() {
	csv_awk -v want="$(IFS=,; echo "${*:2}")" 'FNR == 1 { header(); n = split(want, w, ","); next }
		{ line = ""; for (j = 1; j <= n; j++) line = line (j > 1 ? "," : "") $col(w[j]); print line }' "$1"
}
# cell FILE KEYCOL KEY NAME: column NAME of the rows whose KEYCOL is KEY
cell() {
	csv_awk -v k="$2" -v v="$3" -v c="$4" 'FNR == 1 { header(); next } $col(k) == v { print $col(c) }' "$1"
}
# most K/N: at least 90% (K >= 0.9 x N, N > 0), as "K/N" counts print
most() { echo "$1" | awk -F/ '{ exit !($2 > 0 && $1 >= 0.9 * $2) }'; }

# json_ok JQ-ARGS... FILE: jq -e, quiet: whether the filter is true (by
# key, whatever the file's layout)
json_ok() { jq -e "$@" > /dev/null; }

# servers_bw RUNDIR: the DL bandwidth 6.12's fair servers hold from boot on,
# as admission charges it (BW_SHIFT fixed point, 1 CPU = 2^20): the sum over
# CPUs of to_ratio(period, runtime) of the line "fair_server runtime/period
# ns: cpu0=R/P ..." the guest wrote into RUNDIR/guest.txt (initramfs/init's
# dl_fair_servers); 0 without that line (6.1 has no fair server). 2 with
# one line on stderr naming the file and the field for a missing guest.txt
# or a malformed entry.
servers_bw() {
	local f=$1/guest.txt
	[ -r "$f" ] || { echo "servers_bw: no $f" >&2; return 2; }
	awk -v f="$f" '$1 == "fair_server" && $2 == "runtime/period" && $3 == "ns:" {
		for (i = 4; i <= NF; i++) {
			if ($i !~ /^cpu[0-9]+=[0-9]+\/[1-9][0-9]*$/) {
				printf "servers_bw: %s: fair_server runtime/period ns: \"%s\" is not cpuN=RUNTIME/PERIOD\n", f, $i > "/dev/stderr"
				bad = 1; exit
			}
			split(substr($i, index($i, "=") + 1), rp, "/")
			s += int(rp[1] * 1048576 / rp[2])
		}
	}
	END { if (bad) exit 2; print s + 0 }' "$f"
}

# admitted POINTDIR: how many instances the kernel admitted (tasks.csv).
admitted() {
	csv_awk 'FNR == 1 { header(); next } $col("admitted") == 1' "$1/tasks.csv" 2>/dev/null | wc -l
}

# jobs_within COLUMNS POINTDIR TASK LO HI MINJOBS [FROMJOB]: for every job
# of every instance of TASK (from job number FROMJOB on, default 0), each
# jobs.csv CPU column of COLUMNS (space separated) is in LO..HI, and each
# instance ran >= MINJOBS jobs.
jobs_within() {
	csv_awk -v cols="$1" -v task="$3" -v lo="$4" -v hi="$5" -v min="$6" -v from="${7:-0}" '
	BEGIN { nc = split(cols, cs, " ") }
	FNR == 1 { header(); next }
	$col("task") == task {
		n[$col("instance")]++
		if ($col("job") < from) next
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

# jobs_on POINTDIR TASK LO HI MINJOBS [FROMJOB]: every job (from FROMJOB on)
# started and ended on LO..HI.
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
