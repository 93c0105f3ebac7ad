#!/bin/bash
# The console tools on canned consoles, without QEMU (seconds): the frame
# decoder (scripts/console-decode.pl), the badness scanner
# (scripts/console-badness.pl) and the re-check of a saved run
# (scripts/recheck.sh). The consoles are written here in init's framing:
# dlcap-file: PATH SHA256 / base64 of the gzipped file / dlcap-eof.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=${KEEP_TMP:-$(mktemp -d)}; [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
s=$top/scripts

# frame PATH FILE: one file as init sends it (76-column base64, as busybox)
frame() {
	echo "dlcap-file: $1 $(sha256sum < "$2" | cut -d' ' -f1)"
	gzip -1c < "$2" | base64 -w 76
	echo "dlcap-eof"
}
mkdir -p "$tmp/in"
seq 1 3000 | sed 's/$/,1,2,3,4,5,6,7,8/' > "$tmp/in/jobs.csv"	# several base64 lines
echo 0 > "$tmp/in/rc"
echo "kernel: test" > "$tmp/in/guest.txt"
good() {
	echo "[    0.000000] Booting Linux on physical CPU 0x0"
	frame guest.txt "$tmp/in/guest.txt"
	for p in a b; do
		echo "dlcap-init: start $p: cover.json"
		frame "$p/jobs.csv" "$tmp/in/jobs.csv"
		frame "$p/rc" "$tmp/in/rc"
		echo "dlcap-init: done $p: exit 0"
	done
	echo "dlcap-init: all points done"
}
good > "$tmp/good.log"

"$s/console-decode.pl" "$tmp/o1" "$tmp/good.log" > "$tmp/o1.out"
check "decode: a good console gives both points whole" \
	sh -c "cmp -s '$tmp/o1/a/jobs.csv' '$tmp/in/jobs.csv' && cmp -s '$tmp/o1/b/rc' '$tmp/in/rc' && test ! -e '$tmp/o1/a/FAILED'"
check "decode: guest.txt lands at the top, no temporary folders are left" \
	sh -c "cmp -s '$tmp/o1/guest.txt' '$tmp/in/guest.txt' && test -z \"\$(ls -A '$tmp/o1' | grep '^\\.')\""
check "decode: prints 'done NAME' per point" test "$(cat "$tmp/o1.out")" = "$(printf 'done a\ndone b')"

# damaged: one character of a's jobs.csv frame changed
awk '/^dlcap-file: a\/jobs.csv/ { f = 1; print; next } f == 1 { sub(/^./, "A"); f = 2 } { print }' \
	"$tmp/good.log" > "$tmp/damaged.log"
"$s/console-decode.pl" "$tmp/o2" "$tmp/damaged.log" > "$tmp/o2.out"
check "decode: a damaged frame fails its point and names the file" \
	grep -q 'a/jobs.csv did not check out' "$tmp/o2/a/FAILED"
check "decode: ... the other point is whole" sh -c "test ! -e '$tmp/o2/b/FAILED' && cmp -s '$tmp/o2/b/jobs.csv' '$tmp/in/jobs.csv'"
check "decode: ... and it says 'failed a'" grep -qx 'failed a' "$tmp/o2.out"

# interleaved printk: kernel lines between a frame's lines
awk '/^dlcap-file: b\/jobs.csv/ { f = 1 } { print } f && ++n == 3 { print "[   12.345678] random: crng init done"; print "[   12.400000] WARNING: CPU: 3 PID: 1 at kernel/sched/deadline.c:1 x" }' \
	"$tmp/good.log" > "$tmp/printk.log"
"$s/console-decode.pl" "$tmp/o3" "$tmp/printk.log" > /dev/null
check "decode: kernel lines printed inside a frame are skipped, the file checks out" \
	sh -c "test ! -e '$tmp/o3/b/FAILED' && cmp -s '$tmp/o3/b/jobs.csv' '$tmp/in/jobs.csv'"
"$s/console-badness.pl" "$tmp/printk.log" > "$tmp/b3.out"
check "badness: ... and a WARNING printed inside a frame is still found, with its line" \
	grep -q '^[0-9]*: \[   12.400000\] WARNING: CPU: 3' "$tmp/b3.out"

# "Oops" and "BUG:"-free but "Oops"-spelling base64 inside a frame
awk '/^dlcap-file: a\/jobs.csv/ { f = 1 } { print } f && ++n == 2 { print "QUJDOopsQUJDWARNINGQUJD" }' \
	"$tmp/good.log" > "$tmp/oops64.log"
"$s/console-badness.pl" "$tmp/oops64.log" > "$tmp/b4.out"; rc=$?
check "badness: 'Oops' spelt by base64 inside a frame is not a kernel error (exit $rc)" \
	sh -c "test $rc = 1 && test ! -s '$tmp/b4.out'"
"$s/console-badness.pl" "$tmp/good.log" > /dev/null; rc=$?
check "badness: a good console has none (exit $rc)" test $rc = 1

# panic mid-point: b's start line, half a frame, the panic, nothing more
{ sed -n '1,/^dlcap-init: done a/p' "$tmp/good.log"
  echo "dlcap-init: start b: cover.json"
  frame b/jobs.csv "$tmp/in/jobs.csv" | head -5
  echo "[   20.000000] Kernel panic - not syncing: dlcap fault injection"
  echo "[   20.000001] CPU: 2 PID: 1 Comm: sh"; } > "$tmp/panic.log"
