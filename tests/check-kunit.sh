#!/bin/bash
# The KUnit suite of kernels/patches/dl-capacity-kunit (the capacity-aware
# placement decisions on made-up CPUs), from the console of a boot on
# dynamiq3.
#   tests/check-kunit.sh RUNDIR              the kunit variant: all cases
#                                            ran and passed, none skipped
#   tests/check-kunit.sh --v1-faults RUNDIR  the kunit-v1-faults variant
#                                            (v1's faults put back): the
#                                            cases of review items B2, B3
#                                            and B5 fail, the others pass
#   tests/check-kunit.sh --v3-fault BIT RUNDIR  the kunit-v3-faults variant
#                                            booted with dlcap_fault=2^BIT
#                                            (decimal; QEMU_APPEND)
#                                            (kernels/patches/v3-faults):
#                                            exactly that helper's cases
#                                            fail, the others pass
#   tests/check-kunit.sh --v3-fault all RUNDIR  the same booted with
#                                            every bit set: the cases of
#                                            all bits fail, the others pass
# RUNDIR holds console.log (a run-batch output folder).
set -u
. "$(dirname "$0")/assert.sh"
# Every case, and the cases each bit of v3-faults' dlcap_fault breaks (in
# bit order, as that patch's message lists them; bit 6 breaks the wake-up
# deadline, which the decisions of two other cases are placed by).
all='cpudl_test_conserve_smaller cpudl_test_conserve_work cpudl_test_fallback
cpudl_test_heap_top cpudl_test_idle_fit cpudl_test_idle_fit_density_03
cpudl_test_idle_fit_none cpudl_test_is_earliest cpudl_test_latest_affine
cpudl_test_latest_fit cpudl_test_nonidle_fit_lockless cpudl_test_smaller_exists
cpudl_test_smaller_fit cpudl_test_stay_inactive cpudl_test_wakeup_deadline
cpudl_test_wakeup_deadline_boosted cpudl_test_wakeup_select_rq cpudl_test_wants_deadline'
v1_review='cpudl_test_nonidle_fit_lockless cpudl_test_smaller_fit cpudl_test_stay_inactive'
v3_bits=(cpudl_test_idle_fit cpudl_test_idle_fit_density_03 cpudl_test_idle_fit_none
	cpudl_test_latest_fit cpudl_test_fallback cpudl_test_smaller_exists
	'cpudl_test_wakeup_deadline cpudl_test_wakeup_deadline_boosted
	 cpudl_test_wakeup_select_rq cpudl_test_is_earliest'
	cpudl_test_conserve_work cpudl_test_latest_affine cpudl_test_wants_deadline
	cpudl_test_is_earliest cpudl_test_conserve_smaller cpudl_test_wakeup_select_rq
	cpudl_test_heap_top cpudl_test_wakeup_deadline_boosted cpudl_test_conserve_work
	cpudl_test_nonidle_fit_lockless)
usage='usage: check-kunit.sh [--v1-faults | --v3-fault BIT] RUNDIR'
mode=v3 bit=
case "${1:-}" in
--v1-faults) mode=v1-faults; shift ;;
--v3-fault)
	mode=v3-fault bit=${2:-}
	[ "$bit" = all ] || { [[ "$bit" =~ ^[0-9]+$ ]] && [ "$bit" -lt ${#v3_bits[@]} ]; } ||
		{ echo "check-kunit: --v3-fault: '$bit' is not a bit 0..$((${#v3_bits[@]} - 1))" >&2; exit 2; }
	shift 2 ;;
esac
dir=${1:?$usage}
. "$(dirname "$0")/kunit-console.sh"
kunit_console "$dir"
cases() { kunit_cases "$1" cpudl_test_; }
passed=$(cases ok)
failed=$(cases 'not ok')
skips=$(grep -cE '# SKIP' "$con")
n=$(printf '%s\n' $all | wc -l)
case $mode in
v3)
	check "KUnit sched_dl_capacity: the suite passed" grep -qE "$ts"'ok [0-9]+ sched_dl_capacity$' "$con"
	check "... all $n cases passed (passed: ${passed:-none}; failed: ${failed:-none})" \
		test "$passed" = "$(sorted $all)" ;;
v1-faults)
	check "KUnit sched_dl_capacity on v1's faults: the suite failed" grep -qE "$ts"'not ok [0-9]+ sched_dl_capacity$' "$con"
	check "... exactly the cases of B2, B3 and B5 failed (failed: ${failed:-none})" test "$failed" = "$(sorted $v1_review)"
	check "... the other $((n - 3)) passed (passed: ${passed:-none})" test "$passed" = "$(without "$v1_review" "$all")" ;;
v3-fault)
	if [ "$bit" = all ]; then
		want=$(sorted "${v3_bits[@]}") mask=$(((1 << ${#v3_bits[@]}) - 1))
	else
		want=$(sorted ${v3_bits[$bit]}) mask=$((1 << bit))
	fi
	check "KUnit sched_dl_capacity with dlcap_fault=$mask: the suite failed" grep -qE "$ts"'not ok [0-9]+ sched_dl_capacity$' "$con"
	check "... the fault was set (dlcap_fault=$mask on the command line)" \
		grep -qE "Kernel command line: .* dlcap_fault=$mask( |$)" "$con"
	check "... exactly $want failed (failed: ${failed:-none})" test "$failed" = "$want"
	check "... the other $((n - $(wc -w <<< "$want"))) passed (passed: ${passed:-none})" \
		test "$passed" = "$(without "$want" "$all")" ;;
esac
check "... none skipped ($skips skips)" test "$skips" = 0
grep -E '# (cpudl_test_|.*EXPECTATION FAILED)|Expected |waited' "$con" | head -20 >&2
exit $assert_failed
