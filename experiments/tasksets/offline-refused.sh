#!/bin/sh
# In-guest: what a refused CPU offline leaves behind. 6.1.192's
# sched_cpu_deactivate() takes the runqueue offline before cpuset may refuse
# the offline and does not put it back (kernels/patches/hotplug-fix). Run
# hotplug-10x8000.json (5.0 CPUs of DL bandwidth on HiKey960, whose limit
# without a big CPU is 4.6: offlining CPU 7 is refused), then, with CPU 7
# still online, four tasks of density 0.6 that fit only the big CPUs 4-7:
# one per big CPU if placement sees all four.
# Prints the offline outcome and, per task, the CPUs its jobs ran on; the
# second run's jobs.csv is in POINTDIR/after/.
# Usage (by initramfs/init): sh offline-refused.sh POINTDIR
# stage: hotplug-10x8000.json
out=${1:?}
. /usr/share/dlcap/dl.sh
dlgen -o "$out" /share/in/hotplug-10x8000.json > "$out/run.log" 2>&1 &
pid=$!
sleep 0.5
dl_try_write offline 0 /sys/devices/system/cpu/cpu7/online "$out/err" &&
	echo 1 > /sys/devices/system/cpu/cpu7/online
wait $pid
echo "cpu7 online: $(cat /sys/devices/system/cpu/cpu7/online)"
cat > "$out/four.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "d0.6": { "policy": "SCHED_DEADLINE", "instance": 4,
    "timer": { "period": 10000, "mode": "absolute" }, "run": 5000,
    "dl-runtime": 6000, "dl-period": 10000 } } }
JSON
sleep 0.2	# the first set's bandwidth goes at its 0-lag time
dlgen -o "$out/after" "$out/four.json" > "$out/after.log" 2>&1
echo "dlgen exit: $?"
# jobs.csv's columns by their header's names (csv.awk: the initramfs)
awk -F, -f /usr/share/dlcap/csv.awk -e 'FNR == 1 { header(); next }
	{ n = $col("instance"); c[n] = c[n] " " $col("cpu_start"); late[n] += ($col("lateness_ns") > 0) }
	END { for (i in c) { n = split(c[i], a, " "); delete seen; s = ""
		for (j = 1; j <= n; j++) if (!(a[j] in seen)) { seen[a[j]] = 1; s = s " " a[j] }
		printf "d0.6-%s: cpus%s, %d late\n", i, s, late[i] } }' "$out/after/jobs.csv" | sort
