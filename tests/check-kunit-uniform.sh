#!/bin/bash
# The KUnit suite sched_dl_uniform (kernels/patches/dl-capacity-kunit: the
# uniform admission test and its ordered set, on private state), from the
# console of a boot of a kunit kernel.
#   tests/check-kunit-uniform.sh RUNDIR            all cases ran and passed
#   tests/check-kunit-uniform.sh --fault BIT RUNDIR  the kunit-uniform-faults
#                     variant booted with dlcap_ufault=2^BIT (QEMU_APPEND,
#                     kernels/patches/uniform-faults): exactly the cases
#                     that bit's fault breaks failed, the others passed
# RUNDIR holds console.log (a run-batch output folder).
set -u
. "$(dirname "$0")/assert.sh"
all='dlu_test_boundary_distinct dlu_test_boundary_rk3399 dlu_test_levels
dlu_test_lump dlu_test_maintenance dlu_test_replace dlu_test_rk3399_three_big'
# The cases each bit's fault breaks, in bit order (uniform-faults' message).
bits=('dlu_test_boundary_distinct dlu_test_boundary_rk3399 dlu_test_lump dlu_test_replace dlu_test_rk3399_three_big'
	'dlu_test_boundary_distinct dlu_test_boundary_rk3399'
	'dlu_test_boundary_distinct dlu_test_boundary_rk3399'
	'dlu_test_replace'
	'dlu_test_replace dlu_test_rk3399_three_big'
	'dlu_test_lump'
	'dlu_test_boundary_rk3399 dlu_test_maintenance dlu_test_rk3399_three_big'
	'dlu_test_levels'
	'dlu_test_maintenance')
usage='usage: check-kunit-uniform.sh [--fault BIT] RUNDIR'
bit=
if [ "${1:-}" = --fault ]; then
	bit=${2:-}
	[[ "$bit" =~ ^[0-9]+$ ]] && [ "$bit" -lt ${#bits[@]} ] ||
		{ echo "check-kunit-uniform: --fault: '$bit' is not a bit 0..$((${#bits[@]} - 1))" >&2; exit 2; }
	shift 2
fi
dir=${1:?$usage}
[ -r "$dir/console.log" ] || { echo "check-kunit-uniform: no $dir/console.log" >&2; exit 2; }
con=$(mktemp); trap 'rm -f "$con"' EXIT
tr -d '\r' < "$dir/console.log" > "$con"	# the serial console ends lines with CR LF
ts='^\[ *[0-9.]+\] '
cases() {	# the cases with result $1 ("ok" or "not ok"), sorted, space separated
	sed -nE "s/$ts"'\s+'"$1"' [0-9]+ (dlu_test_[a-z0-9_]+)( #.*)?$/\1/p' "$con" | sort | paste -sd' '
}
sorted() { printf '%s\n' $* | sort | paste -sd' '; }
without() {	# the cases of $2 (a list) that are not in $1
	printf '%s\n' $2 | grep -vxF -f <(printf '%s\n' $1) | sort | paste -sd' '
}
passed=$(cases ok)
failed=$(cases 'not ok')
n=$(printf '%s\n' $all | wc -l)
if [ -z "$bit" ]; then
	check "KUnit sched_dl_uniform: the suite passed" grep -qE "$ts"'ok [0-9]+ sched_dl_uniform$' "$con"
	check "... all $n cases passed (passed: ${passed:-none}; failed: ${failed:-none})" \
		test "$passed" = "$(sorted $all)"
else
	want=$(sorted "${bits[$bit]}") mask=$((1 << bit))
	check "KUnit sched_dl_uniform with dlcap_ufault=$mask: the suite failed" \
		grep -qE "$ts"'not ok [0-9]+ sched_dl_uniform$' "$con"
	check "... the fault was set (dlcap_ufault=$mask on the command line)" \
		grep -qE "Kernel command line: .* dlcap_ufault=$mask( |$)" "$con"
	check "... exactly $want failed (failed: ${failed:-none})" test "$failed" = "$want"
	check "... the other $((n - $(wc -w <<< "$want"))) passed (passed: ${passed:-none})" \
		test "$passed" = "$(without "$want" "$all")"
fi
check "... none skipped ($(grep -cE '# SKIP' "$con") skips)" test "$(grep -cE '# SKIP' "$con")" = 0
grep -E '# dlu_test_|EXPECTATION FAILED|Expected ' "$con" | head -20 >&2
exit $assert_failed
