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
#             "sh SCRIPT POINTDIR [OPTIONS]"; knobs are from kernels/knobs
#   OUTDIR    where points land: OUTDIR/NAME/{jobs,tasks}.csv, dlgen.log, rc
#             plus OUTDIR/console.log and OUTDIR/run.txt (how it was run),
#             each appended to by every run into OUTDIR
# Environment:
#   QEMU_TIMEOUT  seconds of host time for the whole boot (default 900)
#   QEMU_TIMING   "quantum" (default): dlcap's QEMU (scripts/qemu-build.sh),
#                 every vCPU with a clock of its own (-icount quantum=);
#                 "virtual": -icount round robin (Debian's QEMU);
#                 "realtime": multi-threaded TCG against the host clock
#   QEMU_QUANTUM  quantum mode: the quantum in ns of virtual time (default
#                 $QEMU_QUANTUM_DEFAULT; EXPERIMENTS.md section 2)
#   QEMU_SHIFT    quantum mode: a capacity-1024 vCPU executes one instruction
#                 every 2^QEMU_SHIFT ns (default $QEMU_SHIFT_DEFAULT)
#   QEMU_RATES    quantum mode: "capacity" (rate = capacity/1024), "equal",
#                 or unset: what the topology file says (default capacity)
#   QEMU_ICOUNT   -icount options of the virtual mode (default shift=0,sleep=off)
#   QEMU_APPEND   extra guest kernel command-line arguments
#   QEMU_BIN      the QEMU to boot (default: dlcap's in the quantum mode,
#                 qemu-system-aarch64 from PATH otherwise); its version and
#                 SHA-256 go into every manifest and point key
#   QEMU_MEM      guest memory (default 1G)
#   INITRAMFS     initramfs to boot (default: the cache's)
#   KEEP_FAILED   1: keep failed points as they are (default: a point whose
#                 folder has a FAILED file is run again)
#   EXPECT_CAPACITIES  tests only: what the guest is told to expect instead
#                 of the topology's capacities (to see it refuse)
# One job per tool, each runnable on a saved run: scripts/plan-check.sh
# (the plan), scripts/console-decode.pl (frames into points),
# scripts/console-badness.pl (kernel errors), scripts/console-culprit.sh
# (the point a bad end belongs to), scripts/recheck.sh (a saved OUTDIR
# against its console.log, without booting).
# Exit status: 0 all points ran; 2 bad input (nothing booted); 1 otherwise.
set -eu
. "$(dirname "$0")/lib.sh"
keys_only=0
[ "${1:-}" = --keys ] && { keys_only=1; shift; }
[ $# = 4 ] || { sed -n '3,/^# Exit status/p' "$0" >&2; exit 2; }
kernel=$1 topo=$2 plan=$3 outdir=$4
timeout_s=${QEMU_TIMEOUT:-900}
timing=${QEMU_TIMING:-quantum}
case "$timing" in
quantum) qemu_bin=${QEMU_BIN:-$(qemu_dlcap_bin)} ;;
virtual|realtime) qemu_bin=${QEMU_BIN:-qemu-system-aarch64} ;;
*) echo "run-batch: QEMU_TIMING='$timing' (want quantum|virtual|realtime)" >&2; exit 2 ;;
esac
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
rates_mode=	# QEMU_RATES only means something to the quantum mode
[ "$timing" = quantum ] && rates_mode=${QEMU_RATES:-}
topo_vars=$("$DLCAP_TOP/scripts/topo.sh" "$topofile" ${rates_mode:+"$rates_mode"}) || exit 2
eval "$topo_vars"

# Check the plan and every task set on the host before anything boots.
checked=$(DLGEN_HOST=$dlgen_host "$DLCAP_TOP/scripts/plan-check.sh" "$planfile") || exit 2
names=() tsfiles=() guestplan=()
while IFS=$'\t' read -r name tsfile line; do
	names+=("$name") tsfiles+=("$tsfile") guestplan+=("$line")
done <<< "$checked"

# What is missing from the cache comes after the inputs: a bad plan is
# reported as such whatever has been built.
command -v "$qemu_bin" > /dev/null ||
	{ echo "run-batch: no QEMU '$qemu_bin' (make qemu builds dlcap's; QEMU_BIN picks another)" >&2; exit 2; }
