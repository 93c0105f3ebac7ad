#!/bin/bash
# Prove that every prefix of dlcap's QEMU series builds, as the kernel
# series' check does: apply qemu/patches/SERIES one patch at a time to a
# copy of the pristine source (scripts/qemu-build.sh fetches it) and build
# qemu-system-aarch64 after each, in one build folder (the first build is
# cold, the others incremental); QEMU's scripts/checkpatch.pl on each patch.
# Then, on the whole series, QEMU's own tests of it, named in
# qemu/patches/SERIES/tests, one a line: a program (a path in QEMU's build
# folder, e.g. tests/unit/test-icount-rate), built with ninja and run; or
# `tcg TARGET RULE` (e.g. tcg aarch64-softmmu run-icount-quantum), a rule
# of QEMU's tests/tcg made in the build folder's tests/tcg/TARGET with the
# cross compiler configure found (gcc-aarch64-linux-gnu, make deps).
# Usage: scripts/check-qemu-series.sh [SERIES]   (default quantum)
# Exit status: 0 every prefix builds, every patch is clean and every test
# passes; 1 otherwise.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/prefix.sh"
. "$DLCAP_TOP/scripts/lib/qemu.sh"
series=${1:-quantum}
pdir=$DLCAP_TOP/qemu/patches/$series
[ -r "$pdir/series" ] || die "no $pdir/series"
"$DLCAP_TOP/scripts/qemu-build.sh" > /dev/null	# the pristine source, and configure options known to work
ver=$(dpkg-query -W -f='${Version}' qemu-system-arm)
vdir=${ver//:/_}
pristine=$DLCAP_CACHE/qemu/src/$vdir/qemu
src=$DLCAP_CACHE/qemu/src/$vdir/series-check
out=$DLCAP_CACHE/qemu/build/$vdir/series-check
conf=$(cat "$(dirname "$(qemu_dlcap_bin)")/.dlcap-conf")
mkdir -p "$src" "$out"
say "resetting $src to the pristine source"
rsync -rlpgoD --checksum --delete "$pristine/" "$src/"
sed -i 's/^    unpack_edk2_blobs = bzip2.found()$/    unpack_edk2_blobs = false/' "$src/meson.build"
if [ "$(cat "$out/.dlcap-conf" 2>/dev/null)" != "$conf" ]; then
	# shellcheck disable=SC2086
	(cd "$out" && "$src/configure" $conf) > "$out/.configure.log" 2>&1 ||
		{ tail -20 "$out/.configure.log" >&2; die "configure failed"; }
	echo "$conf" > "$out/.dlcap-conf"
fi
mapfile -t patches < <(grep -v '^\s*\(#\|$\)' "$pdir/series" | sed "s|^|$pdir/|")
prefix_src=$src
checkpatch_one() { perl "$pristine/scripts/checkpatch.pl" --no-tree -q "$1"; }
build_one() { ninja -C "$out" -j"$(nproc)" qemu-system-aarch64; }
status=0
prefix_check "$out" checkpatch "${patches[@]}" || status=1
[ -r "$pdir/tests" ] || exit $status
while read -r t; do
	case "$t" in ''|'#'*) continue ;; esac
	if [[ $t == tcg\ * ]]; then
		read -r _ target rule <<< "$t"
		[ -r "$out/tests/tcg/$target/Makefile" ] ||
			{ say "test $t: configure made no tests/tcg/$target (no cross compiler?)"; status=1; continue; }
		# qemu-system-aarch64 is built above; the rule builds the test and runs it
		if make -C "$out/tests/tcg/$target" "$rule" > "$out/.test.log" 2>&1; then
			say "test $t passes"
		else
			tail -30 "$out/.test.log" >&2
			say "test $t FAILS (its output: $out/tests/tcg/$target/*.out)"; status=1
		fi
		continue
	fi
	if ! ninja -C "$out" -j"$(nproc)" "$t" > "$out/.test-build.log" 2>&1; then
		grep -E 'error' "$out/.test-build.log" | head -20 >&2
		say "test $t does NOT build"; status=1; continue
	fi
	if "$out/$t" --tap > "$out/.test.log" 2>&1; then
		say "test $t passes ($(grep -c '^ok' "$out/.test.log") cases)"
	else
		cat "$out/.test.log" >&2
		say "test $t FAILS"; status=1
	fi
done < "$pdir/tests"
exit $status