"$s/console-decode.pl" "$tmp/o5" "$tmp/panic.log" > "$tmp/o5.out"
check "decode: a panic mid-point leaves that point absent, the one before whole" \
	sh -c "test ! -e '$tmp/o5/b' && test -d '$tmp/o5/a' && test \"\$(cat '$tmp/o5.out')\" = 'done a'"
"$s/console-badness.pl" "$tmp/panic.log" > "$tmp/b5.out"; rc=$?
line=$(grep -n 'Kernel panic' "$tmp/panic.log" | cut -d: -f1)
check "badness: the panic is found at line $line (exit $rc)" \
	sh -c "test $rc = 0 && grep -q '^$line: .*Kernel panic - not syncing' '$tmp/b5.out'"

# a frame cut short by the next dlcap- line
{ sed -n '1,/^dlcap-init: start b/p' "$tmp/good.log"; frame b/jobs.csv "$tmp/in/jobs.csv" | head -4
  frame b/rc "$tmp/in/rc"; echo "dlcap-init: done b: exit 0"; } > "$tmp/cut.log"
"$s/console-decode.pl" "$tmp/o6" "$tmp/cut.log" > /dev/null
check "decode: a frame cut short (no dlcap-eof) fails its point" grep -q 'b/jobs.csv did not check out' "$tmp/o6/b/FAILED"

# a frame header cut by a kernel line: the point fails (it lacks a file)
awk '/^dlcap-file: b\/jobs.csv/ { sub(/jobs.csv .*/, "jo[   12.3] random: crng init done") } { print }' \
	"$tmp/good.log" > "$tmp/garbled.log"
"$s/console-decode.pl" "$tmp/o8" "$tmp/garbled.log" > "$tmp/o8.out"
check "decode: a frame header garbled by printk fails its point, not a point without the file" \
	sh -c "grep -q 'header was garbled' '$tmp/o8/b/FAILED' && grep -qx 'failed b' '$tmp/o8.out'"

# incremental: the first point lands while the console is still open
mkfifo "$tmp/fifo"
"$s/console-decode.pl" "$tmp/o7" < "$tmp/fifo" > "$tmp/o7.out" &
dpid=$!
exec 3> "$tmp/fifo"
sed -n '1,/^dlcap-init: done a/p' "$tmp/good.log" >&3
for i in $(seq 50); do [ -d "$tmp/o7/a" ] && break; sleep 0.1; done
check "decode: reads as the console grows (point a in place before the console ends)" \
	sh -c "test -d '$tmp/o7/a' && kill -0 $dpid"
sed -n '/^dlcap-init: start b/,$p' "$tmp/good.log" >&3
exec 3>&-
wait $dpid
check "decode: ... and b after the rest" test -d "$tmp/o7/b"

# culprit: the point a bad end belongs to
"$s/console-badness.pl" "$tmp/good.log" > "$tmp/b-good.out" || true
check "culprit: no kernel error, the last point that started ('b 0')" \
	test "$("$s/console-culprit.sh" "$tmp/good.log" "$tmp/b-good.out")" = "b 0"
awk '{ print } /^dlcap-init: start a/ { print "[    3.000000] Unable to handle kernel NULL pointer dereference at virtual address 0" }' \
	"$tmp/good.log" > "$tmp/oops-a.log"
"$s/console-badness.pl" "$tmp/oops-a.log" > "$tmp/b-oops.out" || true
errl=$(grep -n 'Unable to handle' "$tmp/oops-a.log" | cut -d: -f1)
check "culprit: a kernel error while a ran is a's, with its line ('a $errl'), though b started later" \
	test "$("$s/console-culprit.sh" "$tmp/oops-a.log" "$tmp/b-oops.out")" = "a $errl"
check "culprit: a console where no point started names none" \
	test -z "$(head -2 "$tmp/good.log" | "$s/console-culprit.sh" /dev/stdin /dev/null)"
"$s/console-culprit.sh" --excerpt "$tmp/oops-a.log" "$errl" > "$tmp/ex.out"
check "culprit --excerpt: the error's line and what came before it" \
	sh -c "grep -q 'lines before the first kernel error' '$tmp/ex.out' && grep -q 'Unable to handle' '$tmp/ex.out' && grep -q 'Booting Linux' '$tmp/ex.out'"

# recheck: a saved run folder against its console. The saved points are
# the files the console was framed from ($tmp/in), not the decoder's output
# (that would compare the decoder with itself).
mkdir -p "$tmp/run"; cp "$tmp/good.log" "$tmp/run/console.log"
for p in a b; do
	mkdir "$tmp/run/$p"; cp "$tmp/in/jobs.csv" "$tmp/in/rc" "$tmp/run/$p/"; touch "$tmp/run/$p/.point-key"
done
"$s/recheck.sh" "$tmp/run" > "$tmp/r1.out"; rc=$?
check "recheck: a saved run matches its console (exit $rc)" sh -c "test $rc = 0 && grep -qx 'a: same' '$tmp/r1.out'"
(cd "$tmp" && "$s/recheck.sh" run) > "$tmp/r1rel.out"; rc=$?
check "recheck: the same run named by a relative path matches too (exit $rc)" sh -c "test $rc = 0 && grep -qx 'b: same' '$tmp/r1rel.out'"
echo 9 > "$tmp/run/b/rc"
"$s/recheck.sh" "$tmp/run" > "$tmp/r2.out"; rc=$?
check "recheck: a result changed after the run is found (exit $rc)" sh -c "test $rc = 1 && grep -qx 'b: DIFFERENT: rc' '$tmp/r2.out'"
exit $assert_failed