export QEMU_BIN=$qemu_bin	# scripts/mkdtb.sh dumps the DTB with the same QEMU
[ -r "$DLCAP_TOP/kernels/variants/$kernel" ] ||
	{ echo "run-batch: no kernel variant '$kernel' (kernels/variants/)" >&2; exit 2; }
image=$(ls "$DLCAP_CACHE"/build/"$(tarball_version)"/"$kernel"/arch/arm64/boot/Image 2>/dev/null) ||
	die "kernel '$kernel' is not built (scripts/kernel-build.sh $kernel)"
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
# Guest scripts may use any committed task set, so all of them go along.
printf '%s\n' "${tsfiles[@]}" "$DLCAP_TOP"/experiments/tasksets/*.json | sort -u |
	xargs -d '\n' cp -t "$work/in/"
printf '%s\n' "${guestplan[@]}" > "$work/in/plan"	# all points
echo "${EXPECT_CAPACITIES:-$TOPO_CAPS}" > "$work/in/capacities"
cp "$DLCAP_TOP/kernels/knobs" "$work/in/knobs"
"$DLCAP_TOP/scripts/mkdtb.sh" "$topofile" "$work/topo.dtb" "$mem"

case "$timing" in
quantum)
	quantum=${QEMU_QUANTUM:-$QEMU_QUANTUM_DEFAULT} shift_=${QEMU_SHIFT:-$QEMU_SHIFT_DEFAULT}
	[[ $quantum =~ ^[1-9][0-9]{0,8}$ ]] ||
		{ echo "run-batch: QEMU_QUANTUM='$quantum' is not a number of ns from 1 to 999999999" >&2; exit 2; }
	[[ $shift_ =~ ^([0-9]|10)$ ]] ||
		{ echo "run-batch: QEMU_SHIFT='$shift_' is not 0..10" >&2; exit 2; }
	accel=(-icount "shift=$shift_,sleep=off,quantum=$quantum,rates=$TOPO_RATES") ;;
virtual) accel=(-icount "${QEMU_ICOUNT:-shift=0,sleep=off}") ;;
realtime) accel=(-accel tcg,thread=multi) ;;
esac
# skew_tick=1 staggers the CPUs' ticks: with all ticks at the same instant,
# 8 busy vCPUs overran 11 ms budgets with 10 ms of work whenever releases
# fell 2 ms after a tick (EXPERIMENTS.md section 2; QEMU_APPEND=skew_tick=0
# turns it off again).
# No device does I/O while points run (EXPERIMENTS.md section 13): the
# inputs ride in a cpio appended to the initramfs, the results come back as
# frames on the console (initramfs/init), the RTC follows the virtual clock
# and QEMU's own random numbers (it refills any /chosen/rng-seed at reset)
# come from a fixed seed. A boot then repeats exactly.
qemu=("$qemu_bin" -M "virt,gic-version=$TOPO_GIC" -cpu "$TOPO_CPU"
      -smp "$TOPO_NCPUS" -m "$mem" -nographic -no-reboot -nic none "${accel[@]}"
      -rtc base=2020-01-01T00:00:00,clock=vm -seed 1
      -kernel "$image" -initrd "$work/initrd" -dtb "$work/topo.dtb"
      -append "console=ttyAMA0 panic=-1 dlcap.guest=1 skew_tick=1${QEMU_APPEND:+ $QEMU_APPEND}")

# make_initrd: the initramfs plus this boot's inputs as /share/in (the
# kernel unpacks concatenated archives in order). Fixed mtimes, so the same
# inputs give the same bytes: a different byte makes the guest unpack it in
# a different number of instructions, and the whole boot shifts.
gen_init_cpio=$DLCAP_CACHE/tools/gen_init_cpio
make_initrd() {
	local gen=$gen_init_cpio f
	[ -x "$gen" ] || die "no $gen (scripts/mkinitramfs.sh builds it)"
	touch -d @0 "$work"/in/*
	{
		echo "dir /share 0755 0 0"
		echo "dir /share/in 0755 0 0"
		for f in "$work"/in/*; do
			echo "file /share/in/${f##*/} $f 0644 0 0"
		done
	} > "$work/in.list"
	{ cat "$initramfs"; "$gen" -t 0 "$work/in.list" | gzip -9n; } > "$work/initrd"
}

