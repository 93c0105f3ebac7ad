#!/bin/bash
# The DL admission limit a kernel should apply, computed as the kernel does
# (kernel/sched/deadline.c, fixed point: 1 CPU = 2^20), checked against what
# one boot of experiments/tasksets/admission-probe.sh admitted:
#   limit   = cap_scale(bw, sum of capacities), bw the limit per CPU:
#           the probe's dl_bw->bw (the kernel's to_ratio(rt_period,
#           rt_runtime), read from sched/debug), or in a probe of before
#           that line to_ratio of its sched_rt_period_us and
#           sched_rt_runtime_us, the defaults 950000 / 1000000 when they
#           read "none"; the capacities are the topology's. With
#           dl_bw->bw the oracle takes the kernel's limit per CPU as read
#           and checks what the kernel makes of it
#   servers = sum over CPUs of to_ratio(period, runtime) of the fair
#           server (6.12: 50 ms / 1 s each, allocated from boot on; 0 before)
#   a task of bandwidth b is admitted while total_bw + b <= limit, so of N
#   identical tasks min(N, floor((limit - servers) / b)) are.
# Checked: the tasks admitted; total_bw before the tasks = servers; while
# they run = servers + admitted x b; after = servers.
# Usage: scripts/admission-oracle.sh [--header] TOPOLOGY POINTDIR [LABEL]
#   POINTDIR  a point of admission-probe.sh (dlgen.log with its lines,
#             tasks.csv); LABEL names it in the output (default POINTDIR)
# Prints one CSV row (--header: the header first), bandwidths in CPUs:
#   servers_cpus what admission charges the fair servers; servers_used_cpus
#   the capacity they use at most (their runtime is not scaled by capacity
#   since "sched/deadline: Fix dl_server runtime calculation formula").
# Exit status: 0 the point matches the oracle; 1 it does not; 2 bad input.
set -eu
. "$(dirname "$0")/lib.sh"
header=0
[ "${1:-}" = --header ] && { header=1; shift; }
[ $# -ge 2 ] && [ $# -le 3 ] || { sed -n '2,/^# Exit status/p' "$0" >&2; exit 2; }
topo=$1 pt=${2%/} label=${3:-$2}
topofile=$DLCAP_TOP/experiments/topologies/$topo.topo
vars=$("$DLCAP_TOP/scripts/topo.sh" "$topofile") || exit 2
caps=$(eval "$vars"; echo "$TOPO_CAPS")
for f in dlgen.log tasks.csv; do
	[ -r "$pt/$f" ] || { echo "admission-oracle: no $pt/$f" >&2; exit 2; }
done
# probe LABEL: the value after "LABEL: " in the probe's output
probe() {
	local v
	v=$(sed -n "s|^$1: ||p" "$pt/dlgen.log" | head -1)
	[ -n "$v" ] || { echo "admission-oracle: $pt/dlgen.log: no '$1:' line" >&2; return 2; }
	echo "$v"
}
# the limit per CPU: dl_bw->bw, or (probes before that line) the sysctls
rt_runtime="" rt_period=""
if dl_bw=$(probe 'dl_bw->bw' 2> /dev/null); then
	[ "$dl_bw" != none ] || { echo "admission-oracle: $pt/dlgen.log: dl_bw->bw: none (the guest had no sched/debug)" >&2; exit 2; }
else
	dl_bw=""
	rt_runtime=$(probe sched_rt_runtime_us) || exit 2
	rt_period=$(probe sched_rt_period_us) || exit 2
	# without /proc/sys the kernel keeps its defaults (kernel/sched/rt.c)
	[ "$rt_runtime" = none ] && rt_runtime=950000
	[ "$rt_period" = none ] && rt_period=1000000
fi
servers=$(probe 'fair_server runtime/period ns') || exit 2
before=$(probe 'total_bw before') || exit 2
during=$(probe 'total_bw during') || exit 2
after=$(probe 'total_bw after') || exit 2
tasks=$(csv_awk 'FNR == 1 { header(); next } $col("policy") == "SCHED_DEADLINE" {
	print $col("dl_runtime_ns"), $col("dl_period_ns"), $col("admitted") }' "$pt/tasks.csv") || exit 2

[ $header = 0 ] || echo "point,topology,cpus,capacity,rt_share,limit_cpus,servers_cpus,servers_used_cpus,dl_available_cpus,task_bw,tasks,expected,admitted,total_bw_before,total_bw_during,total_bw_after,verdict"
awk -v label="$label" -v topo="$topo" -v caps="$caps" -v dlbw="$dl_bw" -v rtr="$rt_runtime" -v rtp="$rt_period" \
	-v servers="$servers" -v before="$before" -v during="$during" -v after="$after" -v tasks="$tasks" '
function num(what, v) {
	if (v !~ /^-?[0-9]+$/) { printf "admission-oracle: %s %s: %s is not a whole number\n", label, what, v > "/dev/stderr"; exit 2 }
	return v + 0
}
# to_ratio(period, runtime): runtime << BW_SHIFT / period, 0 for no period
function to_ratio(period, runtime) { return period ? int(runtime * 1048576 / period) : 0 }
BEGIN {
	ncpu = split(caps, c, " ")
	for (i = 1; i <= ncpu; i++) { cap += c[i]; capof[i - 1] = c[i] }
	# sysctl -1: no limit (dl_b->bw = -1)
	if (dlbw != "")
		bw = num("dl_bw->bw", dlbw) < 0 ? -1 : dlbw + 0
	else
		bw = num("sched_rt_runtime_us", rtr) < 0 ? -1 : to_ratio(num("sched_rt_period_us", rtp) * 1000, rtr * 1000)
	limit = bw < 0 ? -1 : int(bw * cap / 1024)
	nsrv = split(servers == "none" ? "" : servers, s, " ")
	for (i = 1; i <= nsrv; i++) {
		if (split(s[i], rp, "/") != 2) { printf "admission-oracle: %s: fair server %s is not RUNTIME/PERIOD\n", label, s[i] > "/dev/stderr"; exit 2 }
		b = to_ratio(num("fair server period", rp[2]), num("fair server runtime", rp[1]))
		srv += b
		# a server runs its runtime in time, on a CPU of capacity capof[i - 1]
		used += b * capof[i - 1] / 1024
	}
	ntask = split(tasks, t, "\n")
	for (i = 1; i <= ntask; i++) {
		split(t[i], f, " ")
		b = to_ratio(num("dl_period_ns", f[2]), num("dl_runtime_ns", f[1]))
		if (i > 1 && b != tb) { printf "admission-oracle: %s: the tasks differ in bandwidth; the oracle counts identical ones\n", label > "/dev/stderr"; exit 2 }
		tb = b; adm += f[3]
	}
	if (!ntask || !tb) { printf "admission-oracle: %s: no DL task with a bandwidth in tasks.csv\n", label > "/dev/stderr"; exit 2 }
	want = limit < 0 ? ntask : int((limit - srv) / tb)
	if (want > ntask) want = ntask
	if (want < 0) want = 0
	before = num("total_bw before", before); during = num("total_bw during", during); after = num("total_bw after", after)
	why = ""
	if (adm != want) why = why sprintf(" admitted %d, the limit admits %d;", adm, want)
	if (before != srv) why = why sprintf(" total_bw before %d, servers %d;", before, srv)
	if (during != srv + adm * tb) why = why sprintf(" total_bw during %d, not servers + %d x %d = %d;", during, adm, tb, srv + adm * tb)
	if (after != srv) why = why sprintf(" total_bw after %d, servers %d;", after, srv)
	u = 1048576
	printf "%s,%s,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%d,%d,%d,%d,%d,%d,%s\n", label, topo, ncpu, cap,
		bw / u, limit / u, srv / u, used / u, (limit - srv) / u, tb / u, ntask, want, adm,
		before, during, after, why == "" ? "ok" : "FAIL:" why
	exit why != ""
}'
