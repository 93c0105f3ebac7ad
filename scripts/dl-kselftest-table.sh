#!/bin/bash
# Juri Lelli's SCHED_DEADLINE kselftests (dlselftest, kselftest/) per
# kernel, topology and test, beside what the kernel's admission rule
# predicts, as CSV on stdout.
# Usage: scripts/dl-kselftest-table.sh RUNDIR...
#   RUNDIR: a run of experiments/plans/dl-kselftest.plan, its kernel and
#   topology the last two folders of its path (results/raw/dl-kselftest/
#   KERNEL/TOPOLOGY, scripts/dl-kselftest.sh)
# Columns: kernel, topology, test; result (pass, fail, skip: the test's
# ok / not ok line); predicted (the same, from the rules below, or "-"
# where none decides); measured
# and expected (what the verdict rests on, the test's own numbers and the
# rule's); warnings (kernel log lines with WARNING, BUG: or a call trace
# during the test).
# The rule (kernel/sched/deadline.c, 6.1 and 6.12 alike, BW_SHIFT 20): a
# new DL bandwidth is refused when cap_scale(rt_bw, capacity) < total_bw +
# new_bw, capacity the root domain's (the sum of its CPUs' capacities,
# guest.txt), rt_bw = sched_rt_runtime_us << 20 / sched_rt_period_us,
# total_bw what is allocated when the test decides: in a test that read
# the RT limit from /proc/sys (an "RT limit" line without "no /proc/sys")
# its "total_bw after reading the RT limit" line, measured in the guest
# (on 6.12.118 that read rebuilds the sched domains and drops the fair
# servers from total_bw, EXPERIMENTS.md section 23); in any other test
# "dl_bw->total_bw at boot" of guest.txt (the fair servers'; 0 on 6.1). A fair server's new runtime is admitted by the same rule, its old
# bandwidth given back first. The fair-server tests are predicted skipped
# without fair servers (6.1), the
# CPU protection one to pass with them (the server's runtime is charged
# in time, not capacity, since fc975cfb3639: EXPERIMENTS.md section 23);
# basic_scheduling and parameter_validation to pass; replenish_bug, a PI
# case no bandwidth rule decides, gets no prediction ("-").
# Exit status: 0; 2 with one line naming what is missing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
echo "kernel,topology,test,result,predicted,measured,expected,warnings"
for d in "$@"; do
	d=${d%/}
	t=$(basename "$d") k=$(basename "$(dirname "$d")")
	g=$d/guest.txt
	[ -r "$g" ] || bad "$g: missing"
	caps=$(sed -n 's/^capacities: //p' "$g")
	[ -n "$caps" ] || bad "$g: no capacities line"
	base=$(sed -n 's/^dl_bw->total_bw at boot: //p' "$g")
	srv=$(sed -n 's/^fair_server runtime\/period ns: //p' "$g")
	for p in basic_scheduling parameter_validation bandwidth_admission bandwidth_overflow \
		fair_server_bandwidth_validation fair_server_cpu_protection replenish_bug; do
		f=$d/$p/selftest.txt
		[ -r "$f" ] || bad "$f: missing"
		w=$(grep -ciE 'warning|bug:|call trace' "$d/$p/kernel.log" 2>/dev/null || true)
		awk -v k="$k" -v t="$t" -v test="$p" -v caps="$caps" -v base="${base:-0}" \
			-v srv="$srv" -v warn="${w:-0}" -v file="$f" '
		function to_ratio(period, runtime) { return int(runtime * 1048576 / period) }
		function fail(m) { printf "%s: %s\n", file, m > "/dev/stderr"; bad = 1; exit 2 }
		/^ok - / { result = / # SKIP/ ? "skip" : "pass" }
		/^not ok - / { result = "fail" }
		/^#   no \/proc\/sys / { nosys = 1 }
		/^#   RT limit / {
			split($4, r, "/"); rt_run = r[1] + 0; rt_per = r[2] + 0
			if (match($0, /: [0-9]+% per task/)) pct = substr($0, RSTART + 2, RLENGTH - 11) + 0
		}
		/^#   admitted [0-9]+ of [0-9]+ tasks/ { admitted = $3; n = $5 }
		/^#   admitted [0-9]+ of the [0-9]+ tasks/ { measured = "admitted " $3 " of " $6 }
		/^#   [0-9]+ tasks of [0-9]+% admitted; one of/ { measured = "extra refused" }
		/^#   [0-9]+ tasks of [0-9]+% admitted, and one/ { measured = "extra admitted" }
		/^#   writing runtime|; writing runtime/ {
			for (i = 1; i <= NF; i++) if ($i == "runtime") excess = $(i + 1) + 0
			for (i = 1; i <= NF; i++) if ($i == "(period") fsper = $(i + 1) + 0
			for (i = 1; i <= NF; i++) if ($i == "on") n = $(i + 1) + 0
		}
		/^#   total_bw after reading the RT limit: / { after = $NF }
		/^#   [0-9]+ of [0-9]+ writes refused/ { measured = $2 " of " $4 " refused" }
		/^#   CFS hog: / { measured = $NF }
		/pass range [0-9]+-[0-9]+%/ { match($0, /pass range [0-9]+-[0-9]+%/); expected = substr($0, RSTART + 11, RLENGTH - 11) }
		/^#   timed out/ { measured = "timed out" }
		END {
			if (bad) exit 2
			if (result == "") fail("no ok / not ok line")
			nc = split(caps, cap, " "); sum = 0
			for (i = 1; i <= nc; i++) sum += cap[i]
			rt_bw = rt_per ? to_ratio(rt_per, rt_run) : 0
			if (rt_per && !nosys) {
				if (after == "")
					fail("no \"total_bw after reading the RT limit\" line (the test read /proc/sys)")
				if (after !~ /^-?[0-9]+$/)
					fail("total_bw after reading the RT limit: \"" after "\", not a number")
				base = after + 0
			}
			limit = int(rt_bw * sum / 1024)
			predicted = "pass"
			if (test == "bandwidth_admission") {
				if (!pct || !n) fail("no RT limit or admitted line")
				tb = to_ratio(100000000, 100000000 * pct / 100)
				for (kmax = 0; kmax < n && base + (kmax + 1) * tb <= limit; kmax++) ;
				measured = "admitted " admitted " of " n
				expected = "admitted " kmax " of " n
				predicted = kmax == n ? "pass" : "fail"
			} else if (test == "bandwidth_overflow") {
				if (!pct || !rt_per) fail("no RT limit line")
				n = nc; tb = to_ratio(100000000, 100000000 * pct / 100)
				eb = to_ratio(100000000, int(100000000 * pct / 100 * 101 / 100))
				for (kmax = 0; kmax < n - 1 && base + (kmax + 1) * tb <= limit; kmax++) ;
				if (kmax < n - 1) { expected = "admitted " kmax " of " n - 1; predicted = "fail" }
				else if (base + kmax * tb + eb > limit) expected = "extra refused"
				else { expected = "extra admitted"; predicted = "fail" }
			} else if (test == "fair_server_bandwidth_validation") {
				if (srv == "" || srv == "none") { predicted = "skip"; measured = expected = "-" }
				else {
					if (!excess || !fsper) fail("no writing runtime line")
					ns = split(srv, s, " "); total = base; refused = 0
					eb = to_ratio(fsper, excess)
					for (i = 1; i <= ns; i++) {
						split(s[i], q, "[=/]"); sb = to_ratio(q[3], q[2])
						if (total - sb + eb <= limit) total += eb - sb; else refused++
					}
					expected = refused " of " ns " refused"
					predicted = refused ? "pass" : "fail"
				}
			} else if (test == "replenish_bug") {
				predicted = "-"
			} else if (test == "fair_server_cpu_protection") {
				if (srv == "" || srv == "none") { predicted = "skip"; measured = expected = "-" }
			}
			if (measured == "") measured = "-"
			if (expected == "") expected = "-"
			printf "%s,%s,%s,%s,%s,%s,%s,%d\n", k, t, test, result, predicted, measured, expected, warn
		}' "$f"
	done
done
