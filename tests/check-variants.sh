#!/bin/bash
# Kernel variants name their tree (SOURCE=, scripts/lib/kernel.sh variant_source):
# where each one's Image goes, what a bad SOURCE= gets, and the admission
# oracle (scripts/admission-oracle.sh) on canned probe points. No build, no
# QEMU. Prints PASS:/FAIL: lines.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
. "$top/scripts/lib/kernel.sh"
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
check "6.12 boots get sched_verbose (its debugfs sched/domains/ needs it), 6.1 boots no extra argument" \
	test "$(variant_append stock-6.12)|$(variant_append debug-6.12)|$(variant_append stock)|$(variant_append patched)" = "sched_verbose|sched_verbose||"
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

# The admission oracle on canned probe points: HiKey960 (capacities 4 x 462
# + 4 x 1024 = 5944), 16 tasks of 8000/16000 us (524288 = 0.5 CPU each).
# 6.1: limit 996147 x 5944 >> 10 = 5782322, no servers: 11 tasks (5767168).
# 6.12: 8 fair servers of 50 ms / 1 s (52428 each, 419424): 10 tasks.
probe() {	# DIR SERVERS ADMITTED BEFORE DURING AFTER
	mkdir -p "$1"
	printf '%s\n' 'sched_rt_runtime_us: 950000' 'sched_rt_period_us: 1000000' \
		"fair_server runtime/period ns: $2" "total_bw before: $4" "total_bw during: $5" \
		'dlgen exit: 0' "total_bw after: $6" > "$1/dlgen.log"
	{ echo task,instance,tid,policy,dl_runtime_ns,dl_period_ns,admitted
	  for i in $(seq 16); do echo "adm,$i,$((100 + i)),SCHED_DEADLINE,8000000,16000000,$((i <= $3))"; done; } > "$1/tasks.csv"
}
servers=$(printf '50000000/1000000000 %.0s' $(seq 8))
probe "$tmp/61" none 11 0 5767168 0
# no /proc/sys in the slim kernels: the probe reads "none", the defaults hold
sed -i 's/^\(sched_rt_[a-z]*_us: \).*/\1none/' "$tmp/61/dlgen.log"
probe "$tmp/612" "$servers" 10 419424 $((419424 + 10 * 524288)) 419424
probe "$tmp/612-11" "$servers" 11 419424 $((419424 + 11 * 524288)) 419424
probe "$tmp/612-leak" "$servers" 10 419424 $((419424 + 10 * 524288)) 0
# today's probe prints the kernel's limit per CPU (dl_bw->bw), not the
# sysctls: 0.7 (734003) -> 734003 x 5944 >> 10 = 4260658, less the servers'
# 419424: 7 tasks
probe "$tmp/612-bw" "$servers" 7 419424 $((419424 + 7 * 524288)) 419424
sed -i -e '/^sched_rt_period_us: /d' -e 's/^sched_rt_runtime_us: .*/dl_bw->bw: 734003/' "$tmp/612-bw/dlgen.log"
# oracle_case DIR RC GLOB DESCRIPTION: the oracle on DIR exits RC and its
# output matches GLOB
oracle_case() {
	local out rc
	out=$("$top/scripts/admission-oracle.sh" hikey960 "$1" 2>&1); rc=$?
	check "$4 (exit $rc: $out)" sh -c 'test "$1" = "$2" && test "$(echo "$3" | wc -l)" = 1 &&
		case $3 in $4) ;; *) exit 1 ;; esac' - "$rc" "$2" "$out" "$3"
}
oracle_case "$tmp/61" 0 '*,hikey960,8,5944,0.9500,5.5145,0.0000,0.0000,5.5145,0.5000,16,11,11,0,5767168,0,ok' \
	"oracle, 6.1 on HiKey960 (sysctls at their defaults): limit 5.5145 CPUs, 11 of 16 admitted, total_bw 0 / 11 x 524288 / 0"
oracle_case "$tmp/612" 0 '*,hikey960,8,5944,0.9500,5.5145,0.4000,0.2902,5.1145,0.5000,16,10,10,419424,5662304,419424,ok' \
	"oracle, 6.12: the fair servers take 0.4000 CPU of admission (0.2902 of capacity), 10 admitted"
oracle_case "$tmp/612-bw" 0 '*,hikey960,8,5944,0.7000,4.0633,0.4000,0.2902,3.6633,0.5000,16,7,7,419424,4089440,419424,ok' \
	"oracle, 6.12 with the probe's dl_bw->bw of 0.7: limit 4.0633 CPUs, 7 admitted"
oracle_case "$tmp/612-11" 1 "*FAIL: admitted 11, the limit admits 10;" \
	"oracle, 6.12 admitting 11 (the limit without servers) fails"
oracle_case "$tmp/612-leak" 1 "*FAIL: total_bw after 0, servers 419424;" \
	"oracle, 6.12 with total_bw after != the servers' fails"
sed -i 's/^dl_bw->bw: .*/dl_bw->bw: none/' "$tmp/612-bw/dlgen.log"
oracle_case "$tmp/612-bw" 2 '*dlgen.log: dl_bw->bw: none (the guest had no sched/debug)' \
	"oracle: a probe without sched/debug (dl_bw->bw: none) exits 2 with one line naming it"
sed -i 's/^total_bw during: .*/total_bw during: lots/' "$tmp/612/dlgen.log"
oracle_case "$tmp/612" 2 '* total_bw during: lots is not a whole number' \
	"oracle: a probe value that is not a number exits 2 with one line naming it"
exit $assert_failed
