#!/bin/sh
# In-guest: the RFC's replenish_bug as dlcap writes it (dlselftest), N
# times in a row, nothing else done; one line per run with its verdict
# (the test's own 5 s watchdog ends a hung run: "not ok").
# Usage (by initramfs/init): sh rb-runs.sh POINTDIR [N]
out=${1:?}
n=${2:-8}
i=1
while [ $i -le $n ]; do
	dlselftest replenish_bug > "$out/run$i.txt" 2>&1
	echo "run $i: exit $? verdict: $(grep -E '^(not )?ok' "$out/run$i.txt")" | tee -a "$out/summary.txt"
	i=$((i + 1))
done
exit 0
