#!/bin/bash
# A guest-requested reset in quantum mode happens at the same virtual time
# in every run (qemu/patches/quantum, "no vCPU runs between a reset request
# and the reset"): a 4-vCPU guest with no root file system panics and asks
# PSCI for a reset, again and again (panic=-1); two runs must print the
# same console, byte for byte, over their first BOOTS boots. Without the
# patch the other vCPUs run on for a host-timed while after each request,
# and the boots after the first reset drift apart. Prints PASS:/FAIL: lines.
#
# Usage: tests/check-qemu-reset.sh QEMU_BIN KERNEL_IMAGE [BOOTS (default 8)]
set -u
. "$(dirname "$0")/assert.sh"	# pass, fail
qemu=${1:?usage: check-qemu-reset.sh QEMU_BIN KERNEL_IMAGE [BOOTS]} image=${2:?} boots=${3:-8}
[ -x "$qemu" ] || { fail "no QEMU binary $qemu"; exit 1; }
[ -r "$image" ] || { fail "no kernel image $image"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_until OUT: boot until the console shows BOOTS + 1 boots (the last may
# be cut short), at most 300 s; the number of boots seen on stdout
run_until() {
	: > "$1"
	"$qemu" -M virt,gic-version=3 -cpu cortex-a53 -smp 4 -m 256 -nographic -nic none \
		-icount shift=0,sleep=off,quantum=10000 -rtc base=2020-01-01T00:00:00,clock=vm -seed 1 \
		-kernel "$image" -append "console=ttyAMA0 panic=-1 root=/dev/nonexistent" \
		< /dev/null > "$1" 2>&1 &
	local pid=$! i n=0
	for ((i = 0; i < 300; i++)); do
		n=$(grep -c 'Booting Linux' "$1")
		[ "$n" -gt "$boots" ] && break
		kill -0 "$pid" 2> /dev/null || break
		sleep 1
	done
	kill "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	echo "$n"
}
first_boots() { awk -v b="$boots" '/Booting Linux/ { n++ } n >= 1 && n <= b' "$1"; }

na=$(run_until "$tmp/a") nb=$(run_until "$tmp/b")
if [ "$na" -le "$boots" ] || [ "$nb" -le "$boots" ]; then
	fail "reset: fewer than $((boots + 1)) boots in 300 s ($na, $nb): the guest did not reset as expected"
elif cmp -s <(first_boots "$tmp/a") <(first_boots "$tmp/b"); then
	pass "reset: two runs print the same $(first_boots "$tmp/a" | wc -l) console lines over $boots boots ($((boots - 1)) guest resets)"
else
	fail "reset: two runs differ within $boots boots: $(diff <(first_boots "$tmp/a") <(first_boots "$tmp/b") | head -2 | tr '\n' ' ')"
fi
exit $assert_failed
