#!/bin/sh
# Test-only faults for the runner (tests/plans/faults.plan):
#   sh fault.sh POINTDIR panic  print a kernel panic line to the console
#   sh fault.sh POINTDIR hang   spin forever (a sleep would not do: with
#                               -icount sleep=off idle guest time takes no host time)
#   sh fault.sh POINTDIR off    power the guest off in the middle of the point
out=${1:?}
case "${2:?}" in
panic) echo "<0>Kernel panic - not syncing: dlcap fault injection" > /dev/kmsg
       while :; do sleep 1; done ;;
hang) while :; do :; done ;;	# busy: idle time is skipped under -icount sleep=off
off) poweroff -f ;;
*) echo "fault.sh: unknown fault $2" >&2; exit 2 ;;
esac
