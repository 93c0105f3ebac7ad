#!/bin/bash
# dlprobe (probes/), natively: the unit tests of its statistics and CPU
# lists, bad arguments refused with one line and exit 2, a short run of
# each probe on the host, and scripts/fidelity-v2-table.sh on canned CSVs
# (tests/data/fidelity-v2) whose table values are known. Seconds, no QEMU.
# Prints PASS:/FAIL: lines.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
make -s -C "$top/probes" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; echo "FAIL: dlprobe builds natively"; exit 1; }
P=$top/probes/build/dlprobe
bad=0
for t in "$top"/probes/build/test_*; do
	"$t" || bad=1
done

# refused ARGS...: exit 2 with exactly one line on stderr
refused() {
	"$P" "$@" > "$tmp/out" 2> "$tmp/err"
	local rc=$?
	check "dlprobe $* refused (exit $rc, $(wc -l < "$tmp/err") line): $(head -1 "$tmp/err")" \
		test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a ! -s "$tmp/out"
}
refused nosuchmode
refused wakeup -c x
refused wakeup -c 0 -b 3-1
refused wakeup -c 0 -w 1000 -p 1000
refused loop -c 0 -n 0
refused handoff -a 1 -t 1
refused handoff -a 0 -t 1 -m sleep
refused monotonic -b 0 -d 10

ncpu=$(nproc)
if [ "$ncpu" -ge 2 ]; then
	# one clock on the host: never behind, never a step back
	"$P" monotonic -b 0-1 -d 200 > "$tmp/mono.csv"
	check "host: two readers, 200 ms, no reading behind another CPU's or its own" \
		awk -F, 'NR > 1 { n++; if ($2 < 1000 || $3 || $5 || $7) bad = 1 } END { exit bad || n != 2 }' "$tmp/mono.csv"
	"$P" handoff -a 0 -t 1 -n 200 > "$tmp/h.csv"
	check "host: 200 hand-offs 0 <-> 1 counted" awk -F, 'NR == 2 { exit $5 != 200 }' "$tmp/h.csv"
fi
if "$P" wakeup -c 0 -n 50 > "$tmp/w.csv" 2> "$tmp/w.err"; then
	check "host: 50 wake-ups, latency 0 < min <= p50 <= p99 <= max" \
		awk -F, 'NR == 2 { exit !($3 == 50 && $6 > 0 && $6 <= $7 && $7 <= $8 && $8 <= $9) }' "$tmp/w.csv"
else
	echo "SKIP: host wake-up probe ($(cat "$tmp/w.err"))"
fi

"$top/scripts/fidelity-v2-table.sh" "$top/tests/data/fidelity-v2" > "$tmp/table.md"
check "table: index bias 4.00 vs 12.00 us is +8.00, ladder 1.00 x and 3.00 x" \
	grep -qF '| before | symmetric8 | 4.00 | 12.00 (CPU 7) | +8.00 | 1.00 x | 3.00 x |' "$tmp/table.md"
check "table: clock 400 reads, 30 behind (7.50%), window 9.92 us, CPU 0 never behind" \
	grep -qF '| before | symmetric8 | 10000 | 400 | 7.50% | 9.92 | 0 | 3.75% | 4.00 | 0 | 0 |' "$tmp/table.md"
check "table: loop 1024000 / 462000 ns is the capacity ratio 1024/462 exactly" \
	grep -qF '| before | hikey960 | 8 | 1024000 (cap 462) | 462000 (cap 1024) | 2.216450 | 2.216450 | +0.0000% |' "$tmp/table.md"
[ "$assert_failed" = 0 ] && [ "$bad" = 0 ]
