#!/bin/bash
# Prove that every prefix of a patch series builds: apply the patches one
# at a time to a copy of the pristine tree and build after each, in one O=
# folder (the first build is cold, the others incremental).
# Usage: scripts/check-series.sh [SERIES] [CONFIG_FRAGMENT] [BASE]
#        scripts/check-series.sh --variant VARIANT
#   SERIES: folders under kernels/patches, applied in this order, space
#           separated (default: those of the patched variant)
#   CONFIG_FRAGMENT: under kernels/config (default slim.config)
#   BASE: folders applied before SERIES and not checked themselves (a
#         follow-up series' base, e.g. "dl-capacity dl-capacity-trace"
#         under dl-misfit); default none
#   --variant: the series, fragments and tree (SOURCE=) of
#           kernels/variants/VARIANT, e.g. patched-6.12 for the 6.12 port
# Also runs scripts/checkpatch.pl --strict on each patch. UNKNOWN_COMMIT_ID is
# ignored: checkpatch looks commit ids up in the git history of the folder it
# runs in, and there is none of Linux here (the ids the messages cite were
# checked against the tip-bot mails of their commits). A series folder may
# list more checkpatch types to ignore in a file checkpatch-ignore, one per
# line with a comment saying why.
set -eu
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
. "$DLCAP_TOP/scripts/lib/prefix.sh"
variant=patched stock=stock tarball=$DLCAP_TARBALL
if [ "${1:-}" = --variant ]; then
	[ -n "${2:-}" ] || bad "--variant wants a VARIANT of kernels/variants"
	variant=$2
	tarball=$(variant_tarball "$variant") || exit 2
	# the stock variant of the same tree extracts it
	[ "$(variant_source "$variant")" = "$DLCAP_SOURCE_DEFAULT" ] || stock=stock-${tarball##*/linux-source-}
	stock=${stock%.tar.xz}
fi
[ "$variant" = patched ] || [ -r "$DLCAP_TOP/kernels/variants/$stock" ] ||
	die "no kernels/variants/$stock to extract $tarball"
PATCHES=
CONFIG= base_series=
. "$DLCAP_TOP/kernels/variants/$variant"
if [ "${1:-}" = --variant ]; then
	series=$PATCHES frags=()
	for f in $CONFIG; do frags+=("$DLCAP_TOP/kernels/config/$f"); done
else
	series=${1:-$PATCHES} base_series=${3:-}
	frags=("$DLCAP_TOP/kernels/config/${2:-slim.config}")
fi
ver=$(tarball_version "$tarball")
pristine=$DLCAP_CACHE/src/$ver/linux
[ -d "$pristine" ] || "$DLCAP_TOP/scripts/kernel-build.sh" "$stock" > /dev/null
src=$DLCAP_CACHE/src/$ver/series-check
out=$DLCAP_CACHE/build/$ver/series-check
mkdir -p "$src" "$out"
say "resetting $src to the pristine tree"
rsync -rlpgoD --checksum --delete --exclude=/.dlcap-patches "$pristine/" "$src/"
if [ -n "$base_series" ]; then
	mapfile -t base_patches < <(series_patches $base_series)
	say "applying the ${#base_patches[@]} patches of the base, $base_series (not checked here)"
	for p in "${base_patches[@]}"; do
		patch -d "$src" -p1 --quiet --forward < "$p" || die "base patch ${p##*/} does not apply"
	done
fi
# merged again after each patch: an option a patch adds (a KUnit test's)
# is then set from the prefix that has it on
merge() {
	(cd "$src" && kernel_env scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}") > "$out/.merge.log" 2>&1
}
merge || die "merge_config failed ($out/.merge.log)"

patches=() ignores=()
for s in $series; do
	pdir=$DLCAP_TOP/kernels/patches/$s
	[ -r "$pdir/series" ] || die "no $pdir/series"
	ign=UNKNOWN_COMMIT_ID
	[ -r "$pdir/checkpatch-ignore" ] &&
		ign="$ign,$(grep -v '^\s*\(#\|$\)' "$pdir/checkpatch-ignore" | awk '{ print $1 }' | paste -sd,)"
	while read -r p; do
		patches+=("$p") ignores+=("$ign")
	done < <(series_patches "$s")
done
prefix_src=$src
checkpatch_one() {
	perl "$pristine/scripts/checkpatch.pl" --strict --no-tree -q --ignore "${ignores[$2]}" "$1"
}
build_one() { merge && kernel_env make -C "$src" O="$out" -j"$(nproc)" Image; }
# the kernel's build must also be free of compiler warnings
build_warnings() {
	! grep -q 'warning:' "$1" || { grep 'warning:' "$1" | head -10 >&2; return 1; }
}
prefix_check "$out" "checkpatch --strict" "${patches[@]}" || exit 1
say "all ${#patches[@]} prefixes of $series${base_series:+ (on $base_series)} build and pass checkpatch"
