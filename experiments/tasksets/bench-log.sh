#!/bin/sh
# Guest point of experiments/plans/bench-dlgen.plan: dlgen's per-job
# bookkeeping cost, timed over 100000 jobs on an otherwise idle guest.
# Usage (by initramfs/init): sh bench-log.sh POINTDIR
dlgen --bench-log 100000
