# Shared by the boot tests (tests/check-boot-*.sh); sourced, not run.
# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/assert.sh"

# boot_setup WORKDIR: the boots' folder (created by tests/run.sh, shared by
# the boot tests so that a later one reads an earlier one's saved run);
# the working directory becomes the checkout.
boot_setup() {
	[ $# = 1 ] && [ -d "$1" ] || { echo "FAIL: $(basename "$0"): want one argument, an existing WORKDIR (got: $*)"; exit 1; }
	work=$(cd "$1" && pwd)
	cd "$DLCAP_TOP" || exit 1
}

# expect DESCRIPTION COMMAND...: the command must succeed; its output is
# shown only when it fails.
expect() {
	local what=$1; shift
	if "$@" > "$work/.expect.out" 2>&1; then pass "$what"; else fail "$what"; sed 's/^/    /' "$work/.expect.out"; fi
}

# boot KERNEL TOPO PLANFILE: one boot into WORKDIR/KERNEL-TOPO, its tail
# shown; a copy kept in TESTS_KEEP when set.
boot() {
	echo "== boot: $1 on $2, $(basename "$3")"
	scripts/run-batch.sh "$1" "$2" "$3" "$work/$1-$2" 2>&1 | tail -12
	local rc=${PIPESTATUS[0]}
	expect "$1 on $2 boots, runs every point and powers off (run-batch exit $rc)" test "$rc" = 0
	[ -n "${TESTS_KEEP:-}" ] && mkdir -p "$TESTS_KEEP" && cp -r "$work/$1-$2" "$TESTS_KEEP/"
	return 0
}
