#!/bin/sh
# In-guest: dl_misfit switched to "migrate" under a task that runs where it
# does not fit. misfit-freed.json runs with dl_misfit=none (the plan sets
# nothing): m is put on a LITTLE CPU while the hogs hold the big ones and
# stays there after they end (about 0.15 s in); 1 s in, the script switches
# the knob to "migrate". No CPU becomes free after that, so only the move
# of a misfit task when it is picked again (its runtime replenished at
# once, every ~19 ms on a LITTLE) can take it to a big CPU.
# Usage (by initramfs/init): sh misfit-switch.sh POINTDIR
# stage: misfit-freed.json
# Prints the switch's time (CLOCK_BOOTTIME, 10 ms steps, in ns) and
# dlgen's exit status.
out=${1:?}
knob=/sys/kernel/debug/sched/dl_misfit
dlgen -o "$out" /share/in/misfit-freed.json > "$out/run.log" 2>&1 &
pid=$!
sleep 1
if echo migrate > $knob 2> "$out/err"; then
	read -r up _ < /proc/uptime
	echo "switch_ns: ${up%.*}${up#*.}0000000"
else
	echo "switch: refused: $(cat "$out/err")"
fi
wait $pid
echo "dlgen exit: $?"
