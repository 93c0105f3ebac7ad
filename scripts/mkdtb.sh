#!/bin/bash
# Make the DTB of a topology from QEMU's own device tree:
#   qemu-system-aarch64 -M virt,dumpdtb=  (same -cpu/-smp/-m/GIC as the boot)
#   + capacity-dmips-mhz on every cpu@N node   (fdtput, from dtc's package)
#   + a cpu-map with one cluster per capacity class
# and a decompiled .dts beside it for reading.
# Usage: scripts/mkdtb.sh TOPOLOGY_FILE OUT.dtb MEM
set -eu
. "$(dirname "$0")/lib.sh"
topo=${1:?usage: mkdtb.sh TOPOLOGY OUT.dtb MEM}
out=${2:?usage: mkdtb.sh TOPOLOGY OUT.dtb MEM}
mem=${3:-1G}
eval "$("$DLCAP_TOP/scripts/topo.sh" "$topo")"

tmp=$out.tmp
"${QEMU_BIN:-qemu-system-aarch64}" -M "virt,gic-version=$TOPO_GIC,dumpdtb=$tmp" \
	-cpu "$TOPO_CPU" -smp "$TOPO_NCPUS" -m "$mem" -nographic -nic none \
	>/dev/null 2>"$tmp.err" || { cat "$tmp.err" >&2; die "QEMU could not dump its DTB"; }
rm -f "$tmp.err"

# cpu@N nodes in the order of their reg (= logical CPU order in Linux).
mapfile -t cpus < <(fdtget -l "$tmp" /cpus | grep '^cpu@' |
	while read -r n; do echo "$(fdtget -t u "$tmp" "/cpus/$n" reg) $n"; done |
	sort -n | cut -d' ' -f2)
[ "${#cpus[@]}" = "$TOPO_NCPUS" ] || die "QEMU made ${#cpus[@]} cpu nodes, topology has $TOPO_NCPUS"

# QEMU puts fresh random seeds into /chosen on every dump. The file gets
# fixed bytes instead, so the DTB of a topology is the same every time: no
# kaslr-seed (no KASLR), and an all-zero rng-seed that QEMU refills at every
# reset from its own generator (run-batch.sh passes -seed 1, which makes
# that deterministic). Without an rng-seed the guest's crng is not ready
# until the kernel's jitter-entropy loop has spun for about 2 s of guest
# time (EXPERIMENTS.md section 13), costing host seconds in every boot.
for prop in rng-seed kaslr-seed; do
	fdtget "$tmp" /chosen "$prop" >/dev/null 2>&1 && fdtput -d "$tmp" /chosen "$prop"
done
fdtput -t x "$tmp" /chosen rng-seed 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0

read -ra caps <<< "$TOPO_CAPS"
for i in "${!cpus[@]}"; do
	fdtput -t u "$tmp" "/cpus/${cpus[$i]}" capacity-dmips-mhz "${caps[$i]}"
done

# Replace QEMU's single-cluster cpu-map by one cluster per line of the file.
fdtget -l "$tmp" /cpus | grep -qx cpu-map && fdtput -r "$tmp" /cpus/cpu-map
k=0
for range in $TOPO_CLUSTERS; do
	lo=${range%-*} hi=${range#*-}
	for ((c = lo; c <= hi; c++)); do
		node=/cpus/cpu-map/socket0/cluster$k/core$((c - lo))
		fdtput -p -c "$tmp" "$node"
		fdtput -t x "$tmp" "$node" cpu "$(fdtget -t x "$tmp" "/cpus/${cpus[$c]}" phandle)"
	done
	k=$((k + 1))
done
# Decompile for reading and recompile from that text: the final DTB is
# dtc's canonical output, the same bytes for the same topology and QEMU.
dtc -q -I dtb -O dts -o "${out%.dtb}.dts" "$tmp"
dtc -q -I dts -O dtb -o "$tmp" "${out%.dtb}.dts"
mv "$tmp" "$out"
