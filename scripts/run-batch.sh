#!/bin/bash
# Boot one kernel on one topology and run every point of a plan in it.
#
# Usage: scripts/run-batch.sh KERNEL TOPOLOGY PLAN OUTDIR
#   KERNEL    variant name (kernels/variants/KERNEL), already built
#   TOPOLOGY  experiments/topologies/TOPOLOGY.topo
#   PLAN      experiments/plans/PLAN.plan, or a path to a .plan file. A line
#             is NAME TASKSET [KNOB=VALUE...] [DLGEN OPTIONS...]; TASKSET is
#             relative to experiments/tasksets/ unless absolute, and is a
#             .json task set for dlgen or a .sh script the guest runs as
#             "sh SCRIPT POINTDIR [OPTIONS]"; knobs are from kernels/knobs
#   OUTDIR    where points land: OUTDIR/NAME/{jobs,tasks}.csv, dlgen.log, rc
#             plus OUTDIR/console.log and OUTDIR/run.txt (how it was run)
# Environment:
#   QEMU_TIMEOUT  seconds of host time for the whole boot (default 900)
#   QEMU_TIMING   "virtual" (default: -icount shift=0,sleep=off) or
#                 "realtime" (multi-threaded TCG against the host clock)
#   QEMU_ICOUNT   -icount options of the virtual mode (default shift=0,sleep=off,
#                 chosen by make bench-fidelity: EXPERIMENTS.md section 2)
#   QEMU_APPEND   extra guest kernel command-line arguments
#   QEMU_MEM      guest memory (default 1G)
#   INITRAMFS     initramfs to boot (default: the cache's)
#   EXPECT_CAPACITIES  tests only: what the guest is told to expect instead
#                 of the topology's capacities (to see it refuse)
# Exit status: 0 all points ran; 2 bad input (nothing booted); 1 otherwise.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 4 ] || { sed -n '3,19p' "$0" >&2; exit 2; }
kernel=$1 topo=$2 plan=$3 outdir=$4
timeout_s=${QEMU_TIMEOUT:-900}
timing=${QEMU_TIMING:-virtual}
mem=${QEMU_MEM:-1G}
initramfs=${INITRAMFS:-$DLCAP_CACHE/initramfs.cpio.gz}
dlgen_host=${DLGEN_HOST:-$DLCAP_TOP/dlgen/build/dlgen}

topofile=$DLCAP_TOP/experiments/topologies/$topo.topo
case "$plan" in
*/*) planfile=$plan; plan=$(basename "$plan" .plan) ;;
*) planfile=$DLCAP_TOP/experiments/plans/$plan.plan ;;
esac
[ -r "$topofile" ] || { echo "run-batch: no topology $topofile" >&2; exit 2; }
[ -r "$planfile" ] || { echo "run-batch: no plan $planfile" >&2; exit 2; }
topo_vars=$("$DLCAP_TOP/scripts/topo.sh" "$topofile") || exit 2
eval "$topo_vars"

# Validate the plan and every task set on the host before anything boots.
tasksets=() scripts=() names=() guestplan=() bad=0 lineno=0
while read -r name ts args; do
	lineno=$((lineno + 1))
	case "$name" in ''|'#'*) continue ;; esac
	if [ -z "$ts" ]; then
		echo "$planfile:$lineno: point '$name' names no task set" >&2; bad=1; continue
	fi
	case " ${names[*]} " in *" $name "*)
		echo "$planfile:$lineno: point name '$name' is used twice" >&2; bad=1 ;;
	esac
	names+=("$name")
	case "$ts" in
	/*) tsfile=$ts ;;
	*) tsfile=$DLCAP_TOP/experiments/tasksets/$ts ;;
	esac
	case "$ts" in
	*.sh) [ -r "$tsfile" ] || { echo "$planfile:$lineno: no guest script $tsfile" >&2; bad=1; }
	      scripts+=("$tsfile") ;;
	*) tasksets+=("$tsfile") ;;
	esac
	for a in $args; do
		case "$a" in -*) continue ;; *=*) ;; *) continue ;; esac
		if ! awk -v k="${a%%=*}" -v v="${a#*=}" '
			$1 == k { for (i = 2; i <= NF; i++) if ($i == v) ok = 1 }
			END { exit !ok }' "$DLCAP_TOP/kernels/knobs"; then
			echo "$planfile:$lineno: knob '$a' is not NAME=VALUE from kernels/knobs" >&2
			bad=1
		fi
	done
	guestplan+=("$name ${ts##*/} $args")
