#!/bin/bash
# Read a topology file and print shell assignments:
#   TOPO_NAME, TOPO_CPU, TOPO_NCPUS, TOPO_CAPS ("c0 c1 ..."), TOPO_CLUSTERS
#   ("first-last ..."), TOPO_GIC (2 up to 8 CPUs, else 3), TOPO_RATES_MODE
#   and TOPO_RATES (each CPU's instruction rate for dlcap's QEMU, as
#   -icount rates= wants it: "1:1:462/1024:...")
# Keys: name, cpu, cluster FIRST-LAST CAPACITY, rates capacity|equal (each
#   CPU executes capacity/1024 of a 1024 CPU's instructions per ns, the
#   default, or all the same), rate FIRST-LAST N[/D] (these CPUs' rate,
#   overriding "rates")
# Usage: eval "$(scripts/topo.sh FILE [capacity|equal])"
#   the second argument (the runner's QEMU_RATES) replaces the file's
#   "rates" line; its "rate" lines still apply
set -euo pipefail
f=${1:?usage: topo.sh FILE [capacity|equal]}
mode=${2:-}
case "$mode" in
''|capacity|equal) ;;
*) echo "topo.sh: rates '$mode' (QEMU_RATES) is not capacity or equal" >&2; exit 2 ;;
esac
[ -r "$f" ] || { echo "topo.sh: $f: cannot read" >&2; exit 2; }
awk -v file="$f" -v modearg="$mode" '
function err(msg) { printf "%s:%d: %s\n", file, NR, msg > "/dev/stderr"; bad = 1; exit 2 }
/^[ \t]*(#|$)/ { next }
$1 == "name"    { if (NF != 2) err("name: expected one word"); name = $2; next }
$1 == "cpu"     { if (NF != 2) err("cpu: expected a QEMU -cpu model"); cpu = $2; next }
$1 == "cluster" {
	if (NF != 3) err("cluster: expected \"cluster FIRST-LAST CAPACITY\"")
	if ($2 !~ /^[0-9]+(-[0-9]+)?$/) err("cluster: CPU range \"" $2 "\" is not FIRST-LAST")
	if ($3 !~ /^[0-9]+$/ || $3 < 1 || $3 > 1024) err("cluster: capacity \"" $3 "\" is not in 1..1024")
	n = split($2, r, "-"); lo = r[1]; hi = (n == 2) ? r[2] : r[1]
	if (lo != ncpus) err("cluster: CPUs must follow on from " ncpus ", got " lo)
	if (hi < lo) err("cluster: range " $2 " is backwards")
	for (c = lo; c <= hi; c++) caps = caps (ncpus++ ? " " : "") $3
	clusters = clusters (nclusters++ ? " " : "") lo "-" hi
	if ($3 == 1024) big = 1
	next
}
$1 == "rates"   {
	if (NF != 2 || ($2 != "capacity" && $2 != "equal")) err("rates: expected \"rates capacity\" or \"rates equal\"")
	ratemode = $2; next
}
$1 == "rate"    {
	if (NF != 3) err("rate: expected \"rate FIRST-LAST N[/D]\"")
	if ($2 !~ /^[0-9]+(-[0-9]+)?$/) err("rate: CPU range \"" $2 "\" is not FIRST-LAST")
	if ($3 !~ /^[0-9]+(\/[0-9]+)?$/) err("rate: \"" $3 "\" is not N or N/D")
	n = split($3, q, "/"); if (q[1] < 1 || q[1] > 65535 || (n == 2 && (q[2] < 1 || q[2] > 65535))) err("rate: \"" $3 "\": N and D must be 1..65535")
	n = split($2, r, "-"); lo = r[1]; hi = (n == 2) ? r[2] : r[1]
	if (hi < lo) err("rate: range " $2 " is backwards")
	for (c = lo; c <= hi; c++) { rate[c] = $3; rateline[c] = NR }
	next
}
{ err("unknown key \"" $1 "\" (name, cpu, cluster, rates, rate)") }
END {
	if (bad) exit 2
	if (!ncpus) { printf "%s: no cluster lines\n", file > "/dev/stderr"; exit 2 }
	if (ncpus > 16) { printf "%s: %d CPUs; the kernel config has NR_CPUS=16\n", file, ncpus > "/dev/stderr"; exit 2 }
	if (!big) { printf "%s: no CPU has capacity 1024; the kernel normalizes the largest to 1024\n", file > "/dev/stderr"; exit 2 }
	if (name == "") { n = split(file, p, "/"); name = p[n]; sub(/\.topo$/, "", name) }
	if (cpu == "") cpu = "cortex-a57"
	if (modearg != "") ratemode = modearg
	if (ratemode == "") ratemode = "capacity"
	split(caps, cap, " ")
	for (c in rate) if (c + 0 >= ncpus) { printf "%s:%d: rate: CPU %d is not in the topology (CPUs 0-%d)\n", file, rateline[c], c, ncpus - 1 > "/dev/stderr"; exit 2 }
	for (c = 0; c < ncpus; c++) {
		rt = (c in rate) ? rate[c] : (ratemode == "equal" || cap[c + 1] == 1024) ? "1" : cap[c + 1] "/1024"
		rates = rates (c ? ":" : "") rt
	}
	printf "TOPO_NAME=%s\nTOPO_CPU=%s\nTOPO_NCPUS=%d\nTOPO_CAPS=\"%s\"\nTOPO_CLUSTERS=\"%s\"\nTOPO_GIC=%d\nTOPO_RATES_MODE=%s\nTOPO_RATES=%s\n",
		name, cpu, ncpus, caps, clusters, (ncpus > 8 ? 3 : 2), ratemode, rates
}' "$f"
