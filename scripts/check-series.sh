#!/bin/bash
# Prove that every prefix of a patch series builds: apply the patches one
# at a time to a copy of the pristine tree and build after each, in one O=
# folder (the first build is cold, the others incremental).
# Usage: scripts/check-series.sh [SERIES] [CONFIG_FRAGMENT]
#   SERIES: folders under kernels/patches, applied in this order, space
#           separated (default: those of the patched variant)
#   CONFIG_FRAGMENT: under kernels/config (default slim.config)
# Also runs scripts/checkpatch.pl --strict on each patch. UNKNOWN_COMMIT_ID is
# ignored: checkpatch looks commit ids up in the git history of the folder it
# runs in, and there is none of Linux here (the ids the messages cite were
# checked against the tip-bot mails of their commits). A series folder may
# list more checkpatch types to ignore in a file checkpatch-ignore, one per
# line with a comment saying why.
set -eu
. "$(dirname "$0")/lib.sh"
PATCHES=
. "$DLCAP_TOP/kernels/variants/patched"
series=${1:-$PATCHES}
frag=$DLCAP_TOP/kernels/config/${2:-slim.config}
ver=$(tarball_version)
pristine=$DLCAP_CACHE/src/$ver/linux
[ -d "$pristine" ] || "$DLCAP_TOP/scripts/kernel-build.sh" stock > /dev/null
src=$DLCAP_CACHE/src/$ver/series-check
out=$DLCAP_CACHE/build/$ver/series-check
mkdir -p "$src" "$out"
say "resetting $src to the pristine tree"
rsync -rlpgoD --checksum --delete --exclude=/.dlcap-patches "$pristine/" "$src/"
(cd "$src" && scripts/kconfig/merge_config.sh -n -O "$out" "$frag") > "$out/.merge.log" 2>&1 ||
	die "merge_config failed ($out/.merge.log)"

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
n=${#patches[@]} k=0 bad=0
for i in "${!patches[@]}"; do
	path=${patches[$i]} p=$(basename "${patches[$i]}")
	k=$((k + 1))
	if perl "$pristine/scripts/checkpatch.pl" --strict --no-tree -q --ignore "${ignores[$i]}" "$path" > "$out/.checkpatch.log" 2>&1; then
		say "[$k/$n] checkpatch --strict: clean ($p)"
	else
		cat "$out/.checkpatch.log" >&2
		say "[$k/$n] checkpatch --strict: problems in $p"; bad=1
	fi
	patch -d "$src" -p1 --quiet --forward < "$path" || die "[$k/$n] $p does not apply"
	start=$(date +%s)
	if make -C "$src" O="$out" -j"$(nproc)" Image > "$out/.build.log" 2>&1; then
		say "[$k/$n] builds in $(( $(date +%s) - start )) s: $p"
	else
		grep -E 'error|warning' "$out/.build.log" | head -20 >&2
		say "[$k/$n] BUILD FAILED: $p"; bad=1
	fi
	if grep -q 'warning:' "$out/.build.log"; then
		grep 'warning:' "$out/.build.log" | head -10 >&2
		say "[$k/$n] compiler warnings in $p"; bad=1
	fi
done
[ $bad = 0 ] && say "all $n prefixes of $series build and pass checkpatch" || exit 1
