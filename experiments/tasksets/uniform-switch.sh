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
. /usr/share/dlcap/dl.sh
knob=$DL_DEBUGFS/sched/dl_admission
dlgen -o "$out" /share/in/uniform-5x9000.json > "$out/run.log" 2>&1 &
pid=$!
sleep 0.5
before=$(dl_knob $knob)
dl_try_write "switch while running" uniform $knob "$out/err" || :
wait $pid
echo "dlgen exit: $?"
echo "admitted: $(dl_admitted "$out/tasks.csv")"
# the bandwidth is freed at the tasks' 0-lag time: wait (at most 1 s) until
# no more is allocated than at boot (the fair servers' on 6.12, never 0)
dl_drain "${DL_BW_BOOT:?run by initramfs/init}" 100 ||
	echo "bandwidth still allocated: $(dl_bw_each)"
dl_try_write "switch when idle" uniform $knob "$out/err" || :
echo "$before" > $knob
