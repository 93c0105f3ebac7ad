#!/bin/bash
# A QEMU that also says what it cost: run as QEMU_BIN, it runs
# QEMU_CPUTIME_REAL (default: dlcap's QEMU) with its arguments under
# /usr/bin/time and appends one line per run to QEMU_CPUTIME_LOG:
#   elapsed_s user_s sys_s rates
# (rates: the -icount rates= list, which names the boot's topology).
# Host wall time of a point (its manifest's "host seconds") counts every
# other process on a shared host; CPU time does not (scripts/budget.sh).
set -u
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/qemu.sh"
real=${QEMU_CPUTIME_REAL:-$(qemu_dlcap_bin)}
log=${QEMU_CPUTIME_LOG:?QEMU_CPUTIME_LOG: where to append the costs}
rates=-
for a in "$@"; do
	case "$a" in *rates=*) rates=${a##*rates=}; rates=${rates%%,*} ;; esac
done
t=$(mktemp)
/usr/bin/time -o "$t" -f '%e %U %S' "$real" "$@"
rc=$?
# --version and -M dumpdtb runs have no rates: logged with '-'
echo "$(tail -1 "$t") $rates" >> "$log"
rm -f "$t"
exit $rc
