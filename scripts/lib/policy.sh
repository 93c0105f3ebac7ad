# Policies and knobs: sweep files' policies, kernels/knobs, admission limits.
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

# admission_limits TOPOLOGY: "CAP CPUS", the DL bandwidth limits of
# experiments/topologies/TOPOLOGY.topo in capacity-1024 CPUs: 0.95 x sum of
# capacities / 1024 (the series) and 0.95 x CPUs (before it); 0.95 is the
# default share of sched_rt_runtime_us / sched_rt_period_us.
admission_limits() {
	local vars
	vars=$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$1.topo") || return 1
	(eval "$vars"; echo "$TOPO_CAPS" | awk '{ for (i = 1; i <= NF; i++) s += $i
		printf "%.4f %.4f\n", 0.95 * s / 1024, 0.95 * NF }')
}

# capacity_extremes TOPOLOGY: "SMALL LARGE", the smallest and the largest
# CPU capacity of experiments/topologies/TOPOLOGY.topo.
capacity_extremes() {
	local vars
	vars=$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$1.topo") || return 1
	(eval "$vars"; echo "$TOPO_CAPS" | tr ' ' '\n' | sort -n | sed -n '1p;$p' | paste -sd' ')
}

# knob_valid NAME=VALUE: whether kernels/knobs lists VALUE for knob NAME
# (the one knob check of plans and sweeps).
knob_valid() {
	case "$1" in *=*) ;; *) return 1 ;; esac
	awk -v k="${1%%=*}" -v v="${1#*=}" '
		$1 == k { for (i = 2; i <= NF; i++) if ($i == v) ok = 1 }
		END { exit !ok }' "$DLCAP_TOP/kernels/knobs"
}

# sweep_policies SWEEPFILE: "NAME KERNEL [KNOB=VALUE...]", one line per
# policy, from the one parser of sweep files (scripts/sweep.sh --policies).
sweep_policies() {
	"$DLCAP_TOP/scripts/sweep.sh" --policies "$1"
}
