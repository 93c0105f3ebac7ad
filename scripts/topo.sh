#!/bin/bash
# Read a topology file and print shell assignments:
#   TOPO_NAME, TOPO_CPU, TOPO_NCPUS, TOPO_CAPS ("c0 c1 ..."), TOPO_CLUSTERS
#   ("first-last ..."), TOPO_GIC (2 up to 8 CPUs, else 3)
# Usage: eval "$(scripts/topo.sh FILE)"
set -eu
f=${1:?usage: topo.sh FILE}
[ -r "$f" ] || { echo "topo.sh: $f: cannot read" >&2; exit 2; }
awk -v file="$f" '
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
{ err("unknown key \"" $1 "\" (name, cpu, cluster)") }
END {
	if (bad) exit 2
	if (!ncpus) { printf "%s: no cluster lines\n", file > "/dev/stderr"; exit 2 }
	if (ncpus > 16) { printf "%s: %d CPUs; the kernel config has NR_CPUS=16\n", file, ncpus > "/dev/stderr"; exit 2 }
	if (!big) { printf "%s: no CPU has capacity 1024; the kernel normalizes the largest to 1024\n", file > "/dev/stderr"; exit 2 }
	if (name == "") { n = split(file, p, "/"); name = p[n]; sub(/\.topo$/, "", name) }
	if (cpu == "") cpu = "cortex-a57"
	printf "TOPO_NAME=%s\nTOPO_CPU=%s\nTOPO_NCPUS=%d\nTOPO_CAPS=\"%s\"\nTOPO_CLUSTERS=\"%s\"\nTOPO_GIC=%d\n",
		name, cpu, ncpus, caps, clusters, (ncpus > 8 ? 3 : 2)
}' "$f"