# Each point's key: everything that can change its bytes. The boot (kernel
# Image, .config and patches, initramfs, DTB, topology, timing and QEMU
# options, the QEMU binary) and every input staged into it (all task sets,
# the whole plan, knobs, capacities: a byte of any of them moves every job
# of the boot, EXPERIMENTS.md sections 13 and 15), plus the point's own
# plan line. A finished point whose key changed is stale and is removed;
# one whose key is the same is kept, so an interrupted batch resumes. A
# resumed boot starts at the first missing point, so the points before a
# point in its boot (its manifest's "history") can differ from a run from
# scratch; the manifest says so. Points in OUTDIR that the plan does not
# name stay.
imgsum=$(hash_files "$image")
cfgsum=$(hash_files "$(dirname "$image")/../../../.config")
initsum=$(hash_files "$initramfs")
dtbsum=$(hash_files "$work/topo.dtb")
topsum=$(hash_files "$topofile")
insum=$(cd "$work/in" && for f in *; do echo "$f $(hash_files "$f")"; done | hash_files /dev/stdin)
PATCHES=
. "$DLCAP_TOP/kernels/variants/$kernel"
patchsum=none
if [ -n "$PATCHES" ]; then
	# the patches the kernel was built from (a series' cover letter is not one)
	mapfile -t pfiles < <(series_patches $PATCHES)
	patchsum=$(hash_files "${pfiles[@]}")
fi
qver="$("$qemu_bin" --version | head -1), sha256 $(hash_files "$(command -v "$qemu_bin")")"
# the whole QEMU command line but for where its files are (their bytes are
# keyed above), and the tools that pack the inputs into the initrd
qcmd=$(printf '%s\n' "${qemu[@]:1}" |
	sed "s|^$image\$|IMAGE|; s|^$work/initrd\$|INITRD|; s|^$work/topo.dtb\$|DTB|" | tr '\n' ' ')
initrd_tools="gen_init_cpio sha256 $( [ -e "$gen_init_cpio" ] && hash_files "$gen_init_cpio" || echo none), $(gzip --version | head -1)"
envkey="$imgsum $cfgsum $patchsum $initsum $dtbsum $topsum $insum $timing $qcmd $initrd_tools $qver"
# plan_line NAME: the point's line of the staged plan (names compared
# exactly: a regex would let "u2.5-s1" match "u205-s1")
plan_line() { awk -v n="$1" '$1 == n { print; exit }' "$work/in/plan"; }
point_key() {	# NAME
	printf '%s\n' "$envkey" "$(plan_line "$1")" | sha256sum | cut -c1-16
}
# point_action NAME KEY: what a run does with a point: new, stale (its
# key changed), failed (run again unless KEEP_FAILED=1) or keep.
point_action() {
	if [ ! -d "$outdir/$1" ]; then echo new
	elif [ "$(cat "$outdir/$1/.point-key" 2>/dev/null)" != "$2" ]; then echo stale
	elif [ -e "$outdir/$1/FAILED" ] && [ "${KEEP_FAILED:-0}" != 1 ]; then echo failed
	else echo keep
	fi
}
declare -A pkey=()
stale=0 retry=0
for n in "${names[@]}"; do
	pkey[$n]=$(point_key "$n")
	what=$(point_action "$n" "${pkey[$n]}")
	if [ $keys_only = 1 ]; then
		[ "$what" = keep ] || what="run: $what"
		echo "$n ${pkey[$n]} $what"
		continue
	fi
	case $what in
	stale) rm -rf "${outdir:?}/$n"; stale=$((stale + 1)) ;;
	failed) rm -rf "${outdir:?}/$n"; retry=$((retry + 1)) ;;
	esac
done
[ $keys_only = 0 ] || exit 0
[ $stale = 0 ] || say "$stale finished point(s) in $outdir were stale (inputs changed): rerunning them"
[ $retry = 0 ] || say "$retry failed point(s) in $outdir: running them again (KEEP_FAILED=1 keeps them)"
rm -f "$outdir/.batch-key"	# the per-batch key of earlier versions
point_timeout=${POINT_TIMEOUT:-600}
dlgen_ver=$("$dlgen_host" --version | cut -d' ' -f2)

