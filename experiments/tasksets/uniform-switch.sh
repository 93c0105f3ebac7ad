#!/bin/sh
# In-guest: the switch to dl_admission=uniform validates the bandwidth
# already admitted. Five tasks of 9000/10000 us (uniform-5x9000.json) run
# under the policy the plan sets, "capacity": on HiKey960 (4 x 1024 +
# 4 x 462) it admits all five, 4.5 <= 0.95 x 5944/1024 = 5.51, which
# "uniform" does not, 4.5 > 0.95 x (4 x 1024 + 462)/1024 = 4.23 at k = 5;
# on RK3399 it admits three, 2.7 <= 3.31, and "uniform" not those, 2.7 >
# 0.95 x (1024 + 1024 + 381)/1024 = 2.25 at k = 3. Meanwhile the script
# switches to uniform, which must be refused while they run and accepted
# once they are gone, and switches back.
# Usage (by initramfs/init): sh uniform-switch.sh POINTDIR
# stage: uniform-5x9000.json
# Prints the admission count and each switch's outcome.
out=${1:?}
knob=/sys/kernel/debug/sched/dl_admission
dlgen -o "$out" /share/in/uniform-5x9000.json > "$out/run.log" 2>&1 &
pid=$!
sleep 0.5
before=$(sed 's/.*\[\(.*\)\].*/\1/' $knob)
if echo uniform > $knob 2> "$out/err"; then
	echo "switch while running: allowed"
else
	echo "switch while running: refused: $(sed 's/.*: //' "$out/err")"
fi
wait $pid
echo "dlgen exit: $?"
echo "admitted: $(awk -F, -f /usr/share/dlcap/csv.awk -e 'FNR == 1 { header(); next }
	$col("admitted") == 1' "$out/tasks.csv" | wc -l)"
# the bandwidth is freed at the tasks' 0-lag time: wait for it (at most 1 s)
i=0
while [ $i -lt 100 ] && grep 'dl_bw->total_bw' /sys/kernel/debug/sched/debug | grep -qv ': 0$'; do
	usleep 10000
	i=$((i + 1))
done
if echo uniform > $knob 2> "$out/err"; then
	echo "switch when idle: allowed"
else
	echo "switch when idle: refused: $(sed 's/.*: //' "$out/err")"
fi
echo "$before" > $knob
