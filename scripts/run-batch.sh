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
#   EXPECT_CAPACITIES  tests only: what the guest is told to expect instead
#                 of the topology's capacities (to see it refuse)
#   DLCAP_TEST_DAMAGE  tests only: POINT/FILE whose console frame the host
#                 damages before decoding (to see the SHA-256 check fail)
# Exit status: 0 all points ran; 2 bad input (nothing booted); 1 otherwise.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 4 ] || { sed -n '3,/^# Exit status/p' "$0" >&2; exit 2; }
kernel=$1 topo=$2 plan=$3 outdir=$4
timeout_s=${QEMU_TIMEOUT:-900}
timing=${QEMU_TIMING:-quantum}
case "$timing" in
quantum) qemu_bin=${QEMU_BIN:-$(qemu_dlcap_bin)} ;;
virtual|realtime) qemu_bin=${QEMU_BIN:-qemu-system-aarch64} ;;
*) echo "run-batch: QEMU_TIMING='$timing' (want quantum|virtual|realtime)" >&2; exit 2 ;;
esac
command -v "$qemu_bin" > /dev/null ||
	{ echo "run-batch: no QEMU '$qemu_bin' (make qemu builds dlcap's; QEMU_BIN picks another)" >&2; exit 2; }
export QEMU_BIN=$qemu_bin	# scripts/mkdtb.sh dumps the DTB with the same QEMU
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
printf '%s\n' "${guestplan[@]}" > "$work/share/in/plan"	# all points
echo "${EXPECT_CAPACITIES:-$TOPO_CAPS}" > "$work/share/in/capacities"
cp "$DLCAP_TOP/kernels/knobs" "$work/share/in/knobs"
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
# come from a fixed seed. In the virtual mode a boot then repeats exactly.
qemu=("$qemu_bin" -M "virt,gic-version=$TOPO_GIC" -cpu "$TOPO_CPU"
      -smp "$TOPO_NCPUS" -m "$mem" -nographic -no-reboot -nic none "${accel[@]}"
      -rtc base=2020-01-01T00:00:00,clock=vm -seed 1
      -kernel "$image" -initrd "$work/initrd" -dtb "$work/topo.dtb"
      -append "console=ttyAMA0 panic=-1 dlcap.guest=1 skew_tick=1${QEMU_APPEND:+ $QEMU_APPEND}")

# make_initrd: the initramfs plus this boot's inputs as /share/in (the
# kernel unpacks concatenated archives in order). Fixed mtimes, so the same
# inputs give the same bytes: a different byte makes the guest unpack it in
# a different number of instructions, and the whole boot shifts.
make_initrd() {
	local gen=$DLCAP_CACHE/tools/gen_init_cpio f
	[ -x "$gen" ] || die "no $gen (scripts/mkinitramfs.sh builds it)"
	touch -d @0 "$work"/share/in/*
	{
		echo "dir /share 0755 0 0"
		echo "dir /share/in 0755 0 0"
		for f in "$work"/share/in/*; do
			echo "file /share/in/${f##*/} $f 0644 0 0"
		done
	} > "$work/in.list"
	{ cat "$initramfs"; "$gen" -t 0 "$work/in.list" | gzip -9n; } > "$work/initrd"
}