# manifest POINT BOOT DIR: how a finished point was produced, into DIR.
manifest() {
	local n=$1 ts line hist=
	line=$(plan_line "$n")
	ts=$(echo "$line" | cut -d' ' -f2)
	for m in "${pending[@]}"; do [ "$m" = "$n" ] && break; hist="$hist $m"; done
	{
		echo "point: $line"
		echo "taskset: $ts sha256 $(hash_files "$work/in/$ts")"
		echo "kernel: $kernel Image sha256 $imgsum .config sha256 $cfgsum patches ${PATCHES:-none} sha256 $patchsum"
		echo "knobs: $(tr '\n' ';' 2>/dev/null < "$3/knobs.txt")"
		echo "topology: $topo ($TOPO_CAPS) file sha256 $topsum dtb sha256 $dtbsum"
		echo "qemu: $qver"
		echo "timing: $timing (${accel[*]})"
		echo "command: ${qemu[*]}"
		echo "initrd tools: $initrd_tools"
		echo "dlgen: $dlgen_ver"
		echo "initramfs sha256: $initsum"
		echo "staged inputs sha256: $insum"
		echo "boot: $2 of this batch, point key ${pkey[$n]}"
		echo "history: points before it in its boot:${hist:- none}"
		echo "host seconds: $(host_seconds "$n") (from its start line to its results on the console)"
	} > "$3/manifest.txt"
}

# host_seconds POINT: host time from the point's start line to its first
# result frame (what the point itself cost), or "unknown".
host_seconds() {
	local i
	for i in 1 2 3 4 5 6 7 8 9 10; do
		awk -v n="$1" '
			$2 == "start" && $3 == n { t0 = $1 }
			$2 == "file" && $3 == n && t0 != "" { printf "%.3f\n", $1 - t0; ok = 1; exit }
			END { exit !ok }' "$work/stamps" 2>/dev/null && return
		sleep 0.1
	done
	echo unknown
}

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

# collect BOOT: move every point the decoder put in place into OUTDIR,
# key and manifest first, then renamed whole; called while QEMU runs and
# after.
collect() {
	local n k lines bad tmp
	for n in "${pending[@]}"; do
		[ -d "$work/out/$n" ] && [ ! -d "$outdir/$n" ] || continue
		tmp=$outdir/.$n.tmp
		rm -rf "$tmp"
		cp -r "$work/out/$n" "$tmp"
		bad=
		# init sends rc with every point: without it a frame was lost
		[ -e "$tmp/rc" ] || [ -e "$tmp/FAILED" ] ||
			echo "the point's rc did not arrive on the console (a frame lost)" > "$tmp/FAILED"
		[ -e "$tmp/FAILED" ] && bad=1
		# the patched kernel's placement trace, joined to the jobs
		if [ -e "$tmp/placements.trace" ] && [ -e "$tmp/jobs.csv" ] && [ -e "$tmp/tasks.csv" ]; then
			"$DLCAP_TOP/scripts/placement-reasons.sh" "$tmp" ||
				say "WARNING: $n: scripts/placement-reasons.sh failed; the point is kept without reasons.csv"
		fi
		echo "${pkey[$n]}" > "$tmp/.point-key"
		manifest "$n" "$1" "$tmp"
		mv "$tmp" "$outdir/$n"
		k=0
		for m in "${names[@]}"; do [ -d "$outdir/$m" ] && k=$((k + 1)); done
		lines=$(grep -c . "$outdir/$n/jobs.csv" 2>/dev/null) || true
		[ "${lines:-0}" -gt 0 ] || lines=1
		say "[$k/${#names[@]}] $n: exit $(cat "$outdir/$n/rc" 2>/dev/null); $((lines - 1)) jobs$(eta "$k")${bad:+, FAILED}"
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
	for n in "${pending[@]}"; do plan_line "$n"; done > "$work/in/plan.boot"
	rm -rf "$work/out"; mkdir -p "$work/out"
	: > "$work/stamps"; : > "$work/badness"
	make_initrd
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
	[ "$errline" != 0 ] && [ -n "$running" ] && [ -d "$outdir/$running" ] && mv "$outdir/$running" "$outdir/.$running.tmp"
	if [ -n "$running" ] && [ ! -d "$outdir/$running" ]; then
		mkdir -p "$outdir/.$running.tmp"
		{
			echo "point $running failed in boot $boot: ${reason:-the guest stopped while it ran (QEMU exit $rc)}"
			"$DLCAP_TOP/scripts/console-culprit.sh" --excerpt "$work/console.log" "$errline"
		} > "$outdir/.$running.tmp/FAILED"
		echo fail > "$outdir/.$running.tmp/rc"
		echo "${pkey[$running]}" > "$outdir/.$running.tmp/.point-key"
		manifest "$running" "$boot" "$outdir/.$running.tmp"
		mv "$outdir/.$running.tmp" "$outdir/$running"
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
exit $failed