done < "$planfile"
[ ${#names[@]} -gt 0 ] || { echo "$planfile: no points" >&2; exit 2; }
[ $bad = 0 ] || exit 2
if [ ${#tasksets[@]} -gt 0 ]; then
	"$dlgen_host" --check "${tasksets[@]}" || exit 2
fi

[ -r "$DLCAP_TOP/kernels/variants/$kernel" ] ||
	{ echo "run-batch: no kernel variant '$kernel' (kernels/variants/)" >&2; exit 2; }
image=$(ls "$DLCAP_CACHE"/build/"$(tarball_version)"/"$kernel"/arch/arm64/boot/Image 2>/dev/null) ||
	die "kernel '$kernel' is not built (scripts/kernel-build.sh $kernel)"
[ -r "$initramfs" ] || die "no initramfs at $initramfs"

work=$DLCAP_CACHE/runs/$kernel-$topo-$plan
rm -rf "$work"; mkdir -p "$work/share/in" "$work/share/out"
# Guest scripts may use any committed task set, so all of them go along.
printf '%s\n' ${tasksets[@]+"${tasksets[@]}"} ${scripts[@]+"${scripts[@]}"} \
	"$DLCAP_TOP"/experiments/tasksets/*.json | sort -u |
	xargs -d '\n' cp -t "$work/share/in/"
printf '%s\n' "${guestplan[@]}" > "$work/share/in/plan"
echo "${EXPECT_CAPACITIES:-$TOPO_CAPS}" > "$work/share/in/capacities"
cp "$DLCAP_TOP/kernels/knobs" "$work/share/in/knobs"
"$DLCAP_TOP/scripts/mkdtb.sh" "$topofile" "$work/topo.dtb" "$mem"

case "$timing" in
virtual) accel=(-icount "${QEMU_ICOUNT:-shift=0,sleep=off}") ;;
realtime) accel=(-accel tcg,thread=multi) ;;
*) echo "run-batch: QEMU_TIMING='$timing' (want virtual|realtime)" >&2; exit 2 ;;
esac
qemu=(qemu-system-aarch64 -M "virt,gic-version=$TOPO_GIC" -cpu "$TOPO_CPU"
      -smp "$TOPO_NCPUS" -m "$mem" -nographic -no-reboot -nic none "${accel[@]}"
      -kernel "$image" -initrd "$initramfs" -dtb "$work/topo.dtb"
      -append "console=ttyAMA0 panic=-1 dlcap.guest=1${QEMU_APPEND:+ $QEMU_APPEND}"
      -fsdev "local,id=fs0,path=$work/share,security_model=none"
      -device virtio-9p-pci,fsdev=fs0,mount_tag=dlcap)

say "$kernel on $topo: ${#names[@]} point(s) of $plan, timing $timing, $(qemu-system-aarch64 --version | head -1)"
start=$(date +%s)
rc=0
timeout "$timeout_s" "${qemu[@]}" < /dev/null > "$work/console.log" 2>&1 || rc=$?
elapsed=$(( $(date +%s) - start ))

mkdir -p "$outdir"
{
	echo "kernel: $kernel ($image, sha256 $(sha256sum < "$image" | cut -c1-16))"
	echo "topology: $topo ($TOPO_CAPS)"
	echo "plan: $plan"
	echo "timing: $timing${QEMU_ICOUNT:+ (icount $QEMU_ICOUNT)}"
	echo "qemu: $(qemu-system-aarch64 --version | head -1)"
	echo "command: ${qemu[*]}"
	echo "host seconds: $elapsed, qemu exit: $rc"
} > "$work/run.txt"
cp "$work/console.log" "$work/run.txt" "$outdir/"
[ -r "$work/share/out/guest.txt" ] && cp "$work/share/out/guest.txt" "$outdir/"

failed=0
if [ $rc = 124 ]; then
	echo "run-batch: QEMU did not power off within ${timeout_s}s (QEMU_TIMEOUT)" >&2; failed=1
elif [ $rc != 0 ]; then
	echo "run-batch: QEMU exited with status $rc" >&2; failed=1
fi
if grep -nE 'Kernel panic|BUG:|WARNING:|Oops|rcu.*stall|INFO: task .* blocked' "$work/console.log" >&2; then
	echo "run-batch: the console shows kernel errors ($outdir/console.log)" >&2; failed=1
fi
if [ -r "$work/share/out/FAILED" ]; then
	echo "run-batch: guest refused to run: $(cat "$work/share/out/FAILED")" >&2; failed=1
fi
for n in "${names[@]}"; do
	if [ -d "$work/share/out/$n" ]; then
		rm -rf "${outdir:?}/$n"
		cp -r "$work/share/out/$n" "$outdir/$n"
		say "$n: dlgen exit $(cat "$outdir/$n/rc"); $(grep -c . "$outdir/$n/jobs.csv" 2>/dev/null || echo 0) lines in jobs.csv"
	else
		echo "run-batch: point $n produced no result" >&2; failed=1
	fi
done
say "done in ${elapsed}s; console log: $outdir/console.log"
exit $failed
