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
. "$(dirname "$0")/kunit-console.sh"
kunit_args ${#bits[@]} "$@"
kunit_console "$dir"
kunit_suite_checks sched_dl_uniform dlu_test_ dlcap_ufault "$all" ${bit:+"${bits[$bit]}"} ${bit:+"$bit"}
exit $assert_failed