# extract_frames: decode the points the console says are done (their
# dlcap-file frames) into share/out, each checked against the guest's
# SHA-256 and renamed into place whole; a frame that does not check out
# makes the point failed, with the reason in its FAILED file.
extract_frames() {
	local n f path sum dir bad index=$work/frames/index sig
	# only when init printed a line since the last call: a point's frames
	# end with its done line, guest.txt's before the first start line (and
	# the final call, after QEMU, always parses)
	sig=$(grep -c '^dlcap-init: ' "$work/console.log")
	[ "$sig" != "${frames_seen:-}" ] || return 0
	frames_seen=$sig
	[ "$sig" != 0 ] || return 0
	rm -rf "$work/frames"; mkdir -p "$work/frames"
	awk -v dir="$work/frames" '
	{ sub(/\r$/, "") }
	/^dlcap-file: / {
		cur = $2; f = dir "/" NR ".b64"; printf "" > f
		print NR, $2, $3 > (dir "/index"); next }
	/^dlcap-eof$/ { if (cur != "") close(f); cur = ""; next }
	cur != "" { print > f; next }
	# in the same pass: a done line read here follows frames read here
	/^dlcap-init: done [^:]*:/ { n = $3; sub(/:$/, "", n); print n > (dir "/done") }' "$work/console.log"
	[ -r "$index" ] || return 0
	# tests only: damage the frame of one file (PATH as the guest names it)
	if [ -n "${DLCAP_TEST_DAMAGE:-}" ]; then
		awk -v p="$DLCAP_TEST_DAMAGE" '$2 == p { print $1 }' "$index" |
			while read -r f; do sed -i '1s/^./A/' "$work/frames/$f.b64"; done
	fi
	# the guest's own files: whole when they check out, else absent
	for n in guest.txt FAILED; do
		[ -e "$work/share/out/$n" ] && continue
		read -r f path sum < <(grep " $n " "$index") || continue
		decode "$f" "$sum" "$work/share/out/.$n.tmp" &&
			mv "$work/share/out/.$n.tmp" "$work/share/out/$n"
	done
	[ -r "$work/frames/done" ] || return 0
	for n in $(cat "$work/frames/done"); do
		[ -e "$work/share/out/$n" ] && continue
		dir=$work/share/out/.$n.tmp bad=
		rm -rf "$dir"; mkdir -p "$dir"
		while read -r f path sum; do
			case "$path" in "$n"/*) ;; *) continue ;; esac
			mkdir -p "$(dirname "$dir/${path#"$n"/}")"
			decode "$f" "$sum" "$dir/${path#"$n"/}" || bad="$bad $path"
		done < "$index"
		[ -z "$bad" ] || echo "the console transfer of$bad did not check out (SHA-256)" > "$dir/FAILED"
		mv "$dir" "$work/share/out/$n"
	done
}

# decode FRAME SHA256 DEST: one frame's file; fails unless it checks out.
decode() {
	base64 -d < "$work/frames/$1.b64" 2>/dev/null | gzip -dc > "$3" 2>/dev/null &&
		[ "$(sha256sum < "$3" | cut -d' ' -f1)" = "$2" ]
}

# Each point's identity: the boot environment (kernel Image and config,
# patches, initramfs, DTB, capacities, timing) plus its plan line and the
# bytes of its task set or script. A finished point whose identity changed
# is stale and is removed; one whose identity is the same is kept, so an
# interrupted batch resumes and a plan that grows (more seeds) only runs
# the new points. Points in OUTDIR that the plan does not name stay.
imgsum=$(hash_files "$image")
cfgsum=$(hash_files "$(dirname "$image")/../../../.config")
initsum=$(hash_files "$initramfs")
dtbsum=$(hash_files "$work/topo.dtb")
topsum=$(hash_files "$topofile")
PATCHES=
. "$DLCAP_TOP/kernels/variants/$kernel"
patchsum=none
[ -n "$PATCHES" ] && patchsum=$(hash_files "$DLCAP_TOP/kernels/patches/$PATCHES"/*.patch)
qver="$("$qemu_bin" --version | head -1), sha256 $(hash_files "$(command -v "$qemu_bin")")"
envkey="$imgsum $cfgsum $patchsum $initsum $dtbsum $(cat "$work/share/in/capacities") $timing ${accel[*]} ${QEMU_APPEND:-} $mem $qver"
point_key() {	# NAME
	local line
	line=$(grep -m1 "^$1 " "$work/share/in/plan")
	{ echo "$envkey"; echo "$line"; cat "$work/share/in/$(echo "$line" | cut -d' ' -f2)"; } |
		sha256sum | cut -c1-16
}
declare -A pkey=()
mkdir -p "$outdir"
stale=0
for n in "${names[@]}"; do
	pkey[$n]=$(point_key "$n")
	if [ -d "$outdir/$n" ] && [ "$(cat "$outdir/$n/.point-key" 2>/dev/null)" != "${pkey[$n]}" ]; then
		rm -rf "${outdir:?}/$n"; stale=$((stale + 1))
	fi
done
[ $stale = 0 ] || say "$stale finished point(s) in $outdir were stale (inputs changed): rerunning them"
rm -f "$outdir/.batch-key"	# the per-batch key of earlier versions
point_timeout=${POINT_TIMEOUT:-600}
dlgen_ver=$("$dlgen_host" --version | cut -d' ' -f2)

# manifest POINT BOOT: how a finished point was produced.
manifest() {
	local n=$1 ts line
	line=$(grep -m1 "^$n " "$work/share/in/plan")
	ts=$(echo "$line" | cut -d' ' -f2)
	{
		echo "point: $line"
		echo "taskset: $ts sha256 $(hash_files "$work/share/in/$ts")"
		echo "kernel: $kernel Image sha256 $imgsum .config sha256 $cfgsum patches ${PATCHES:-none} sha256 $patchsum"
		echo "knobs: $(tr '\n' ';' < "$outdir/$n/knobs.txt" 2>/dev/null)"
		echo "topology: $topo ($TOPO_CAPS) file sha256 $topsum dtb sha256 $dtbsum"
		echo "qemu: $qver"
		echo "timing: $timing (${accel[*]})"
		echo "command: ${qemu[*]}"
		echo "dlgen: $dlgen_ver"
		echo "initramfs sha256: $initsum"
		echo "boot: $2 of this batch, point key ${pkey[$n]}"
		echo "host seconds: $(host_seconds "$n") (from its start line to its results on the console)"
	} > "$outdir/$n/manifest.txt"
}

# host_seconds POINT: host time from the point's start line to its first
# result frame (what the point itself cost), or "unknown".
host_seconds() {
	local i
	for i in 1 2 3 4 5 6 7 8 9 10; do
		awk -v n="$1" '
			$2 == "dlcap-init:" && $3 == "start" && index($4, n ":") == 1 { t0 = $1 }
			$2 == "dlcap-file:" && index($3, n "/") == 1 && t0 != "" { printf "%.3f\n", $1 - t0; ok = 1; exit }
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

# collect BOOT: move every point the guest finished (renamed into place on
# the share) into OUTDIR, atomically; called while QEMU runs and after.
collect() {
	local n k lines bad
	extract_frames
	for n in "${pending[@]}"; do
		[ -d "$work/share/out/$n" ] && [ ! -d "$outdir/$n" ] || continue
		rm -rf "$outdir/.$n.tmp"
		cp -r "$work/share/out/$n" "$outdir/.$n.tmp"
		bad=
		[ -e "$outdir/.$n.tmp/FAILED" ] && bad=1
		echo "${pkey[$n]}" > "$outdir/.$n.tmp/.point-key"
		mv "$outdir/.$n.tmp" "$outdir/$n"
		manifest "$n" "$1"
		k=0
		for m in "${names[@]}"; do [ -d "$outdir/$m" ] && k=$((k + 1)); done
		lines=$(grep -c . "$outdir/$n/jobs.csv" 2>/dev/null) || true
		[ "${lines:-0}" -gt 0 ] || lines=1
		say "[$k/${#names[@]}] $n: exit $(cat "$outdir/$n/rc" 2>/dev/null); $((lines - 1)) jobs$(eta "$k")${bad:+, FAILED}"
	done
}

# watch PID LOG: wait for QEMU, killing it on a kernel error in the console
# or when one point runs past POINT_TIMEOUT; prints the reason, if any.
errors='Kernel panic|BUG:|WARNING:|Oops|rcu.*stall|INFO: task .* blocked|Unable to handle kernel'
watch() {
	set +e	# runs in the background: no command here may end it early
	local pid=$1 log=$2 last=0 t0 now
	t0=$(date +%s)
	while kill -0 "$pid" 2>/dev/null; do
		sleep 0.5
		collect "$boot" >&2
		if grep -qE "$errors" "$log"; then
			echo "kernel error on the console"; kill "$pid"; return
		fi
		now=$(date +%s)
		n=$(grep -c '^dlcap-init: ' "$log")
		[ "$n" != "$last" ] && { last=$n; t0=$now; }
		if [ $((now - t0)) -gt "$point_timeout" ]; then
			echo "no progress for ${point_timeout}s (POINT_TIMEOUT)"; kill "$pid"; return
		fi
	done
}

failed=0 boot=0 total_elapsed=0 qpid= wpid= spid=
done_before=0
for n in "${names[@]}"; do [ -d "$outdir/$n" ] && done_before=$((done_before + 1)); done
run_t0=$(date +%s)
# Interrupted (Ctrl-C, make killed): take QEMU down too; finished points
# are already in OUTDIR and the next run resumes after them.
trap 'kill $qpid $wpid $spid 2>/dev/null; wait $qpid 2>/dev/null; exit 130' INT TERM
: >> "$outdir/console.log"
while :; do
	pending=()
	for n in "${names[@]}"; do [ -d "$outdir/$n" ] || pending+=("$n"); done
	[ ${#pending[@]} -gt 0 ] || break
	boot=$((boot + 1))
	say "$kernel on $topo, boot $boot: ${#pending[@]} of ${#names[@]} point(s) of $plan left, timing $timing, $qver"
	for n in "${pending[@]}"; do grep -m1 "^$n " "$work/share/in/plan"; done > "$work/share/in/plan.boot"
	rm -rf "$work/share/out" "$work/frames"; mkdir -p "$work/share/out"
	frames_seen=	# a new console: extract_frames parses it from scratch
	make_initrd
	start=$(date +%s)
	rc=0
	timeout "$timeout_s" "${qemu[@]}" < /dev/null > "$work/console.log" 2>&1 &
	qpid=$!
	# Host time of the console lines that start a point and send its
	# results (inotify via tail -F: ms, not the watcher's 0.5 s).
	tail -n +1 -F -s 0.05 --pid="$qpid" "$work/console.log" 2>/dev/null |
		perl -MTime::HiRes=time -ne '$| = 1; s/\r//;
			printf "%.3f %s", time(), $_ if /^dlcap-(init: start |file: )/' > "$work/stamps" &
	spid=$!
	# In the background, so that a signal to this script is handled at once.
	watch "$qpid" "$work/console.log" > "$work/reason" &
	wpid=$!
	wait "$wpid" || true
	wait "$qpid" || rc=$?
	wait "$spid" || true
	reason=$(cat "$work/reason")
	elapsed=$(( $(date +%s) - start ))
	total_elapsed=$((total_elapsed + elapsed))
	{ echo "===== dlcap boot $boot ($(date -u +%FT%TZ)) ====="; cat "$work/console.log"; } >> "$outdir/console.log"
	[ -r "$work/share/out/guest.txt" ] && cp "$work/share/out/guest.txt" "$outdir/"
	[ $rc = 124 ] && reason="QEMU did not power off within ${timeout_s}s (QEMU_TIMEOUT)"

	collect "$boot"
	progressed=0
	for n in "${pending[@]}"; do [ -d "$outdir/$n" ] && progressed=1; done
	if [ -r "$work/share/out/FAILED" ]; then
		echo "run-batch: guest refused to run: $(cat "$work/share/out/FAILED")" >&2
		failed=1; break
	fi
	# The point that was running when the boot ended badly, or when the
	# first kernel error was printed, is failed (its data, if any, kept).
	errline=$(grep -nE "$errors" "$work/console.log" | head -1 | cut -d: -f1)
	if [ -n "$errline" ]; then
		running=$(head -n "$errline" "$work/console.log" |
			sed -n 's/^dlcap-init: start \([^:]*\):.*/\1/p' | tail -1)
		[ -n "$running" ] && [ -d "$outdir/$running" ] && mv "$outdir/$running" "$outdir/.$running.tmp"
	else
		running=$(sed -n 's/^dlcap-init: start \([^:]*\):.*/\1/p' "$work/console.log" | tail -1)
	fi
	if [ -n "$running" ] && [ ! -d "$outdir/$running" ]; then
		mkdir -p "$outdir/.$running.tmp"
		{
			echo "point $running failed in boot $boot: ${reason:-the guest stopped while it ran (QEMU exit $rc)}"
			if [ -n "$errline" ]; then
				echo "--- console from 20 lines before the first kernel error ---"
				tail -n +"$(( errline > 20 ? errline - 20 : 1 ))" "$work/console.log" | head -80
			else
				echo "--- last 60 console lines ---"
				tail -60 "$work/console.log"
			fi
		} > "$outdir/.$running.tmp/FAILED"
		echo fail > "$outdir/.$running.tmp/rc"
		echo "${pkey[$running]}" > "$outdir/.$running.tmp/.point-key"
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
done
for n in "${names[@]}"; do
	if [ ! -d "$outdir/$n" ]; then
		echo "run-batch: point $n produced no result" >&2; failed=1
	elif [ -e "$outdir/$n/FAILED" ]; then
		failed=1
	fi
done
{
	echo "kernel: $kernel ($image, sha256 $imgsum)"
	echo "topology: $topo ($TOPO_CAPS)"
	echo "plan: $plan"
	echo "timing: $timing (${accel[*]})"
	echo "qemu: $qver"
	echo "command: ${qemu[*]}"
	echo "host seconds: $total_elapsed, boots: $boot, qemu exit: ${rc:-none}"
} > "$outdir/run.txt"
say "done: $boot boot(s) in ${total_elapsed}s; console log: $outdir/console.log"
exit $failed
