#!/bin/bash
# scripts/checkpoint.sh on a canned results/raw (host only, no QEMU):
#   save: a plan run with .complete-PLAN and every point at its key is
#     saved, as one file named after OUTDIR and PLAN; one whose point has
#     another key, or a FAILED file, is not; a second save is the same
#     bytes; a plan run that is no longer complete leaves its saved copy
#   restore: into an empty raw, the saved points come back byte for byte,
#     with guest.txt, without console.log; a point already there is left
#     alone
#   list: points and how many raw holds with the same key
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=${KEEP_TMP:-$(mktemp -d)}; [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
ck=$top/scripts/checkpoint.sh
export DLCAP_RESULTS=$tmp/results
raw=$DLCAP_RESULTS/raw

# point DIR NAME KEY: a finished point
point() {
	mkdir -p "$1/$2"
	echo "$3" > "$1/$2/.point-key"
	printf 'task,job\n%s,1\n' "$2" > "$1/$2/jobs.csv"
	echo 0 > "$1/$2/rc"
}
good=$raw/sweeps/s/patched/rk3399
point "$good" a-u1-s1 k1; point "$good" b-u1-s1 k2
printf 'a-u1-s1 k1\nb-u1-s1 k2\n' > "$good/.complete-patched-rk3399-s1"
echo console > "$good/console.log"
echo 'capacities: 462 1024' > "$good/guest.txt"
stale=$raw/stock/hikey960/p
point "$stale" x k3
printf 'x k9\n' > "$stale/.complete-p"
bad=$raw/stock/hikey960/q
point "$bad" y k4; echo "no frame" > "$bad/y/FAILED"
printf 'y k4\n' > "$bad/.complete-q"

"$ck" save > "$tmp/out" 2>&1; rc=$?
check "save: exit 0 (got $rc)" test $rc = 0
f=$DLCAP_RESULTS/checkpoint/sweeps+s+patched+rk3399+patched-rk3399-s1.tar.xz
check "save: the complete plan run is saved as OUTDIR+PLAN.tar.xz" test -s "$f"
check "save: nothing else is saved (a point at another key; a FAILED point)" \
	test "$(ls "$DLCAP_RESULTS/checkpoint" | wc -l)" = 1
check "save: both refusals are said" test "$(grep -c 'not saved' "$tmp/out")" = 2
check "save: the boot's console.log is not carried" sh -c "! xz -dc '$f' | tar -tf - | grep -q console.log"
check "save: the guest's guest.txt is carried (plots read it; a restored run boots nothing)" \
	sh -c "xz -dc '$f' | tar -tf - | grep -qx 'sweeps/s/patched/rk3399/guest.txt'"
cp "$f" "$tmp/first"
# later times, as on another machine: the same bytes all the same
find "$good" -exec touch -d '2030-01-01' {} +
"$ck" save > /dev/null 2>&1
check "save again, files touched: the same bytes" cmp -s "$tmp/first" "$f"

# nothing newer than the checkpoint: not packed again (its time stays);
# a point file rewritten since: packed again
touch -d '2031-01-01' "$f"
"$ck" save > /dev/null 2>&1
check "save, nothing changed since: the checkpoint is not packed again" \
	test "$(date -r "$f" +%Y)" = 2031
touch -d '2020-01-01' "$f"
echo changed >> "$good/a-u1-s1/jobs.csv"
"$ck" save > /dev/null 2>&1
check "save, a point's file rewritten since: packed again" sh -c "! cmp -s '$tmp/first' '$f'"
sed -i '$d' "$good/a-u1-s1/jobs.csv"
"$ck" save > /dev/null 2>&1
check "save, the file back as it was: the first bytes again" cmp -s "$tmp/first" "$f"

# list: 2 points, both here with the same key
check "list: 2 points, 2 here with their key" sh -c \
	"'$ck' list | grep -qx 'sweeps+s+patched+rk3399+patched-rk3399-s1.tar.xz,2,2'"

# restore into an empty raw: the points, byte for byte, with a time of now
mv "$raw" "$tmp/raw.orig"
"$ck" restore > "$tmp/out" 2>&1; rc=$?
check "restore: exit 0 (got $rc)" test $rc = 0
check "restore: the points come back byte for byte" \
	diff -r -x console.log "$tmp/raw.orig/sweeps" "$raw/sweeps"
check "restore: with the unpacking's time, not 1970 (a sweep aggregates again)" \
	test -n "$(find "$good/a-u1-s1/rc" -newermt '2000-01-01')"
# a point already there is left alone
echo kept > "$good/a-u1-s1/jobs.csv"
"$ck" restore > /dev/null 2>&1
check "restore: a point already there is left alone" grep -qx kept "$good/a-u1-s1/jobs.csv"
check "list: a point whose key here differs is not counted" sh -c \
	"echo k0 > '$good/b-u1-s1/.point-key'; '$ck' list | grep -qx 'sweeps+s+patched+rk3399+patched-rk3399-s1.tar.xz,2,1'"

# a plan run that is no longer complete: its saved copy stays
rm -rf "$good/b-u1-s1"
"$ck" save > "$tmp/out" 2>&1
check "save: an incomplete plan run leaves its checkpoint as it was" cmp -s "$tmp/first" "$f"

# a checkpoint that is not xz
echo junk > "$DLCAP_RESULTS/checkpoint/bad.tar.xz"
"$ck" restore > "$tmp/out" 2>&1; rc=$?
check "restore: an unreadable checkpoint is one line naming it, exit 1 (got $rc)" \
	sh -c "test $rc = 1 && test \$(wc -l < '$tmp/out') = 1 && grep -q 'bad.tar.xz' '$tmp/out'"
exit $assert_failed
