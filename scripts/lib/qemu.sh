# dlcap's QEMU: where it is built, and the options of each timing mode.
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

# The quantum mode's defaults (scripts/run-batch.sh; chosen in EXPERIMENTS.md
# section 2 from the table of quantum against wake-up latency and host cost).
QEMU_QUANTUM_DEFAULT=10000
QEMU_SHIFT_DEFAULT=0

# qemu_dlcap_bin: where scripts/qemu-build.sh puts dlcap's QEMU (built or
# not): one build per Debian version of qemu-system-arm and patch series.
qemu_dlcap_bin() {
	local ver
	ver=$(dpkg-query -W -f='${Version}' qemu-system-arm 2>/dev/null) || ver=none
	echo "$DLCAP_CACHE/qemu/build/${ver//:/_}/${QEMU_SERIES:-quantum}/qemu-system-aarch64"
}

# qemu_bin_for TIMING: the QEMU a boot in the TIMING mode runs: QEMU_BIN, or
# dlcap's (quantum) or qemu-system-aarch64 from PATH (virtual, realtime); 2
# with one line on stderr for another mode (scripts/run-batch.sh and
# scripts/qemu-command.sh).
qemu_bin_for() {
	case "$1" in
	quantum) echo "${QEMU_BIN:-$(qemu_dlcap_bin)}" ;;
	virtual|realtime) echo "${QEMU_BIN:-qemu-system-aarch64}" ;;
	*) echo "$(basename "$0" .sh): QEMU_TIMING='$1' (want quantum|virtual|realtime)" >&2; return 2 ;;
	esac
}

# qemu_accel TIMING RATES: the TIMING mode's QEMU options, one per line:
# the quantum mode's -icount with QEMU_QUANTUM, QEMU_SHIFT and the vCPUs'
# RATES (scripts/topo.sh's TOPO_RATES), the virtual mode's with QEMU_ICOUNT,
# the realtime mode's multi-threaded TCG; 2 with one line on stderr for a
# bad QEMU_QUANTUM or QEMU_SHIFT (scripts/run-batch.sh, scripts/qemu-command.sh).
qemu_accel() {
	local quantum shift_
	case "$1" in
	quantum)
		quantum=${QEMU_QUANTUM:-$QEMU_QUANTUM_DEFAULT} shift_=${QEMU_SHIFT:-$QEMU_SHIFT_DEFAULT}
		[[ $quantum =~ ^[1-9][0-9]{0,8}$ ]] ||
			{ echo "$(basename "$0" .sh): QEMU_QUANTUM='$quantum' is not a number of ns from 1 to 999999999" >&2; return 2; }
		[[ $shift_ =~ ^([0-9]|10)$ ]] ||
			{ echo "$(basename "$0" .sh): QEMU_SHIFT='$shift_' is not 0..10" >&2; return 2; }
		printf '%s\n' -icount "shift=$shift_,sleep=off,quantum=$quantum,rates=$2" ;;
	virtual) printf '%s\n' -icount "${QEMU_ICOUNT:-shift=0,sleep=off}" ;;
	realtime) printf '%s\n' -accel tcg,thread=multi ;;
	*) qemu_bin_for "$1" > /dev/null ;;
	esac
}
