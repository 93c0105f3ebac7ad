# The core of dlcap's scripts: paths, messages, usage, hashing and CSV by
# name; sourced, not run. Each other concern is a file of scripts/lib/,
# sourced by the scripts that use it after this one:
#   kernel.sh  variants' tarballs, Images, series, kernel_env (ARCH)
#   qemu.sh    dlcap's QEMU and each timing mode's options
#   budget.sh  host seconds per guest second, points' host seconds
#   policy.sh  sweep policies, kernels/knobs, admission limits
#   plot.sh    gnuplot figures with reproducible bytes
#   expect.sh  class-share expectations of expect-*.sh
#   prefix.sh  every prefix of a patch series checked and built
#   initrd.sh  the initramfs plus one guest binary, for one experiment
# (tests/check-libs.sh checks that a script sources the file of every
# function it calls.)
# shellcheck shell=bash

DLCAP_CACHE=${DLCAP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dlcap}
DLCAP_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# die MESSAGE: "SCRIPT.sh: MESSAGE" on stderr, exit 1: the run failed.
# bad MESSAGE: the same line, exit 2: bad usage or bad input, MESSAGE one
# line naming the field and where it is (bad "$f:$n: no capacities line").
die() { echo "$(basename "$0"): $*" >&2; exit 1; }
bad() { echo "$(basename "$0"): $*" >&2; exit 2; }
say() { echo "[$(basename "$0" .sh)] $*" >&2; }

# usage: the running script's leading comment block (its usage: from the
# line after #! to the first line that is not a comment), "# " removed, on
# stderr; exit 2. Scripts keep their usage at the top, so it cannot drift.
usage() {
	awk 'NR == 1 && /^#!/ { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0" >&2
	exit 2
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

# csv_awk ARGS...: awk -F, with initramfs/csv.awk loaded (columns by name:
# FNR == 1 { header(); next } ... $col("name")); ARGS as for awk after -F,
# (-v ..., the program text, files); -f FILE loads an awk library too
# (scripts/lib/*.awk), before the program.
csv_awk() {
	local pre=()
	while [ "${1:-}" = -v ] || [ "${1:-}" = -f ]; do pre+=("$1" "$2"); shift 2; done
	awk -F, "${pre[@]}" -f "$DLCAP_TOP/initramfs/csv.awk" -f <(printf '%s\n' "$1") "${@:2}"
}
