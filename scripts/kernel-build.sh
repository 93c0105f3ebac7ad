#!/bin/bash
# Build one kernel variant for arm64 out of tree, cached outside the repo.
#
# Usage: scripts/kernel-build.sh VARIANT
#   VARIANT names kernels/variants/VARIANT, a file of KEY=VALUE lines:
#     CONFIG=   config fragments (relative to kernels/config), space separated
#     PATCHES=  a patch series folder under kernels/patches (empty: stock tree)
# Output: $DLCAP_CACHE/build/<tarball version>/VARIANT/arch/arm64/boot/Image,
# and the path of the Image on stdout's last line.
# The build is skipped when the key (tarball version + fragments + patches)
# matches the one recorded by the last successful build.
set -eu
. "$(dirname "$0")/lib.sh"

variant=${1:?usage: kernel-build.sh VARIANT}
vfile=$DLCAP_TOP/kernels/variants/$variant
[ -r "$vfile" ] || die "no variant file $vfile"
CONFIG= PATCHES=
. "$vfile"
[ -n "$CONFIG" ] || die "$vfile: CONFIG= is empty"
[ -r "$DLCAP_TARBALL" ] || die "$DLCAP_TARBALL missing (apt-get install linux-source-6.1)"

ver=$(tarball_version)
frags=()
for f in $CONFIG; do
	[ -r "$DLCAP_TOP/kernels/config/$f" ] || die "$vfile: no fragment kernels/config/$f"
	frags+=("$DLCAP_TOP/kernels/config/$f")
done
patches=()
if [ -n "$PATCHES" ]; then
	pdir=$DLCAP_TOP/kernels/patches/$PATCHES
	[ -r "$pdir/series" ] || die "$vfile: no $pdir/series"
	base=$(grep -v '^#' "$pdir/base" 2>/dev/null | head -1)
	if [ -n "$base" ] && [ "$base" != "$ver" ]; then
		say "WARNING: $PATCHES was made against linux-source-6.1 $base, the installed tarball is $ver; trying to apply it anyway"
	fi
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		patches+=("$pdir/$p")
	done < "$pdir/series"
fi

key="$ver $(hash_files "${frags[@]}" ${patches[@]+"${patches[@]}"} /dev/null)"
out=$DLCAP_CACHE/build/$ver/$variant
image=$out/arch/arm64/boot/Image
if [ -f "$image" ] && [ "$(cat "$out/.dlcap-key" 2>/dev/null)" = "$key" ]; then
	say "$variant: up to date ($key)"
	echo "$image"
	exit 0
fi

# The pristine tree, extracted once per tarball version. A variant with
# patches gets its own copy so the stock tree stays as Debian ships it.
pristine=$DLCAP_CACHE/src/$ver/linux
if [ ! -d "$pristine" ]; then
	say "extracting $DLCAP_TARBALL ($ver) into $pristine"
	tmp=$DLCAP_CACHE/src/$ver/.extract.$$
	rm -rf "$tmp"; mkdir -p "$tmp"
	tar -xJf "$DLCAP_TARBALL" -C "$tmp"
	mv "$tmp"/linux-source-* "$pristine"
	rmdir "$tmp"
fi
src=$pristine
if [ ${#patches[@]} -gt 0 ]; then
	src=$DLCAP_CACHE/src/$ver/patches-$PATCHES
	phash=$(hash_files "${patches[@]}")
	if [ "$(cat "$src/.dlcap-patches" 2>/dev/null)" != "$phash" ]; then
		say "$variant: applying ${#patches[@]} patches of $PATCHES onto a copy of the tree"
		rm -rf "$src.new"
		cp -a --reflink=auto "$pristine" "$src.new"
		for p in "${patches[@]}"; do
			patch -d "$src.new" -p1 --quiet --forward < "$p" ||
				die "$variant: $(basename "$p") does not apply to $ver (the series' base is ${base:-unknown}: kernels/patches/$PATCHES/base)"
		done
		echo "$phash" > "$src.new/.dlcap-patches"
		# Rewrite only files whose content changed, stamped now (no -t):
		# the O= build then recompiles exactly those.
		if [ -d "$src" ]; then
			rsync -rlpgoD --checksum --delete "$src.new/" "$src/" ||
				{ rm -rf "$src"; mv "$src.new" "$src"; }
			rm -rf "$src.new"
		else
			mv "$src.new" "$src"
		fi
	fi
fi
[ -e "$src/.config" ] && die "$src has an in-tree .config; O= builds refuse it"

mkdir -p "$out"
say "$variant: configuring (allnoconfig + ${CONFIG})"
(cd "$src" && scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}") \
	> "$out/.merge.log" 2>&1 || { tail -20 "$out/.merge.log" >&2; die "merge_config failed"; }

# Fail loudly when an option of a fragment did not survive.
lost=0
for f in "${frags[@]}"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) grep -qxF "$line" "$out/.config" || {
			echo "$(basename "$0"): $f: '$line' is not in the final .config" \
			     "(now: $(grep -E "^(# )?${line%%=*}[= ]" "$out/.config" || echo absent))" >&2
			lost=1; } ;;
		esac
	done < "$f"
done
[ $lost = 0 ] || die "$variant: config fragment options lost; fix their dependencies"

say "$variant: building Image in $out (make -j$(nproc); log in $out/.build.log)"
start=$(date +%s)
make -C "$src" O="$out" -j"$(nproc)" Image > "$out/.build.log" 2>&1 ||
	{ grep -E 'error|Error' "$out/.build.log" | head -20 >&2; die "$variant: kernel build failed"; }
echo "$key" > "$out/.dlcap-key"
say "$variant: built in $(( $(date +%s) - start )) s"
echo "$image"
