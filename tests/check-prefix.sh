#!/bin/bash
# lib/prefix.sh's prefix_check (the loop of make check-series and
# check-qemu-series) on a three-patch series of a two-file tree, in a
# second: every prefix is checked and built, a prefix that does not build,
# a patch checkpatch refuses and a build with warnings each fail it, and
# the report names the patch.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
. "$top/scripts/lib.sh"
. "$DLCAP_TOP/scripts/lib/prefix.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/a" "$tmp/b"
printf 'one\n' > "$tmp/a/f"
# mkpatch N OLD NEW: patch N turns f's line OLD into NEW
mkpatch() {
	printf -- '--- a/f\n+++ b/f\n@@ -1 +1 @@\n-%s\n+%s\n' "$2" "$3" > "$tmp/$1.patch"
}
mkpatch 1 one two; mkpatch 2 two broken; mkpatch 3 broken three
checkpatch_one() { ! grep -q TODO "$1"; }
build_one() { ! grep -q broken "$prefix_src/f"; }
series() {	# run prefix_check on a fresh copy of the tree
	rm -rf "$tmp/src"; cp -r "$tmp/a" "$tmp/src"; prefix_src=$tmp/src
	(prefix_check "$tmp/b" checkpatch "$tmp"/[123].patch) > "$tmp/out" 2>&1
}
series; rc=$?
check "a prefix that does not build fails the series and is named (rc $rc)" \
	sh -c "test $rc = 1 && grep -q '\[2/3\] does NOT build: 2.patch' '$tmp/out' && grep -q '\[3/3\] builds' '$tmp/out'"
mkpatch 2 two three-ish; mkpatch 3 three-ish three
series; rc=$?
check "every prefix builds: the series passes (rc $rc)" sh -c "test $rc = 0 && test \$(grep -c 'builds in' '$tmp/out') = 3"
echo '# TODO' >> "$tmp/3.patch"
series; rc=$?
check "a patch checkpatch refuses fails the series (rc $rc)" sh -c "test $rc = 1 && grep -q '\[3/3\] checkpatch: problems in 3.patch' '$tmp/out'"
sed -i '$d' "$tmp/3.patch"
build_warnings() { ! grep -q 'warning:' "$1"; }
build_one() { echo "f.c:1: warning: unused"; }
series; rc=$?
check "a build with warnings fails the series when the caller checks them (rc $rc)" \
	sh -c "test $rc = 1 && grep -q 'compiler warnings in 1.patch' '$tmp/out'"
exit $assert_failed
