#!/bin/bash
# Checks of dlcap's QEMU (qemu/patches/quantum) that need no guest: the
# -icount options of the series refused without shift= (one line naming
# the option, exit 1), and a VM state refused by quantum mode on load
# (-incoming of a state saved without quantum=). Prints PASS:/FAIL: lines.
#
# Usage: tests/check-qemu-options.sh QEMU_BIN
set -u
. "$(dirname "$0")/assert.sh"	# pass, fail
qemu=${1:?usage: check-qemu-options.sh QEMU_BIN}
[ -x "$qemu" ] || { fail "no QEMU binary $qemu"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
machine=(-M virt -cpu cortex-a53 -smp 2 -nodefaults -display none -serial none)

# 1. slice=, quantum=, rates= without shift=: an error naming the option.
for opt in quantum=10000 slice=1000 rates=1:1; do
	timeout 10 "$qemu" "${machine[@]}" -monitor none -icount "$opt,sleep=off" -S \
		> "$tmp/out" 2>&1 < /dev/null
	rc=$?
	grep -v 'Default NIC' "$tmp/out" > "$tmp/err"
	if [ "$rc" = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && grep -q "${opt%%=*}=" "$tmp/err"; then
		pass "-icount $opt,sleep=off (no shift=) is refused: $(cat "$tmp/err")"
	else
		fail "-icount $opt,sleep=off (no shift=): exit $rc (124: it ran), not one line naming ${opt%%=*}=: $(head -2 "$tmp/err" | tr '\n' ' ')"
	fi
done

# 2. A VM state loaded into quantum mode: refused. The state is saved from
# the same machine with plain icount (HMP's migrate returns once it is
# complete); a successful load would leave QEMU waiting (the source was
# stopped, so the destination does not run): 124 from timeout.
printf 'migrate "exec:cat > %s"\nquit\n' "$tmp/state" |
	timeout 10 "$qemu" "${machine[@]}" -icount shift=0,sleep=off -monitor stdio -S > "$tmp/save.out" 2>&1
if [ ! -s "$tmp/state" ]; then
	fail "could not save a VM state to load (plain icount): $(tail -2 "$tmp/save.out" | tr '\n' ' ')"
else
	timeout 10 "$qemu" "${machine[@]}" -monitor none -icount shift=0,sleep=off,quantum=10000 \
		-incoming "exec:cat $tmp/state" > "$tmp/load.out" 2>&1 < /dev/null
	rc=$?
	if [ "$rc" = 1 ] && grep -q 'quantum mode cannot load a VM state' "$tmp/load.out"; then
		pass "quantum mode refuses -incoming: $(grep -m1 'quantum mode' "$tmp/load.out")"
	else
		fail "quantum mode loaded a VM state from -incoming (exit $rc; 124: it waited as a loaded VM does)"
	fi
fi
exit $assert_failed
