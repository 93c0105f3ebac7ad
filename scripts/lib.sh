# Shared settings for dlcap scripts; sourced, not run.
# shellcheck shell=bash

DLCAP_CACHE=${DLCAP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dlcap}
# The kernel source of a variant without SOURCE= (kernels/variants/).
DLCAP_SOURCE_DEFAULT=linux-source-6.1
DLCAP_TARBALL=${DLCAP_TARBALL:-/usr/src/$DLCAP_SOURCE_DEFAULT.tar.xz}
DLCAP_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
say() { echo "[$(basename "$0" .sh)] $*" >&2; }
# usage: the running script's leading comment block (its usage: from the
# line after #! to the first line that is not a comment), "# " removed, on
# stderr; exit 2. Scripts keep their usage at the top, so it cannot drift.
usage() {
	awk 'NR == 1 && /^#!/ { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0" >&2
	exit 2
}

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

# hash_files FILE...: the first 16 hex digits of the SHA-256 of the files'
# concatenation. No file, or one that cannot be read, is an error, not the
# hash of stdin or of less than was asked for.
hash_files() {
	local f
	[ $# -gt 0 ] || die "hash_files: no files (it would hash its stdin)"
	for f in "$@"; do [ -r "$f" ] || die "hash_files: cannot read $f"; done
	cat "$@" | sha256sum | cut -c1-16
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

# The quantum mode's defaults (scripts/run-batch.sh; chosen in EXPERIMENTS.md
# section 2 from the table of quantum against wake-up latency and host cost).
QEMU_QUANTUM_DEFAULT=10000
QEMU_SHIFT_DEFAULT=0

# Host seconds per guest second to budget for: the worst host cost
# measured, about 30 (quantum mode, 8 busy vCPUs: 27.3 for the cover letter
# with emulated work, EXPERIMENTS.md section 2), doubled as a margin. A
# sweep point's budget before it is called hung (scripts/sweep.sh's
# POINT_TIMEOUT) and a boot's time estimate before any point of the sweep
# has finished (scripts/slurm-submit.sh's SLURM_TIME).
HOST_S_PER_GUEST_S=60

# qemu_dlcap_bin: where scripts/qemu-build.sh puts dlcap's QEMU (built or
# not): one build per Debian version of qemu-system-arm and patch series.
qemu_dlcap_bin() {
	local ver
	ver=$(dpkg-query -W -f='${Version}' qemu-system-arm 2>/dev/null) || ver=none
	echo "$DLCAP_CACHE/qemu/build/${ver//:/_}/${QEMU_SERIES:-quantum}/qemu-system-aarch64"
}

# qemu_bin_for TIMING: the QEMU a boot in the TIMING mode runs: QEMU_BIN, or
# dlcap's (quantum) or qemu-system-aarch64 from PATH (virtual, realtime); 2
# with one line on stderr for another mode (scripts/run-batch.sh and
# scripts/qemu-command.sh).
qemu_bin_for() {
	case "$1" in
	quantum) echo "${QEMU_BIN:-$(qemu_dlcap_bin)}" ;;
	virtual|realtime) echo "${QEMU_BIN:-qemu-system-aarch64}" ;;
	*) echo "$(basename "$0" .sh): QEMU_TIMING='$1' (want quantum|virtual|realtime)" >&2; return 2 ;;
	esac
}

# qemu_accel TIMING RATES: the TIMING mode's QEMU options, one per line:
# the quantum mode's -icount with QEMU_QUANTUM, QEMU_SHIFT and the vCPUs'
# RATES (scripts/topo.sh's TOPO_RATES), the virtual mode's with QEMU_ICOUNT,
# the realtime mode's multi-threaded TCG; 2 with one line on stderr for a
# bad QEMU_QUANTUM or QEMU_SHIFT (scripts/run-batch.sh, scripts/qemu-command.sh).
qemu_accel() {
	local quantum shift_
	case "$1" in
	quantum)
		quantum=${QEMU_QUANTUM:-$QEMU_QUANTUM_DEFAULT} shift_=${QEMU_SHIFT:-$QEMU_SHIFT_DEFAULT}
		[[ $quantum =~ ^[1-9][0-9]{0,8}$ ]] ||
			{ echo "$(basename "$0" .sh): QEMU_QUANTUM='$quantum' is not a number of ns from 1 to 999999999" >&2; return 2; }
		[[ $shift_ =~ ^([0-9]|10)$ ]] ||
			{ echo "$(basename "$0" .sh): QEMU_SHIFT='$shift_' is not 0..10" >&2; return 2; }
		printf '%s\n' -icount "shift=$shift_,sleep=off,quantum=$quantum,rates=$2" ;;
	virtual) printf '%s\n' -icount "${QEMU_ICOUNT:-shift=0,sleep=off}" ;;
	realtime) printf '%s\n' -accel tcg,thread=multi ;;
	*) qemu_bin_for "$1" > /dev/null ;;
	esac
}

