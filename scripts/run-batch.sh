#!/bin/bash
# Boot one kernel on one topology and run every point of a plan in it.
#
# Usage: scripts/run-batch.sh [--keys] KERNEL TOPOLOGY PLAN OUTDIR
#   --keys    boot nothing: print each point's key and what a run would do
#             with it (run: new, stale, failed; keep), then exit 0
#   KERNEL    variant name (kernels/variants/KERNEL), already built
#   TOPOLOGY  experiments/topologies/TOPOLOGY.topo
#   PLAN      experiments/plans/PLAN.plan, or a path to a .plan file. A line
#             is NAME TASKSET [KNOB=VALUE...] [DLGEN OPTIONS...]; TASKSET is
#             relative to experiments/tasksets/ unless absolute, and is a
#             .json task set for dlgen or a .sh script the guest runs as
#             "sh SCRIPT POINTDIR [OPTIONS]"; knobs are from kernels/knobs.
#             The boot gets what its points name and nothing else
#             (scripts/plan-check.sh: the task sets, the guest scripts and
#             the files they declare), plus the plan, knobs and capacities
#   OUTDIR    where points land: OUTDIR/NAME/{jobs,tasks}.csv, dlgen.log, rc
#             plus OUTDIR/console.log and OUTDIR/run.txt (how it was run),
#             each appended to by every run into OUTDIR, and, once every
#             point of the plan has run, OUTDIR/.complete-PLAN (its points'
#             "NAME KEY" lines: scripts/checkpoint.sh)
# Environment:
#   QEMU_TIMEOUT  seconds of host time for the whole boot (default 900)
#   QEMU_TIMING   "quantum" (default): dlcap's QEMU (scripts/qemu-build.sh),
#                 every vCPU with a clock of its own (-icount quantum=);
#                 "virtual": -icount round robin (Debian's QEMU);
#                 "realtime": multi-threaded TCG against the host clock
#   QEMU_QUANTUM, QEMU_SHIFT, QEMU_RATES, QEMU_ICOUNT, QEMU_APPEND, QEMU_BIN:
#                 the mode's options, the guest's command line and the QEMU
#                 binary (scripts/qemu-command.sh); the binary's version
#                 and SHA-256 go into every manifest and point key
#   QEMU_MEM      guest memory (default 1G)
#   INITRAMFS     initramfs to boot (default: this tree's, initramfs/build/)
#   KEEP_FAILED   1: keep failed points as they are (default: a point whose
#                 folder has a FAILED file is run again)
#   EXPECT_CAPACITIES  tests only: what the guest is told to expect instead
#                 of the topology's capacities (to see it refuse)
# One job per tool, each runnable on its own: scripts/plan-check.sh (the
# plan), scripts/qemu-command.sh (the QEMU command line), scripts/point-keys.sh
# (each point's key), scripts/make-initrd.sh (the inputs packed into the
# initrd), scripts/console-decode.pl (frames into points),
# scripts/console-badness.pl (kernel errors), scripts/console-culprit.sh
# (the point a bad end belongs to), scripts/point-collect.sh (points into
# OUTDIR with their manifests), scripts/recheck.sh (a saved OUTDIR against
# its console.log, without booting).
# Exit status: 0 all points ran; 2 bad input (nothing booted); 1 otherwise.
set -eu
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
. "$DLCAP_TOP/scripts/lib/qemu.sh"
keys_only=0
[ "${1:-}" = --keys ] && { keys_only=1; shift; }
[ $# = 4 ] || usage
kernel=$1 topo=$2 plan=$3 outdir=$4
timeout_s=${QEMU_TIMEOUT:-900}
timing=${QEMU_TIMING:-quantum}
qemu_bin=$(qemu_bin_for "$timing") || exit 2
mem=${QEMU_MEM:-1G}
initramfs=${INITRAMFS:-$DLCAP_TOP/initramfs/build/initramfs.cpio.gz}
dlgen_host=${DLGEN_HOST:-$DLCAP_TOP/dlgen/build/dlgen}

topofile=$DLCAP_TOP/experiments/topologies/$topo.topo
case "$plan" in
*/*) planfile=$plan; plan=$(basename "$plan" .plan) ;;
*) planfile=$DLCAP_TOP/experiments/plans/$plan.plan ;;
esac
[ -r "$topofile" ] || { echo "run-batch: no topology $topofile" >&2; exit 2; }
[ -r "$planfile" ] || { echo "run-batch: no plan $planfile" >&2; exit 2; }
rates_mode=	# QEMU_RATES only means something to the quantum mode
[ "$timing" = quantum ] && rates_mode=${QEMU_RATES:-}
topo_vars=$("$DLCAP_TOP/scripts/topo.sh" "$topofile" ${rates_mode:+"$rates_mode"}) || exit 2
eval "$topo_vars"

# Check the plan and every task set on the host before anything boots.
checked=$(DLGEN_HOST=$dlgen_host "$DLCAP_TOP/scripts/plan-check.sh" "$planfile") || exit 2
names=() stage=() guestplan=()
while IFS=$'\t' read -r -a point; do
	names+=("${point[0]}") guestplan+=("${point[1]}") stage+=("${point[@]:2}")
done <<< "$checked"

# What is missing from the cache comes after the inputs: a bad plan is
# reported as such whatever has been built.
command -v "$qemu_bin" > /dev/null ||
	{ echo "run-batch: no QEMU '$qemu_bin' (make qemu builds dlcap's; QEMU_BIN picks another)" >&2; exit 2; }
export QEMU_BIN=$qemu_bin	# scripts/mkdtb.sh dumps the DTB with the same QEMU
[ -r "$DLCAP_TOP/kernels/variants/$kernel" ] ||
	{ echo "run-batch: no kernel variant '$kernel' (kernels/variants/)" >&2; exit 2; }
image=$(kernel_image "$kernel") || exit 2
# the guest command line the variant's tree needs (kernels/variants/: APPEND=)
append=$(variant_append "$kernel")
[ -z "$append" ] || export QEMU_APPEND="$append${QEMU_APPEND:+ $QEMU_APPEND}"
[ -r "$image" ] || die "kernel '$kernel' is not built (scripts/kernel-build.sh $kernel)"
[ -r "$initramfs" ] || die "no initramfs at $initramfs"

mkdir -p "$outdir"
# One run of a plan into an OUTDIR at a time (two submissions of a sweep,
# two makes): the second is refused before it touches anything. Plans with
# other points may share OUTDIR (a sweep's boots, one per seed).
exec 9> "$outdir/.lock-$plan"
rc=0; flock -n -E 75 9 || rc=$?
[ $rc = 75 ] && { echo "run-batch: $plan is being run into $outdir by another run (lock $outdir/.lock-$plan); nothing done" >&2; exit 2; }
[ $rc = 0 ] || { echo "run-batch: cannot lock $outdir/.lock-$plan (flock exit $rc; a filesystem without locks?)" >&2; exit 2; }
# The boot's work folder, one per (kernel, topology, plan, OUTDIR): two
# runs into different folders never share one.
work=$DLCAP_CACHE/runs/$kernel-$topo-$plan-$(realpath -m "$outdir" | sha256sum | cut -c1-8)
rm -rf "$work"; mkdir -p "$work/in" "$work/out"
# What the points name (scripts/plan-check.sh), and only that: the key
# (scripts/point-keys.sh) hashes this folder, which scripts/make-initrd.sh
# packs whole.
printf '%s\n' "${stage[@]}" | sort -u | xargs -d '\n' cp -t "$work/in/"
printf '%s\n' "${guestplan[@]}" > "$work/in/plan"	# all points
echo "${EXPECT_CAPACITIES:-$TOPO_CAPS}" > "$work/in/capacities"
"$DLCAP_TOP/scripts/mkdtb.sh" "$topofile" "$work/topo.dtb" "$mem"
accel=$(qemu_accel "$timing" "$TOPO_RATES") || exit 2
mapfile -t accel <<< "$accel"
qemu=$("$DLCAP_TOP/scripts/qemu-command.sh" "$topofile" "$mem" "$image" "$work/initrd" "$work/topo.dtb") || exit 2
mapfile -t qemu <<< "$qemu"
printf '%s\n' "${qemu[@]}" > "$work/qemu.args"

# Each point's key (scripts/point-keys.sh): a finished point whose key
# changed is stale and is removed; one whose key is the same is kept, so
# an interrupted batch resumes. A resumed boot starts at the first missing
# point, so the points before a point in its boot (its manifest's
# "history") can differ from a run from scratch; the manifest says so.
# Points in OUTDIR that the plan does not name stay.
"$DLCAP_TOP/scripts/point-keys.sh" --parts "$work/boot.env" "$kernel" "$topofile" "$timing" "$initramfs" \
	"$work/in" "$work/qemu.args" > "$work/keys"
# what a run does with each point: new, stale (its key changed), failed
# (run again unless KEEP_FAILED=1) or keep
"$DLCAP_TOP/scripts/point-collect.sh" --status "$outdir" "$work/keys" > "$work/status"
[ $keys_only = 0 ] || { sed 's/ \(new\|stale\|failed\)$/ run: \1/' "$work/status"; exit 0; }
stale=$(grep -c ' stale$' "$work/status") || true
retry=$(grep -c ' failed$' "$work/status") || true
awk '$3 == "stale" || $3 == "failed" { print $1 }' "$work/status" | while read -r n; do rm -rf "${outdir:?}/$n"; done
[ $stale = 0 ] || say "$stale finished point(s) in $outdir were stale (inputs changed): rerunning them"
[ $retry = 0 ] || say "$retry failed point(s) in $outdir: running them again (KEEP_FAILED=1 keeps them)"
point_timeout=${POINT_TIMEOUT:-600}
# what every point's manifest says of the boot beyond its keyed parts
printf '%s=%q\n' topo "$topo" caps "$TOPO_CAPS" accel "${accel[*]}" \
	dlgen_ver "$("$dlgen_host" --version | cut -d' ' -f2)" >> "$work/boot.env"
qver=$(. "$work/boot.env"; echo "$qver") imgsum=$(. "$work/boot.env"; echo "$imgsum")

# eta DONE: ", ETA m:ss" from the pace of the points finished in this run.
run_t0=$(date +%s) done_before=
eta() {
	local ran left el
	[ -n "$done_before" ] || return 0
	ran=$(($1 - done_before)) left=$((${#names[@]} - $1)) el=$(($(date +%s) - run_t0))
	[ $ran -gt 0 ] && [ $left -gt 0 ] || return 0
	el=$((el * left / ran))
	printf ', ETA %d:%02d' $((el / 60)) $((el % 60))
}

# collect BOOT: move every point the decoder put in place into OUTDIR
# (scripts/point-collect.sh) and say so; called while QEMU runs and after.
collect() {
	local n k lines
	"$DLCAP_TOP/scripts/point-collect.sh" "$work" "$outdir" "$1" | while read -r n k; do
		lines=$(grep -c . "$outdir/$n/jobs.csv" 2>/dev/null) || true
		[ "${lines:-0}" -gt 0 ] || lines=1
		say "[$k/${#names[@]}] $n: exit $(cat "$outdir/$n/rc" 2>/dev/null); $((lines - 1)) jobs$(eta "$k")$([ -e "$outdir/$n/FAILED" ] && echo ", FAILED")"
	done
}

# watch PID: wait for QEMU, killing it on a kernel error on the console
# or when one point runs past POINT_TIMEOUT; prints the reason, if any.
# The console is read once, as it grows, by the decoder and the badness
# scanner; this loop only looks at what they found.
watch() {
	set +e	# runs in the background: no command here may end it early
	local pid=$1 last=0 t0 now n
	t0=$(date +%s)
	while kill -0 "$pid" 2>/dev/null; do
		sleep 0.5
		collect "$boot" >&2
		if [ -s "$work/badness" ]; then
			echo "kernel error on the console"; kill "$pid"; return
		fi
		now=$(date +%s)
		n=$(wc -l < "$work/stamps")
		[ "$n" != "$last" ] && { last=$n; t0=$now; }
		if [ $((now - t0)) -gt "$point_timeout" ]; then
			echo "no progress for ${point_timeout}s (POINT_TIMEOUT)"; kill "$pid"; return
		fi
	done
}

failed=0 boot=0 total_elapsed=0 qpid= wpid= dpid= bpid=
done_before=0
for n in "${names[@]}"; do [ -d "$outdir/$n" ] && done_before=$((done_before + 1)); done
run_t0=$(date +%s)
# Interrupted (Ctrl-C, make killed): take QEMU down too; finished points
# are already in OUTDIR and the next run resumes after them.
trap 'kill $qpid $wpid $dpid $bpid 2>/dev/null; wait $qpid 2>/dev/null; exit 130' INT TERM HUP
: >> "$outdir/console.log"
while :; do
	pending=()
	for n in "${names[@]}"; do [ -d "$outdir/$n" ] || pending+=("$n"); done
	[ ${#pending[@]} -gt 0 ] || break
	boot=$((boot + 1))
	say "$kernel on $topo, boot $boot: ${#pending[@]} of ${#names[@]} point(s) of $plan left, timing $timing, $qver"
	for n in "${pending[@]}"; do awk -v n="$n" '$1 == n { print; exit }' "$work/in/plan"; done > "$work/in/plan.boot"
	rm -rf "$work/out"; mkdir -p "$work/out"
	: > "$work/stamps"; : > "$work/badness"
	"$DLCAP_TOP/scripts/make-initrd.sh" "$initramfs" "$work/in" "$work/initrd"
	start=$(date +%s)
	rc=0
	# a new, empty console before anything reads it (tail -F must not see
	# the previous boot's); the lock (fd 9) is not handed to the children,
	# so an orphaned QEMU cannot hold it
	rm -f "$work/console.log"; : > "$work/console.log"
	timeout "$timeout_s" "${qemu[@]}" < /dev/null > "$work/console.log" 2>&1 9>&- &
	qpid=$!
	# One pass each over the console as it grows (tail -F: inotify), ending
	# when QEMU does: the decoder (points, and the host time of their start
	# lines and first frames) and the badness scanner.
	tail -n +1 -F -s 0.05 --pid="$qpid" "$work/console.log" 2>/dev/null 9>&- |
		"$DLCAP_TOP/scripts/console-decode.pl" --stamps "$work/stamps" "$work/out" > /dev/null 9>&- &
	dpid=$!
	tail -n +1 -F -s 0.05 --pid="$qpid" "$work/console.log" 2>/dev/null 9>&- |
		"$DLCAP_TOP/scripts/console-badness.pl" > "$work/badness" 9>&- &
	bpid=$!
	# In the background, so that a signal to this script is handled at once.
	watch "$qpid" > "$work/reason" 9>&- &	# its sleeps must not hold the lock either
	wpid=$!
	wait "$wpid" || true
	wait "$qpid" || rc=$?
	wait "$dpid" || true
	wait "$bpid" || true
	reason=$(cat "$work/reason")
	# the guest may die of it before the watcher looked
	[ -z "$reason" ] && [ -s "$work/badness" ] && reason="kernel error on the console"
	elapsed=$(( $(date +%s) - start ))
	total_elapsed=$((total_elapsed + elapsed))
	# appended whole: boots of other plans (a sweep's seeds) share OUTDIR
	{ echo "===== dlcap boot $boot of $plan ($(date -u +%FT%TZ)) ====="; cat "$work/console.log"; } |
		flock "$outdir/.lock-console" sh -c 'cat >> "$1"' sh "$outdir/console.log"
	[ -r "$work/out/guest.txt" ] && cp "$work/out/guest.txt" "$outdir/"
	[ $rc = 124 ] && reason="QEMU did not power off within ${timeout_s}s (QEMU_TIMEOUT)"

	collect "$boot"
	progressed=0
	for n in "${pending[@]}"; do [ -d "$outdir/$n" ] && progressed=1; done
	if [ -r "$work/out/FAILED" ]; then
		echo "run-batch: guest refused to run: $(cat "$work/out/FAILED")" >&2
		failed=1; break
	fi
	# The point that was running when the boot ended badly, or when the
	# first kernel error was printed, is failed (its data, if any, kept).
	running= errline=0
	read -r running errline < <("$DLCAP_TOP/scripts/console-culprit.sh" "$work/console.log" "$work/badness") || true
	if [ -n "$running" ] && { [ "$errline" != 0 ] || [ ! -d "$outdir/$running" ]; }; then
		{
			echo "point $running failed in boot $boot: ${reason:-the guest stopped while it ran (QEMU exit $rc)}"
			"$DLCAP_TOP/scripts/console-culprit.sh" --excerpt "$work/console.log" "$errline"
		} | "$DLCAP_TOP/scripts/point-collect.sh" --failed "$work" "$outdir" "$boot" "$running"
		echo "run-batch: point $running FAILED: ${reason:-the guest stopped while it ran (QEMU exit $rc)}; see $outdir/$running/FAILED" >&2
		failed=1
		continue	# reboot for the points after it
	fi
	if [ -n "$reason" ] || [ $rc != 0 ]; then
		echo "run-batch: boot $boot ended badly (${reason:-QEMU exit $rc}) with no point running" >&2
		failed=1
		[ $progressed = 1 ] && continue
		break
	fi
	# a boot that ended well but ran nothing would only repeat itself
	[ $progressed = 1 ] || { echo "run-batch: boot $boot ran none of its points" >&2; failed=1; break; }
done
for n in "${names[@]}"; do
	if [ ! -d "$outdir/$n" ]; then
		echo "run-batch: point $n produced no result" >&2; failed=1
	elif [ -e "$outdir/$n/FAILED" ]; then
		failed=1
	fi
done
{
	echo "===== $(date -u +%FT%TZ)"
	echo "kernel: $kernel ($image, sha256 $imgsum)"
	echo "topology: $topo ($TOPO_CAPS)"
	echo "plan: $plan"
	echo "timing: $timing (${accel[*]})"
	echo "qemu: $qver"
	echo "command: ${qemu[*]}"
	echo "host seconds: $total_elapsed, boots: $boot, qemu exit: ${rc:-none}"
} | flock "$outdir/.lock-console" sh -c 'cat >> "$1"' sh "$outdir/run.txt"
say "done: $boot boot(s) in ${total_elapsed}s; console log: $outdir/console.log"
# Every point of the plan ran: its names and keys, which mark the points
# scripts/checkpoint.sh may carry to another machine as one boot.
if [ $failed = 0 ]; then cp "$work/keys" "$outdir/.complete-$plan"; else rm -f "$outdir/.complete-$plan"; fi
exit $failed
