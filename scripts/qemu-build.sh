#!/bin/bash
# Build dlcap's QEMU: Debian's source of the qemu-system-arm package that is
# installed (the baseline), plus the series in qemu/patches/$SERIES, for
# aarch64-softmmu only, out of tree, cached outside the repo.
#
# Usage: scripts/qemu-build.sh
# Output: the path of qemu-system-aarch64 on stdout's last line.
#
# Cache layout ($DLCAP_CACHE/qemu/):
#   dl/            the source package's files (apt-get source --download-only)
#   lists/         package lists of the deb-src line only (never the main ones)
#   src/VERSION/qemu          the pristine tree
#   src/VERSION/SERIES        the tree with the series applied (refreshed by
#                             content, so only changed files recompile)
#   build/VERSION/SERIES      the build; .dlcap-key records what it was built from
# The build is skipped when the key (source version, configure options,
# patches) is unchanged; otherwise meson/ninja rebuild incrementally.
set -eu
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
. "$DLCAP_TOP/scripts/lib/qemu.sh"

series=${QEMU_SERIES:-quantum}
pdir=$DLCAP_TOP/qemu/patches/$series
[ -r "$pdir/series" ] || die "no $pdir/series"
pkg=qemu-system-arm
ver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) ||
	die "$pkg is not installed (make deps)"