# admission_limits TOPOLOGY: "CAP CPUS", the DL bandwidth limits of
# experiments/topologies/TOPOLOGY.topo in capacity-1024 CPUs: 0.95 x sum of
# capacities / 1024 (the series) and 0.95 x CPUs (before it); 0.95 is the
# default share of sched_rt_runtime_us / sched_rt_period_us.
admission_limits() {
	local vars
	vars=$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$1.topo") || return 1
	(eval "$vars"; echo "$TOPO_CAPS" | awk '{ for (i = 1; i <= NF; i++) s += $i
		printf "%.4f %.4f\n", 0.95 * s / 1024, 0.95 * NF }')
}

# csv_awk ARGS...: awk -F, with initramfs/csv.awk loaded (columns by name:
# FNR == 1 { header(); next } ... $col("name")); ARGS as for awk after -F,
# (-v ..., the program text, files).
csv_awk() {
	local pre=()
	while [ "${1:-}" = -v ]; do pre+=("$1" "$2"); shift 2; done
	awk -F, "${pre[@]}" -f "$DLCAP_TOP/initramfs/csv.awk" -f <(printf '%s\n' "$1") "${@:2}"
}

# knob_valid NAME=VALUE: whether kernels/knobs lists VALUE for knob NAME
# (the one knob check of plans and sweeps).
knob_valid() {
	case "$1" in *=*) ;; *) return 1 ;; esac
	awk -v k="${1%%=*}" -v v="${1#*=}" '
		$1 == k { for (i = 2; i <= NF; i++) if ($i == v) ok = 1 }
		END { exit !ok }' "$DLCAP_TOP/kernels/knobs"
}

# sweep_policies SWEEPFILE: "NAME KERNEL [KNOB=VALUE...]", one line per
# policy, from the one parser of sweep files (scripts/sweep.sh --policies).
sweep_policies() {
	"$DLCAP_TOP/scripts/sweep.sh" --policies "$1"
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

# manifest_host_seconds MANIFEST: the host seconds a point took, from its
# manifest.txt's "host seconds: N (...)" line (scripts/point-collect.sh), or
# nothing.
manifest_host_seconds() {
	sed -n '/^host seconds: /{s/^host seconds: \([0-9.]*\) .*/\1/p;q}' "$1"
}

# mean_host_seconds RAWDIR: the mean host seconds per point of a sweep's
# finished points (their manifests, RAWDIR/KERNEL/TOPO/POINT), or nothing.
# (No manifest yet is no mean, not a failure: cat's exit is not the pipe's.)
mean_host_seconds() {
	{ cat "$1"/*/*/*/manifest.txt 2>/dev/null || true; } |
		awk '/^host seconds: [0-9]/ { s += $3; n++ } END { if (n) printf "%.0f", s / n }'
}

# gp_str TEXT: TEXT as a gnuplot single-quoted string ('' for each ').
gp_str() { local q="'"; printf "'%s'" "${1//$q/$q$q}"; }

# plot_both OUTPREFIX PNGSIZE PDFSIZE GPFILE EXPR...: gnuplot GPFILE with
# the -e EXPRs into OUTPREFIX.png (pngcairo, Sans 10) and OUTPREFIX.pdf
# (pdfcairo, Sans 8), each renamed into place when complete. Cairo 1.16
# writes the time of day into a PDF's /CreationDate (it ignores
# SOURCE_DATE_EPOCH): replaced by a fixed date of the same length, so the
# same data give the same bytes and the xref offsets stay right.
plot_both() {
	local out=$1 png=$2 pdf=$3 gp=$4 term t e exprs=()
	shift 4
	for e in "$@"; do exprs+=(-e "$e"); done
	for term in png pdf; do
		case $term in
		png) t="pngcairo size $png font 'Sans,10'" ;;
		pdf) t="pdfcairo size $pdf font 'Sans,8'" ;;
		esac
		gnuplot -e "set terminal $t; set output '$out.$term.tmp'" "${exprs[@]}" "$gp" || return 1
		[ $term = png ] || perl -pi -e 's{/CreationDate \(D:\d{14}Z\)}{/CreationDate (D:19700101000000Z)}' "$out.$term.tmp"
		mv "$out.$term.tmp" "$out.$term"
	done
}

