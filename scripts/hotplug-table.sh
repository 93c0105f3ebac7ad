#!/bin/bash
# Admission before/after a CPU hotplug cycle, per kernel, as CSV on stdout
# (total_bw_before, last: empty for runs of a hotplug.sh that did not print it).
# Usage: scripts/hotplug-table.sh RUNDIR...   (runs of hotplug-accounting.plan;
# the kernel is the RUNDIR's grandparent folder name)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
echo "kernel,admitted_before,offline,admitted_during,total_bw_after,admitted_after,total_bw_before"
for d in "$@"; do
	k=$(basename "$(dirname "$(dirname "$d")")")
	adm() { csv_awk 'FNR == 1 { header(); next } $col("admitted") == 1' "$1/tasks.csv" | wc -l; }
	v() { sed -n "s/^$1: //p" "$d/hotplug/dlgen.log" | sed 's/ *$//'; }
	echo "$k,$(adm "$d/adm-before"),$(v offline),$(v admitted),$(v 'total_bw after'),$(adm "$d/adm-after"),$(v 'total_bw before')"
done
