#!/bin/bash
# Point keys (scripts/run-batch.sh --keys; boots nothing, needs the stock
# kernel, the initramfs and QEMU built): changing any kind of input a
# boot's bytes depend on changes the keys; changing nothing changes none;
# a failed point is run again unless KEEP_FAILED=1.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp "$top/experiments/tasksets/cover-letter.json" "$tmp/t.json"
printf 'echo hello > "$1/out.txt"\n' > "$tmp/g.sh"
printf 'a cover-letter.json -d 100\nb %s -d 100\nc %s\n' "$tmp/t.json" "$tmp/g.sh" > "$tmp/k.plan"
keys() { "$top/scripts/run-batch.sh" --keys stock hikey960 "$tmp/k.plan" "$tmp/out" 2>&1; }
base=$(keys)
check "keys: three points, each to run (new)" test "$(grep -c ' run: new$' <<< "$base")" = 3
check "keys: nothing changed, the same keys" test "$(keys)" = "$base"
differs() { # differs KEYS: no point keeps its key from the base
	[ -n "$1" ] && grep -q ' [0-9a-f]\{16\} ' <<< "$1" &&
		! comm -12 <(cut -d' ' -f1,2 <<< "$base" | sort) <(cut -d' ' -f1,2 <<< "$1" | sort) | grep -q .
}
for v in QEMU_QUANTUM=20000 QEMU_SHIFT=1 QEMU_RATES=equal QEMU_TIMING=virtual QEMU_APPEND=nohz=off \
	QEMU_MEM=2G EXPECT_CAPACITIES=1024; do
	check "keys: $v changes every key" differs "$(env "$v" "$top/scripts/run-batch.sh" --keys stock hikey960 "$tmp/k.plan" "$tmp/out" 2>&1)"
done
check "keys: another kernel changes every key" \
	differs "$("$top/scripts/run-batch.sh" --keys patched hikey960 "$tmp/k.plan" "$tmp/out" 2>&1)"
sed -i 's/"duration" : 2/"duration" : 2 /' "$tmp/t.json"
check "keys: a byte of point b's task set changes a's key too (it rides in the same boot)" differs "$(keys)"
base=$(keys)
echo '# changed' >> "$tmp/g.sh"
check "keys: a guest script's bytes change every key" differs "$(keys)"
base=$(keys)
printf 'd cover-letter.json -d 50\n' >> "$tmp/k.plan"
check "keys: a plan that grows changes the old points' keys (the plan is staged)" \
	differs "$(keys | grep -v '^d ')"
base=$(keys)
{ cat "$top/initramfs/build/initramfs.cpio.gz"; echo; } > "$tmp/initramfs"
check "keys: another initramfs changes every key" differs "$(INITRAMFS=$tmp/initramfs keys)"
# the tools that pack the inputs into the initrd: another gzip, another
# gen_init_cpio (a cache of links to the real one but for that tool)
mkdir -p "$tmp/bin"
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "gzip 0.0-other"; exit 0; }\nexec /bin/gzip "$@"\n' > "$tmp/bin/gzip"
chmod +x "$tmp/bin/gzip"
check "keys: another gzip changes every key" differs "$(PATH=$tmp/bin:$PATH keys)"
cache=${DLCAP_CACHE:-$HOME/.cache/dlcap}
mkdir -p "$tmp/cache/tools"
for f in "$cache"/*; do [ "${f##*/}" = tools ] || ln -s "$f" "$tmp/cache/"; done
for f in "$cache"/tools/*; do ln -s "$f" "$tmp/cache/tools/"; done
rm "$tmp/cache/tools/gen_init_cpio"; { cat "$cache/tools/gen_init_cpio"; echo; } > "$tmp/cache/tools/gen_init_cpio"
check "keys: another gen_init_cpio changes every key" differs "$(DLCAP_CACHE=$tmp/cache keys)"
# what a run would do with finished points
mkdir -p "$tmp/out/a" "$tmp/out/b" "$tmp/out/c"
cut -d' ' -f2 <<< "$(grep '^a ' <<< "$base")" > "$tmp/out/a/.point-key"
cut -d' ' -f2 <<< "$(grep '^b ' <<< "$base")" > "$tmp/out/b/.point-key"; touch "$tmp/out/b/FAILED"
echo 0123456789abcdef > "$tmp/out/c/.point-key"
now=$(keys)
check "keys: a finished point with its key is kept" grep -q '^a [0-9a-f]* keep$' <<< "$now"
check "keys: a failed point is run again" grep -q '^b [0-9a-f]* run: failed$' <<< "$now"
check "keys: ... unless KEEP_FAILED=1" grep -q '^b [0-9a-f]* keep$' <<< "$(KEEP_FAILED=1 keys)"
check "keys: a point with another key is stale" grep -q '^c [0-9a-f]* run: stale$' <<< "$now"
# two runs of one plan into one folder: the second is refused, touching nothing
mkdir -p "$tmp/out"
exec 8> "$tmp/out/.lock-k"; flock 8	# held by this test while the runner tries
"$top/scripts/run-batch.sh" stock hikey960 "$tmp/k.plan" "$tmp/out" > "$tmp/lock.out" 2>&1; rc=$?
check "a second run of the same plan into the same folder is refused (exit $rc), the first's points untouched" \
	sh -c "test $rc = 2 && grep -q 'being run into .* by another run' '$tmp/lock.out' && test -e '$tmp/out/c/.point-key'"
exec 8>&-
exit $assert_failed