# expect_class_share GLOB AWKCHECK RUNDIR...: print scripts/class-share.sh's
# table of every point of each RUNDIR (one header per RUNDIR; with several
# RUNDIRs a point is labelled TOPOLOGY/POINT, TOPOLOGY being the RUNDIR's
# parent folder), and run AWKCHECK, an awk program over that table (by
# column name, csv.awk: FNR == 1 { header(); next }, $col("late_jobs"))
# that prints FAIL lines and exits non-zero, on the points whose name
# matches GLOB. A point without jobs.csv fails. Returns 1 when
# anything failed or there was no point.
expect_class_share() {
	local glob=$1 check=$2 run pt name label tab header bad=0 any=0
	shift 2
	for run in "$@"; do
		header=1
		for pt in "$run"/*/; do
			[ -d "$pt" ] || continue
			pt=${pt%/} name=${pt##*/}
			[ -r "$pt/jobs.csv" ] || { echo "FAIL $name: no jobs.csv"; bad=1; continue; }
			label=$name
			[ $# -gt 1 ] && label=$(basename "$(dirname "$run")")/$name
			tab=$("$DLCAP_TOP/scripts/class-share.sh" "$pt" "$label")
			if [ $header = 1 ]; then echo "$tab"; else echo "$tab" | tail -n +2; fi
			header=0 any=1
			# shellcheck disable=SC2254
			case $name in $glob) echo "$tab" | csv_awk "$check" || bad=1 ;; esac
		done
	done
	[ $any = 1 ] || { echo "FAIL: no points in $*"; return 1; }
	return $bad
}

# prefix_check LOGDIR LABEL PATCH...: prove every prefix of a series, the
# loop scripts/check-series.sh (Linux) and check-qemu-series.sh (QEMU)
# share. For each patch in order: the caller's checkpatch_one PATCH INDEX
# (output in LOGDIR/.checkpatch.log), apply it to $prefix_src, then the
# caller's build_one (output in LOGDIR/.build.log; non-zero: the prefix
# does not build) and, when defined, build_warnings (non-zero: the build
# is not clean). Returns 1 when any step failed; a patch that does not
# apply stops it.
prefix_check() {
	local log=$1 label=$2 n=$(($# - 2)) k=0 bad=0 p start
	shift 2
	for p in "$@"; do
		k=$((k + 1))
		if checkpatch_one "$p" "$((k - 1))" > "$log/.checkpatch.log" 2>&1; then
			say "[$k/$n] $label: clean (${p##*/})"
		else
			cat "$log/.checkpatch.log" >&2
			say "[$k/$n] $label: problems in ${p##*/}"; bad=1
		fi
		patch -d "$prefix_src" -p1 --quiet --forward < "$p" || die "[$k/$n] ${p##*/} does not apply"
		start=$(date +%s)
		if build_one > "$log/.build.log" 2>&1; then
			say "[$k/$n] builds in $(($(date +%s) - start)) s: ${p##*/}"
		else
			grep -E 'error|warning' "$log/.build.log" | head -20 >&2
			say "[$k/$n] does NOT build: ${p##*/}"; bad=1
		fi
		if declare -F build_warnings > /dev/null && ! build_warnings "$log/.build.log"; then
			say "[$k/$n] compiler warnings in ${p##*/}"; bad=1
		fi
	done
	return $bad
}
