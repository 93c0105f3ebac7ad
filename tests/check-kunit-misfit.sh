#!/bin/bash
# The KUnit suite sched_dl_misfit (kernels/patches/dl-misfit-kunit: the
# pick of the misfit task a CPU free of -deadline work takes, on a made-up
# view; the room a CPU has for it, on a made-up dl_rq; the swap of
# dl_misfit=migrate-preempt, on made-up CPUs), from the console
# of a boot of a kunit-misfit kernel.
#   tests/check-kunit-misfit.sh RUNDIR   all cases ran and passed
#   tests/check-kunit-misfit.sh --fault BIT RUNDIR  the kunit-misfit-faults
#                     variant booted with dlcap_mfault=2^BIT (QEMU_APPEND,
#                     kernels/patches/misfit-faults): exactly the cases
#                     that bit's fault breaks failed, the others passed
# RUNDIR holds console.log (a run-batch output folder).
set -u
. "$(dirname "$0")/assert.sh"
all='dlm_allowed dlm_earliest dlm_fits dlm_room dlm_self_and_empty dlm_swap dlm_wrap'
# The cases each bit's fault breaks, in bit order (misfit-faults' message).
bits=('dlm_earliest dlm_fits dlm_wrap'
	'dlm_fits'
	'dlm_allowed'
	'dlm_self_and_empty'
	'dlm_wrap'
	'dlm_room'
	'dlm_swap')
. "$(dirname "$0")/kunit-console.sh"
kunit_args ${#bits[@]} "$@"
kunit_console "$dir"
kunit_suite_checks sched_dl_misfit dlm_ dlcap_mfault "$all" ${bit:+"${bits[$bit]}"} ${bit:+"$bit"}
exit $assert_failed
