#!/bin/bash
# Kernel variants name their tree (SOURCE=, scripts/lib.sh variant_source):
# where each one's Image goes and what a bad SOURCE= gets. No build, no
# QEMU. Prints PASS:/FAIL: lines.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d /tmp/dlcap-variants.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

check "a variant without SOURCE= builds from $DLCAP_SOURCE_DEFAULT's tarball, DLCAP_TARBALL" \
	test "$(variant_source stock) $(variant_tarball stock)" = "linux-source-6.1 $DLCAP_TARBALL"
check "stock-6.12 and debug-6.12 build from /usr/src/linux-source-6.12.tar.xz" \
	test "$(variant_tarball stock-6.12) $(variant_tarball debug-6.12)" = "/usr/src/linux-source-6.12.tar.xz /usr/src/linux-source-6.12.tar.xz"
# the 6.1 trees' Images stay where they were: build/<6.1 version>/VARIANT
check "the stock Image is under the 6.1 tarball's version, as before SOURCE= ($(kernel_image stock))" \
	test "$(kernel_image stock)" = "$DLCAP_CACHE/build/$(tarball_version)/stock/arch/arm64/boot/Image"
if [ -r /usr/src/linux-source-6.12.tar.xz ]; then
	v=$(tarball_version /usr/src/linux-source-6.12.tar.xz)
	check "stock-6.12's Image is under its own tree's version ($v), beside the 6.1 builds" \
		sh -c "case '$v' in 6.12.*) test '$(kernel_image stock-6.12)' = '$DLCAP_CACHE/build/$v/stock-6.12/arch/arm64/boot/Image' ;; *) exit 1 ;; esac"
fi
check "scripts/kernel-images.sh lists every variant and puts an unknown name under build/unknown/" \
	sh -c "out=\$('$top/scripts/kernel-images.sh' no-such); test \$(echo \"\$out\" | wc -l) = $(($(ls "$top/kernels/variants" | wc -l) + 1)) &&
		echo \"\$out\" | grep -qx 'no-such=$DLCAP_CACHE/build/unknown/no-such/arch/arm64/boot/Image' &&
		echo \"\$out\" | grep -qx 'stock=$(kernel_image stock)'"

# A bad SOURCE= in a copy of the tree: one line naming the file and the
# field, exit 2, before anything is built (DLCAP_TARBALL: none, so that
# nothing can be).
mkdir -p "$tmp/t/kernels/variants" "$tmp/t/kernels/config"
cp -r "$top/scripts" "$tmp/t/"
printf 'SOURCE=../../etc/x\nCONFIG=slim.config\n' > "$tmp/t/kernels/variants/bad"
printf 'SOURCE=linux-source-9.9\nCONFIG=slim.config\n' > "$tmp/t/kernels/variants/absent"
cp "$top/kernels/config/slim.config" "$tmp/t/kernels/config/"
DLCAP_TARBALL=$tmp/none.tar.xz DLCAP_CACHE=$tmp/cache "$tmp/t/scripts/kernel-build.sh" bad > /dev/null 2> "$tmp/err"; rc=$?
check "kernel-build: SOURCE='../../etc/x' exits 2 with one line naming it ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q \"kernels/variants/bad: SOURCE='../../etc/x' is not a linux-source-X.Y package\" '$tmp/err'"
DLCAP_TARBALL=$tmp/none.tar.xz DLCAP_CACHE=$tmp/cache "$tmp/t/scripts/kernel-build.sh" absent > /dev/null 2> "$tmp/err"; rc=$?
check "kernel-build: a tree not installed names the package to install ($(cat "$tmp/err"))" \
	sh -c "test $rc = 1 && grep -q 'linux-source-9.9.tar.xz missing (apt-get install linux-source-9.9' '$tmp/err' && test ! -e '$tmp/cache/build'"

exit $assert_failed
