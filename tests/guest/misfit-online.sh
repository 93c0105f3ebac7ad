#!/bin/sh
# In-guest: a CPU coming online takes a -deadline task that runs on a CPU
# it does not fit (dl_misfit, kernels/patches/dl-misfit 0005), on HiKey960
# (LITTLE 0-3 at 462, big 4-7 at 1024; tests/plans/misfit-hikey960.plan).
# Usage (by initramfs/init): sh misfit-online.sh POINTDIR [CPU]
# CPU (default 7, a big one) is taken offline, then three hogs of density
# 1.0 that never sleep take the other big CPUs for 1.5 s (100 jobs of 15 ms
# of work), and m (density 0.87, fits no LITTLE; one job of 0.6 s of work
# from 20 ms in, runtime 870 ms a period of 1 s) is put on a LITTLE CPU.
# 0.3 s in, CPU comes back online. m would run out of runtime only ~1.9 s
# after its release (870 ms charged at the LITTLE's 462/1024), and the
# hogs hold the other bigs until m's job would be done on the LITTLE
# (~1.35 s), so nothing but the CPU coming online can move it. The task
# set is written here, not staged. Prints the online's time
# (CLOCK_BOOTTIME, 10 ms steps, in ns), taken after the write returns, and
# dlgen's exit status.
out=${1:?}
cpu=${2:-7}
ctl=/sys/devices/system/cpu/cpu$cpu/online
cat > "$out/misfit-online.json" <<'EOF'
{
	"global" : { "duration" : 3 },
	"tasks" : {
		"hog" : {
			"policy" : "SCHED_DEADLINE",
			"instance" : 3,
			"loop" : 100,
			"timer" : { "ref" : "hog", "period" : 10000, "mode" : "absolute" },
			"run" : 15000,
			"dl-runtime" : 10000,
			"dl-period" : 10000,
			"dl-deadline" : 10000
		},
		"m" : {
			"policy" : "SCHED_DEADLINE",
			"delay" : 20000,
			"loop" : 1,
			"run" : 600000,
			"dl-runtime" : 870000,
			"dl-period" : 1000000,
			"dl-deadline" : 1000000
		}
	}
}
EOF
if ! echo 0 > $ctl 2> "$out/err"; then
	echo "offline: refused: $(cat "$out/err")"
	exit 1
fi
dlgen -o "$out" "$out/misfit-online.json" > "$out/run.log" 2>&1 &
pid=$!
sleep 0.3
if echo 1 > $ctl 2> "$out/err"; then
	echo "online_ns: $(awk '{ printf "%.0f", $1 * 1e9 }' /proc/uptime)"
else
	echo "online: refused: $(cat "$out/err")"
fi
wait $pid
echo "dlgen exit: $?"
echo "cpu$cpu online: $(cat $ctl)"
rm -f "$out/misfit-online.json" "$out/err"
