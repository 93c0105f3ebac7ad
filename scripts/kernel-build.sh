#!/bin/bash
# Build one kernel variant for arm64 out of tree, cached outside the repo.
#
# Usage: scripts/kernel-build.sh VARIANT
#   VARIANT names kernels/variants/VARIANT, a file of KEY=VALUE lines:
#     SOURCE=   the Debian package of the kernel tree, linux-source-X.Y:
#               built from /usr/src/linux-source-X.Y.tar.xz (empty:
#               linux-source-6.1, or DLCAP_TARBALL)
#     CONFIG=   config fragments (relative to kernels/config), space separated
#     PATCHES=  patch series folders under kernels/patches, applied in
#               this order, space separated (empty: stock tree)
#     APPEND=   guest kernel command-line arguments its boots need
#               (scripts/run-batch.sh; not part of the build)
# Output: $DLCAP_CACHE/build/<tarball version>/VARIANT/arch/arm64/boot/Image,
# and the path of the Image on stdout's last line.
# The build is skipped when the key (tarball version + fragments + patches)
# matches the one recorded by the last successful build.
set -eu
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"

variant=${1:?usage: kernel-build.sh VARIANT}
vfile=$DLCAP_TOP/kernels/variants/$variant
[ -r "$vfile" ] || die "no variant file $vfile"
CONFIG= PATCHES=
. "$vfile"
[ -n "$CONFIG" ] || die "$vfile: CONFIG= is empty"
pkg=$(variant_source "$variant") && tarball=$(variant_tarball "$variant") || exit 2
[ -r "$tarball" ] || die "$tarball missing (apt-get install $pkg, or make deps)"

ver=$(tarball_version "$tarball")
frags=()
for f in $CONFIG; do
	[ -r "$DLCAP_TOP/kernels/config/$f" ] || die "$vfile: no fragment kernels/config/$f"
	frags+=("$DLCAP_TOP/kernels/config/$f")
done
for series in $PATCHES; do
	pdir=$DLCAP_TOP/kernels/patches/$series
	[ -r "$pdir/series" ] || die "$vfile: no $pdir/series"
	base=$(grep -v '^#' "$pdir/base" 2>/dev/null | head -1)
	if [ -n "$base" ] && [ "$base" != "$ver" ]; then
		say "WARNING: $series was made against version $base, $variant's tarball ($pkg) is $ver; trying to apply it anyway"
	fi
done
mapfile -t patches < <(series_patches $PATCHES)

# One build of a variant at a time (a second make, CI and a session).
mkdir -p "$DLCAP_CACHE/build/$ver"
exec 9> "$DLCAP_CACHE/build/$ver/.$variant.lock"
flock 9 || die "cannot lock the $variant build"

# Reproducible builds (Documentation/kbuild/reproducible-builds.rst): no
# build time, user, host or build count in the Image. The timestamp is the
# tarball's own mtime, which dpkg sets from the package, so two machines with
# the same linux-source version build the same bytes. Source paths are
# already mapped away by the kernel's -fmacro-prefix-map=$(srctree)/=.
KBUILD_BUILD_TIMESTAMP=$(date -u -d "@$(stat -c %Y "$tarball")" '+%a %b %e %H:%M:%S UTC %Y')
export KBUILD_BUILD_TIMESTAMP KBUILD_BUILD_USER=dlcap KBUILD_BUILD_HOST=dlcap KBUILD_BUILD_VERSION=1
repro=reproducible-1	# bump when the settings above change: rebuilds the Image

key="$ver $repro $(hash_files "${frags[@]}" ${patches[@]+"${patches[@]}"} /dev/null)"
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
	say "extracting $tarball ($ver) into $pristine"
	tmp=$DLCAP_CACHE/src/$ver/.extract.$$
	rm -rf "$tmp"; mkdir -p "$tmp"
	tar -xJf "$tarball" -C "$tmp"
	mv "$tmp"/linux-source-* "$pristine"
	rmdir "$tmp"
fi
src=$pristine
if [ ${#patches[@]} -gt 0 ]; then
	src=$DLCAP_CACHE/src/$ver/patches-${PATCHES// /+}
	exec 8> "$src.lock"	# variants sharing this tree update it one at a time
	flock 8 || die "cannot lock $src"
	phash=$(hash_files "${patches[@]}")
	if [ "$(cat "$src/.dlcap-patches" 2>/dev/null)" != "$phash" ]; then
		say "$variant: applying ${#patches[@]} patches of $PATCHES onto a copy of the tree"
		bad=$(patch_copy "$pristine" "$src.new" "${patches[@]}") ||
			die "$variant: $bad does not apply to $ver (the series' base is ${base:-unknown}: kernels/patches/$PATCHES/base)"
		echo "$phash" > "$src.new/.dlcap-patches"
		refresh_tree "$src.new" "$src"	# the O= build recompiles what changed
	fi
fi
[ -e "$src/.config" ] && die "$src has an in-tree .config; O= builds refuse it"

mkdir -p "$out"
say "$variant: configuring (allnoconfig + ${CONFIG})"
(cd "$src" && kernel_env scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}") \
	> "$out/.merge.log" 2>&1 || { tail -20 "$out/.merge.log" >&2; die "merge_config failed"; }

# Fail loudly when an option of the fragments did not survive. Later
# fragments override earlier ones, as in merge_config.sh; "is not set"
# lines must not end up set.
lost=0
while IFS='|' read -r sym want from; do
	now=$(grep -E "^(# )?$sym[= ]" "$out/.config" || true)
	case "$want" in
	n) case "$now" in "$sym="*) ;; *) continue ;; esac ;;
	*) [ "$now" = "$sym=$want" ] && continue ;;
	esac
	echo "$(basename "$0"): $from: '$sym' wanted ${want/#n/not set}, final .config has: ${now:-nothing}" >&2
	lost=1
done < <(awk '
	/^CONFIG_[A-Za-z0-9_]+=/ { i = index($0, "="); v[substr($0, 1, i - 1)] = substr($0, i + 1); f[substr($0, 1, i - 1)] = FILENAME; next }
	/^# CONFIG_[A-Za-z0-9_]+ is not set/ { v[$2] = "n"; f[$2] = FILENAME }
	END { for (k in v) print k "|" v[k] "|" f[k] }' "${frags[@]}")
[ $lost = 0 ] || die "$variant: config fragment options lost; fix their dependencies"

say "$variant: building Image in $out (make -j$(nproc); log in $out/.build.log)"
start=$(date +%s)
kernel_env make -C "$src" O="$out" -j"$(nproc)" Image > "$out/.build.log" 2>&1 ||
	{ grep -E 'error|Error' "$out/.build.log" | head -20 >&2; die "$variant: kernel build failed"; }
echo "$key" > "$out/.dlcap-key"
say "$variant: built in $(( $(date +%s) - start )) s"
echo "$image"
