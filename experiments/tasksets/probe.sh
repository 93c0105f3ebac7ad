#!/bin/sh
# Guest point of the fidelity-v2 plans (scripts/bench-fidelity-v2.sh): runs
# dlprobe (probes/; the bench boots an initramfs with it) with the point's
# options; its CSV is the point's probe.csv.
# Usage (by initramfs/init): sh probe.sh POINTDIR MODE [OPTIONS]
out=$1
shift
if ! command -v dlprobe > /dev/null; then
	echo "probe.sh: no dlprobe in this initramfs (scripts/bench-fidelity-v2.sh boots one with it)"
	exit 1
fi
dlprobe "$@" > "$out/probe.csv"
