#!/bin/bash
# The emulator's fidelity measured from inside the guest (issue 28): dlprobe
# (probes/) in one boot per (topology, QEMU binary), every binary on the
# same host in the same run, so that a QEMU before and after a change are
# compared on equal terms.
# Usage: scripts/bench-fidelity-v2.sh OUTDIR NAME=QEMU_BIN[:QUANTUM_NS]...
#   NAME=QEMU_BIN  a name for the binary in the tables (letters, digits, -)
#                  and the QEMU to boot (quantum mode); QUANTUM_NS: its
#                  QEMU_QUANTUM (default: the runner's)
#   FIDELITY_V2_TOPOS  topologies (default "symmetric8 hikey960"), each
#                  booting experiments/plans/fidelity-v2-TOPOLOGY.plan
#   FIDELITY_V2_PLAN   instead, this plan (experiments/plans/NAME.plan) on
#                  every topology, e.g. fidelity-v2-clock at several quanta
#   FIDELITY_V2_KERNEL the kernel variant booted (default stock), e.g.
#                  stock-timekeeping for the clock wrap (EXPERIMENTS.md
#                  section 2)
# Boots the stock kernel (FIDELITY_V2_KERNEL) with the tree's initramfs plus /usr/bin/dlprobe
# (an extra cpio: the default initramfs, and so every other boot, stays as
# it is). Raw runs: results/raw/fidelity-v2/NAME-TOPOLOGY (kept; a point is
# run again only when its inputs change, scripts/run-batch.sh).
# Writes OUTDIR/{wakeup,monotonic,handoff,loop,clockwrap,dlpush}.csv: qemu, qemu_sha256,
# quantum_ns, topology, point, host_s, then dlprobe's columns; and
# OUTDIR/runs.csv (each binary's path and SHA-256).
# Exit status: 0; 1 a boot or point failed; 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/initrd.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
. "$DLCAP_TOP/scripts/lib/qemu.sh"
[ $# -ge 2 ] || { sed -n '2,24p' "$0" >&2; exit 2; }
out=$1
shift
topos=${FIDELITY_V2_TOPOS:-symmetric8 hikey960}
kernel=${FIDELITY_V2_KERNEL:-stock}
[ -r "$DLCAP_TOP/kernels/variants/$kernel" ] || bad "FIDELITY_V2_KERNEL '$kernel': no kernels/variants/$kernel"
# plan_of TOPOLOGY: the plan file its boots run
plan_of() { echo "$DLCAP_TOP/experiments/plans/${FIDELITY_V2_PLAN:-fidelity-v2-$1}.plan"; }
raw=$DLCAP_TOP/results/raw/fidelity-v2
modes=()
for m in "$@"; do
	name=${m%%=*} spec=${m#*=}
	bin=${spec%%:*} q=
	[ "$bin" != "$spec" ] && q=${spec#*:}
	case "$name" in ''|*[!A-Za-z0-9-]*) bad "'$m': NAME is not letters, digits, -" ;; esac
	[ "$name" != "$m" ] || bad "'$m': not NAME=QEMU_BIN"
	[ -x "$bin" ] || bad "$name: QEMU_BIN $bin is not an executable"
	case "$q" in *[!0-9]*) bad "$name: QUANTUM_NS '$q' is not a number" ;; esac
	modes+=("$name	$bin	${q:-$QEMU_QUANTUM_DEFAULT}")
done
for t in $topos; do
	[ -r "$(plan_of "$t")" ] ||
		bad "no plan $(plan_of "$t") (FIDELITY_V2_TOPOS, FIDELITY_V2_PLAN)"
done

# The guest's dlprobe, appended to the tree's initramfs as a cpio of its own.
make -s -C "$DLCAP_TOP/probes" cross
make -s -C "$DLCAP_TOP/dlgen"	# the host dlgen, whose version run-batch records
mkdir -p "$raw"
initramfs=$raw/initramfs.cpio.gz
initramfs_plus "$DLCAP_TOP/probes/build/dlprobe.aarch64" dlprobe "$initramfs"

# Boots: topology by topology, the binaries one after the other.
for t in $topos; do
	for m in "${modes[@]}"; do
		IFS=$'\t' read -r name bin q <<< "$m"
		d=$raw/$name-$t
		say "$name on $t (quantum $q ns, $bin)"
		QEMU_TIMING=quantum QEMU_BIN=$bin QEMU_QUANTUM=$q INITRAMFS=$initramfs \
			"$DLCAP_TOP/scripts/run-batch.sh" "$kernel" "$t" "$(plan_of "$t")" "$d" \
			> "$d.log" 2>&1 || { tail -20 "$d.log" >&2; die "$name on $t failed (log $d.log)"; }
	done
done

# Tables: one per probe mode, the probe's CSV rows under a common prefix.
mkdir -p "$out"
echo "qemu,path,sha256,quantum_ns" > "$out/runs.csv.tmp"
for m in "${modes[@]}"; do
	IFS=$'\t' read -r name bin q <<< "$m"
	echo "$name,$bin,$(hash_files "$bin"),$q" >> "$out/runs.csv.tmp"
done
for mode in wakeup monotonic handoff loop clockwrap dlpush; do
	tmp=$out/$mode.csv.tmp
	: > "$tmp"
	for t in $topos; do
		plan=$(plan_of "$t")
		for m in "${modes[@]}"; do
			IFS=$'\t' read -r name bin q <<< "$m"
			sha=$(hash_files "$bin" | cut -c1-12)
			awk -v m="$mode" '$1 !~ /^#/ && $2 == "probe.sh" && $3 == m { print $1 }' "$plan" |
			while read -r pt; do
				p=$raw/$name-$t/$pt
				[ -s "$p/probe.csv" ] || die "$p/probe.csv: missing (rc $(cat "$p/rc" 2>/dev/null || echo none))"
				host=$(manifest_host_seconds "$p/manifest.txt")
				hdr="qemu,qemu_sha256,quantum_ns,topology,point,host_s,$(head -1 "$p/probe.csv")"
				if [ ! -s "$tmp" ]; then
					echo "$hdr" > "$tmp"
				elif [ "$(head -1 "$tmp")" != "$hdr" ]; then
					die "$p/probe.csv: header differs from the other $mode points'"
				fi
				tail -n +2 "$p/probe.csv" | sed "s|^|$name,$sha,$q,$t,$pt,${host:--},|" >> "$tmp"
			done
		done
	done
	if [ -s "$tmp" ]; then mv "$tmp" "$out/$mode.csv"; else rm -f "$tmp"; fi
done
mv "$out/runs.csv.tmp" "$out/runs.csv"
say "wrote $out/{wakeup,monotonic,handoff,loop,clockwrap,dlpush,runs}.csv (the modes its plans run)"
