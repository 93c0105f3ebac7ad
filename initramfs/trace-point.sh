# Guest script: run one point under trace-cmd, for a plan line with
# trace=on (scripts/plan-check.sh puts this script in front of the point's
# task set). Not part of the initramfs: it and Debian's trace-cmd:arm64
# with its libraries (scripts/sysroot.sh trace) are staged into /share/in
# only for the boots of plans that ask, so no other point's key moves.
#
# Usage (in the guest): sh trace-point.sh POINTDIR TASKSET [OPTIONS...]
#   runs TASKSET as init would (dlgen on a .json, sh on a guest script),
#   with the scheduler's events recorded in an ftrace instance of its own,
#   "dlcap" (the top-level buffer, where init records placements.trace, is
#   left alone), then writes into POINTDIR
#   trace.dat      trace-cmd's file (KernelShark, trace-cmd report)
#   trace-cmd.log  trace-cmd's version, the events recorded, those the
#                  kernel lacks, each CPU's events lost to a full buffer,
#                  the point's rc
# The events: sched_switch, sched_wakeup, sched_waking (Perfetto's runnable
# states), sched_migrate_task and every sched_dl_* event the kernel has
# (the patched series' placement events; stock has none), into a 4 MiB
# buffer per CPU, clock mono as dlgen's times and placements.trace. While
# the point runs, trace-cmd record's readers sleep in the kernel until a
# buffer is half full (buffer_percent); they read when it ends. Debian's
# trace-cmd 3.1.6 dictates two choices: record, not start and extract
# (its extract always reads, so empties, the top-level buffer too), and
# file version 6 (its version-7 file, without the top-level buffer, has
# its header overwritten: trace-cmd report cannot read it).
# Exit status: the point's (dlgen's or the guest script's); 11 when the
# trace could not be recorded (trace-cmd.log says why).
# stage-arm64: usr/bin/trace-cmd lib/aarch64-linux-gnu/ld-linux-aarch64.so.1
# stage-arm64: lib/aarch64-linux-gnu/libc.so.6 usr/lib/aarch64-linux-gnu/libtraceevent.so.1
# stage-arm64: usr/lib/aarch64-linux-gnu/libtracefs.so.1 usr/lib/aarch64-linux-gnu/libzstd.so.1
dir=$1 ts=$2
shift 2
in=/share/in
. /usr/share/dlcap/dl.sh
log="$dir/trace-cmd.log"
# Staged files are not executable: the dynamic loader runs trace-cmd with
# the staged libraries, from a copy of itself that is.
tmp=/tmp/trace-point
mkdir -p $tmp
cp $in/ld-linux-aarch64.so.1 $tmp/ld.so
chmod 755 $tmp/ld.so
tc="$tmp/ld.so --library-path $in $in/trace-cmd"

sched=$DL_DEBUGFS/tracing/events/sched
events='' missing=''
for e in sched_switch sched_wakeup sched_waking sched_migrate_task; do
	if [ -d $sched/$e ]; then events="$events $e"; else missing="$missing $e"; fi
done
for d in $sched/sched_dl_*; do [ -d "$d" ] && events="$events ${d##*/}"; done
{
	echo "trace-cmd: $($tc --version 2>&1 | awk 'NF { print; exit }')"
	echo "events:$events"
	echo "missing:${missing:- none}"
} > "$log"

bad=
opts=
for e in $events; do opts="$opts -e sched:$e"; done
out=$tmp/out
# $tc and $opts: words, split on purpose; $! is trace-cmd itself (the
# loader runs it in its own process), which takes SIGINT as its stop
# shellcheck disable=SC2086
$tc record --file-version 6 -B dlcap -C mono -b 4096 $opts -o $tmp/trace.dat > $out 2>&1 &
rec=$!
# recording once trace-cmd has turned the instance on with its last event
# enabled (it turns the new instance off first; at most 30 s)
inst=$DL_DEBUGFS/tracing/instances/dlcap
last=${events##* }
i=0
until [ "$(cat $inst/tracing_on 2>/dev/null)" = 1 ] &&
      [ "$(cat $inst/events/sched/$last/enable 2>/dev/null)" = 1 ]; do
	i=$((i + 1))
	if [ $i -gt 3000 ] || ! kill -0 $rec 2>/dev/null; then
		bad="trace-cmd record did not start"; break
	fi
	usleep 10000
done
case "$ts" in
*.sh) sh "$in/$ts" "$dir" "$@" ;;
*) dlgen -o "$dir" "$@" "$in/$ts" ;;
esac
rc=$?
dl_overruns $inst | while read -r c n; do echo "lost $c: $n"; done >> "$log"
kill -INT $rec 2>/dev/null
wait $rec || bad="${bad:-trace-cmd record exited $?}"
[ -d $inst ] && bad="${bad:-trace-cmd left the ftrace instance $inst}"
echo "rc: $rc" >> "$log"
if [ -n "$bad" ]; then
	echo "FAILED: $bad" >> "$log"
	cat $out >> "$log"
	exit 11
fi
mv $tmp/trace.dat "$dir/trace.dat"
exit $rc
