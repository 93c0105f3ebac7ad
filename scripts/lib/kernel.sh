# Kernel trees: which Debian tarball a variant builds from, where its Image goes,
# its patch series, and the cross-compiling environment of its builds.
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

# The kernel source of a variant without SOURCE= (kernels/variants/).
DLCAP_SOURCE_DEFAULT=linux-source-6.1
DLCAP_TARBALL=${DLCAP_TARBALL:-/usr/src/$DLCAP_SOURCE_DEFAULT.tar.xz}

# tarball_version [TARBALL]: version of the Debian linux-source package
# that installed TARBALL (default DLCAP_TARBALL), e.g. 6.1.192-3: it names
# the extracted tree and the build folders.
tarball_version() {
	local t=${1:-$DLCAP_TARBALL} v
	# a Slurm task is told the submit host's (scripts/slurm-submit.sh)
	[ "$t" = "$DLCAP_TARBALL" ] && [ -n "${DLCAP_TARBALL_VERSION:-}" ] &&
		{ echo "$DLCAP_TARBALL_VERSION"; return; }
	v=$(dpkg-query -S "$t" 2>/dev/null | cut -d: -f1)
	[ -n "$v" ] && v=$(dpkg-query -W -f='${Version}' "$v" 2>/dev/null)
	[ -n "$v" ] || v=$(stat -c %s-%Y "$t" 2> /dev/null)
	echo "$v"
}

# variant_source VARIANT: the Debian package whose tarball kernels/variants/
# VARIANT builds from: its SOURCE= (linux-source-X.Y), or
# DLCAP_SOURCE_DEFAULT without one; 2 with one line on stderr for a missing
# variant or a SOURCE= of another form.
variant_source() {
	local f=$DLCAP_TOP/kernels/variants/$1 s
	[ -r "$f" ] || { echo "$(basename "$0"): no kernel variant '$1' (kernels/variants/)" >&2; return 2; }
	s=$(SOURCE=; . "$f" > /dev/null; echo "$SOURCE")
	[ -n "$s" ] || { echo "$DLCAP_SOURCE_DEFAULT"; return; }
	[[ $s =~ ^linux-source-[0-9]+\.[0-9]+$ ]] ||
		{ echo "$(basename "$0"): kernels/variants/$1: SOURCE='$s' is not a linux-source-X.Y package" >&2; return 2; }
	echo "$s"
}

# variant_append VARIANT: the kernel command-line arguments its tree needs
# (APPEND= in kernels/variants/VARIANT; nothing without), which
# scripts/run-batch.sh puts before QEMU_APPEND's.
variant_append() {
	(APPEND=; . "$DLCAP_TOP/kernels/variants/$1" > /dev/null; echo "$APPEND")
}

# variant_tarball VARIANT: the tarball it builds from, /usr/src/SOURCE.tar.xz
# (DLCAP_TARBALL for the default source).
variant_tarball() {
	local s
	s=$(variant_source "$1") || return
	if [ "$s" = "$DLCAP_SOURCE_DEFAULT" ]; then echo "$DLCAP_TARBALL"; else echo "/usr/src/$s.tar.xz"; fi
}

# kernel_image VARIANT: where scripts/kernel-build.sh puts its Image (built
# or not): DLCAP_CACHE/build/<its tarball's version>/VARIANT/...
kernel_image() {
	local t
	t=$(variant_tarball "$1") || return
	echo "$DLCAP_CACHE/build/$(tarball_version "$t")/$1/arch/arm64/boot/Image"
}

# series_patches SERIES...: the patch files of series folders under
# kernels/patches, in the order each one's series file lists them (blank
# lines and # comments skipped), one path per line; 1 if a folder has no
# series file.
series_patches() {
	local s p pdir
	for s in "$@"; do
		pdir=$DLCAP_TOP/kernels/patches/$s
		[ -r "$pdir/series" ] || { echo "$(basename "$0"): no $pdir/series" >&2; return 1; }
		while read -r p; do
			case "$p" in ''|'#'*) continue ;; esac
			echo "$pdir/$p"
		done < "$pdir/series"
	done
}

# patch_copy PRISTINE NEW PATCH...: NEW becomes a copy of PRISTINE with the
# patches applied in order. When one does not apply, prints its name and
# returns 1 (patch's own messages go to stderr). PRISTINE may be a symlink
# (a private DLCAP_CACHE linking the shared cache's extracted source): its
# contents are copied, never the link, so the patches never reach it.
patch_copy() {
	local pristine=$1 new=$2 p
	shift 2
	rm -rf "$new"
	mkdir -p "$new"
	cp -a --reflink=auto "$pristine/." "$new/"
	for p in "$@"; do
		patch -d "$new" -p1 --quiet --forward < "$p" >&2 || { basename "$p"; return 1; }
	done
}

# refresh_tree NEW SRC: SRC takes NEW's content, rewriting only the files
# whose content changed (stamped now: no -t), so that an out-of-tree build
# recompiles exactly those; NEW is gone afterwards.
refresh_tree() {
	if [ -d "$2" ]; then
		rsync -rlpgoD --checksum --delete "$1/" "$2/" || { rm -rf "$2"; mv "$1" "$2"; return; }
		rm -rf "$1"
	else
		mv "$1" "$2"
	fi
}

# kernel_env COMMAND...: COMMAND with the arm64 cross-compiling ARCH and
# CROSS_COMPILE in its environment (make and merge_config.sh of a kernel
# tree); nothing else sees them.
kernel_env() { env ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- "$@"; }