upstream=${ver#*:}; upstream=${upstream%%-*}	# 1:10.0.2+ds-2+... -> 10.0.2+ds
base=$(grep -v '^#' "$pdir/base" 2>/dev/null | head -1)
[ -z "$base" ] || [ "$base" = "$ver" ] ||
	say "WARNING: $series was made against $pkg $base, the installed one is $ver; trying anyway"

# Only what aarch64 system emulation with -M virt, a DTB and a serial
# console needs; everything else off (a cold build takes ~6 min on 2 cores).
conf=(--target-list=aarch64-softmmu --without-default-features
	--without-default-devices --with-devices-aarch64=minimal
	--enable-fdt=system --enable-tcg --disable-docs --disable-werror
	--disable-install-blobs --python=/usr/bin/python3)

patches=()
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	[ -r "$pdir/$p" ] || die "$pdir/series names $p, which is missing"
	patches+=("$pdir/$p")
done < "$pdir/series"

top=$DLCAP_CACHE/qemu
mkdir -p "$top"
# Reproducible bytes wherever the cache is: the debug information names the
# build folder (DW_AT_comp_dir), so two caches built two different binaries
# (and every point key names the binary's SHA-256). Map the cache's folder
# to a fixed name; the key names the option, not the path.
pmap=--extra-cflags=-ffile-prefix-map=$top=/dlcap-cache/qemu
# And the generated sources: scripts/decodetree.py writes the field
# extractions of target/arm's decoders in the iteration order of Python
# sets, which follows the per-process string hash seed; two builds in one
# folder gave different translate*.o (same behaviour, other bytes).
export PYTHONHASHSEED=0
buildenv="PYTHONHASHSEED=$PYTHONHASHSEED"
exec 9> "$top/.build.lock"	# one build at a time (another make, CI)
flock 9 || die "cannot lock $top"

vdir=${ver//:/_}	# QEMU refuses colons in its paths
bin=$(QEMU_SERIES=$series qemu_dlcap_bin)
out=$(dirname "$bin")
key="$ver ${conf[*]} ${pmap/$top/CACHE} $buildenv $(hash_files "${patches[@]}" /dev/null)"
if [ -x "$bin" ] && [ "$(cat "$out/.dlcap-key" 2>/dev/null)" = "$key" ]; then
	say "up to date ($ver, $series)"
	echo "$bin"
	exit 0
fi

# The source package, from a deb-src line in lists of our own, so that an
# update here can never touch the system's package lists. The mirror may
# serve only the orig tarball (not the .dsc and Debian's patches): then the
# tarball is checked against the SHA-256 that the signed Sources index gives.
dl=$top/dl
pristine=$top/src/$vdir/qemu
if [ ! -d "$pristine" ]; then
	mkdir -p "$dl" "$top/lists/partial"
	suite=$(apt-cache policy "$pkg" | awk '/\*\*\*/ { getline; print $3; exit }')
	suite=${suite%%/*}
	[ -n "$suite" ] || suite=bookworm-backports
	echo "deb-src http://deb.debian.org/debian $suite main" > "$top/sources.list"
	apt_src=(-o Dir::Etc::SourceList="$top/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o Dir::State::Lists="$top/lists" -o APT::Sandbox::User=root)
	say "fetching the source of $pkg $ver ($suite)"
	apt-get "${apt_src[@]}" update -qq || die "apt-get update for the deb-src line failed"
	src_pkg=$(dpkg-query -W -f='${source:Package}' "$pkg")
	apt-cache "${apt_src[@]}" showsrc "$src_pkg" 2>/dev/null | grep -qx "Version: $ver" ||
		die "no source package $src_pkg $ver in $suite"
	(cd "$dl" && apt-get "${apt_src[@]}" -qq source --download-only "$src_pkg=$ver") >/dev/null 2>&1 || true
	orig=$dl/${src_pkg}_${upstream}.orig.tar.xz
	[ -r "$orig" ] || die "could not download $(basename "$orig")"
	want=$(apt-cache "${apt_src[@]}" showsrc "$src_pkg" |
		awk -v f="$(basename "$orig")" '/^Checksums-Sha256:/ { s = 1; next }
			/^[^ ]/ { s = 0 } s && $3 == f { print $1; exit }')
	have=$(sha256sum "$orig" | cut -d' ' -f1)
	[ -n "$want" ] && [ "$want" = "$have" ] ||
		die "$orig: SHA-256 $have does not match the Sources index (${want:-none})"
	say "extracting $(basename "$orig") into $pristine"
	tmp=$top/src/$vdir/.extract.$$
	rm -rf "$tmp"; mkdir -p "$tmp"
	tar -xJf "$orig" -C "$tmp"
	dsc=$(ls "$dl"/${src_pkg}_*"${ver#*:}".dsc 2>/dev/null | head -1 || true)
	if [ -n "$dsc" ]; then
		say "applying Debian's patches ($(basename "$dsc"))"
		rm -rf "$tmp"/*; dpkg-source -x "$dsc" "$tmp/qemu-x" >/dev/null
	else
		say "note: the mirror has no .dsc/.debian.tar.xz for $ver: building the orig tarball without Debian's patches"
	fi
	mv "$tmp"/qemu-* "$pristine"
	rmdir "$tmp"
fi

src=$top/src/$vdir/$series
phash=$(hash_files "${patches[@]}" /dev/null)
if [ "$(cat "$src/.dlcap-patches" 2>/dev/null)" != "$phash" ]; then
	say "applying ${#patches[@]} patches of qemu/patches/$series"
	bad=$(patch_copy "$pristine" "$src.new" "${patches[@]}") ||
		die "$bad does not apply to $pkg $ver (the series' base: ${base:-unknown})"
	# The +ds tarball has no firmware blobs; do not try to unpack edk2's.
	sed -i 's/^    unpack_edk2_blobs = bzip2.found()$/    unpack_edk2_blobs = false/' "$src.new/meson.build"
	echo "$phash" > "$src.new/.dlcap-patches"
	refresh_tree "$src.new" "$src"	# ninja rebuilds what changed
fi

mkdir -p "$out"
# ninja does not see the environment: a build made under another one is
# cleaned, generated sources included, and rebuilt whole
if [ "$(cat "$out/.dlcap-env" 2>/dev/null)" != "$buildenv" ]; then
	[ ! -f "$out/build.ninja" ] || ninja -C "$out" -t clean > /dev/null
	echo "$buildenv" > "$out/.dlcap-env"
fi
if [ "$(cat "$out/.dlcap-conf" 2>/dev/null)" != "${conf[*]} $pmap" ]; then
	say "configuring ($out; log in $out/.configure.log)"
	(cd "$out" && "$src/configure" "${conf[@]}" "$pmap") > "$out/.configure.log" 2>&1 ||
		{ tail -20 "$out/.configure.log" >&2; die "configure failed"; }
	echo "${conf[*]} $pmap" > "$out/.dlcap-conf"
fi
say "building qemu-system-aarch64 (ninja -j$(nproc); log in $out/.build.log)"
start=$(date +%s)
ninja -C "$out" -j"$(nproc)" qemu-system-aarch64 > "$out/.build.log" 2>&1 ||
	{ grep -E 'error|Error' "$out/.build.log" | head -20 >&2; die "QEMU build failed"; }
echo "$key" > "$out/.dlcap-key"
say "built in $(( $(date +%s) - start )) s"
echo "$bin"
