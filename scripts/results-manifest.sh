#!/bin/bash
# The identity of what produced a committed result: results/EXP/build.txt
# (commit, Debian package versions, QEMU) and results/EXP/manifest.csv (one
# row per point: jobs.csv SHA-256, every input of its boot and dlgen's
# version; host_s, the host seconds the point took, last: what it cost,
# not an input), for EXP a row of results/index.csv.
# A row's inputs are its manifest.txt's "input NAME: VALUE" lines, the text
# its point key hashed (scripts/point-keys.sh), read by name, in their
# order: a column NAME per input, or NAME_sha256 (16 hex digits of the
# value's SHA-256) for a value with a space or comma (the QEMU command line
# with IMAGE, INITRD, DTB for where those files were). A manifest whose
# lines do not give its .point-key is refused.
# Usage: scripts/results-manifest.sh EXPERIMENT [OUTDIR]
#   OUTDIR defaults to results/EXPERIMENT (scripts/reproduce.sh writes
#   elsewhere to compare).
# Exit status: 0; 2 bad usage or a manifest.txt that is not a point's.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
[ $# -ge 1 ] || usage
exp=$1 out=${2:-$DLCAP_TOP/results/$1}
row=$(csv_awk -v e="$exp" 'FNR == 1 { header(); next } $col("experiment") == e { print $col("raw") }' \
	"$DLCAP_TOP/results/index.csv")
[ -n "$row" ] || { echo "results-manifest: no experiment '$exp' in results/index.csv" >&2; exit 2; }
mkdir -p "$out"
# point_row MANIFEST: "NAMES VALUES" of the manifest's inputs and dlgen, each
# a comma-separated list; 2 with one line naming what is wrong
point_row() {
	local m=$1 l name value names= values= key
	key=$(cat "${m%/manifest.txt}/.point-key" 2>/dev/null) ||
		{ echo "results-manifest: $m: no .point-key beside it" >&2; return 2; }
	[ "$({ grep '^input ' "$m"; grep -m1 '^point: ' "$m"; } | sha256sum | cut -c1-16)" = "$key" ] ||
		{ echo "results-manifest: $m: its input and point lines do not give its point key $key (no input lines: an older runner's; rerun it)" >&2; return 2; }
	while IFS= read -r l; do
		name=${l%%: *} value=${l#*: }
		name=${name#input }
		case "$value" in
		*[\ ,]*|'') name=${name}_sha256 value=$(printf '%s' "$value" | hash_files /dev/stdin) ;;
		esac
		names+=,$name values+=,$value
	done < <(grep '^input ' "$m")
	value=$(sed -n 's/^dlgen: //p' "$m")
	case "$value" in ''|*[\ ,]*) echo "results-manifest: $m: dlgen: '$value' is not one word" >&2; return 2 ;; esac
	echo "${names#,},dlgen ${values#,},$value"
}
cd "$DLCAP_TOP"
header=
for d in $row; do
	[ -d "$d" ] || continue
	for m in "$d"/*/manifest.txt; do
		[ -r "$m" ] || continue
		p=${m%/manifest.txt}
		r=$(point_row "$m") || exit 2
		read -r names values <<< "$r"
		# every row the same columns: a point of another runner is not comparable
		[ -n "$header" ] || { header=$names first=$m; }
		[ "$names" = "$header" ] ||
			{ echo "results-manifest: $m: inputs $names, not those of $first ($header)" >&2; exit 2; }
		js=-
		[ -r "$p/jobs.csv" ] && js=$(hash_files "$p/jobs.csv")
		# what the point cost the host (scripts/budget.sh), not an input
		hs=$(manifest_host_seconds "$m")
		echo "$exp,${p#results/raw/},$js,$values,${hs:--}"
	done
done > "$out/manifest.csv.tmp"
{ echo "experiment,point,jobs_sha256${header:+,$header},host_s"; LC_ALL=C sort "$out/manifest.csv.tmp"; } > "$out/manifest.csv"
rm "$out/manifest.csv.tmp"
ver() { dpkg-query -W -f '${Version}' "$1" 2>/dev/null || echo none; }
{
	# the commit of the code; results/ is what the run itself rewrites
	echo "commit: $(git -C "$DLCAP_TOP" rev-parse HEAD 2>/dev/null || echo unknown)$(git -C "$DLCAP_TOP" diff --quiet HEAD -- . ':!results' 2>/dev/null || echo ' (with uncommitted changes outside results/)')"
	# the tree of each kernel the points booted (kernels/variants/*: SOURCE=);
	# a raw folder that a later target of the experiment makes is not there yet
	kernels=$(cd "$DLCAP_TOP" && for d in $row; do cat "$d"/*/manifest.txt 2> /dev/null || :; done |
		sed -n 's/^kernel: \([^ ]*\) .*/\1/p' | sort -u)
	for k in ${kernels:-stock}; do
		variant_source "$k" 2> /dev/null || echo "$DLCAP_SOURCE_DEFAULT"
	done | sort -u | while read -r s; do echo "$s: $(ver "$s")"; done
	echo "gcc-aarch64-linux-gnu: $(ver gcc-aarch64-linux-gnu) (gcc-12-aarch64-linux-gnu $(ver gcc-12-aarch64-linux-gnu))"
	sed 's/^\([^ ]*\) /\1:arm64 (guest sysroot): /' "$DLCAP_CACHE/sysroot-arm64/.dlcap-versions" 2>/dev/null || true
	echo "qemu-system-arm (Debian's, the virtual mode): $(ver qemu-system-arm)"
	echo "dlcap's QEMU (the quantum mode): source $(ver qemu-system-arm), patches qemu/patches/quantum sha256 $(hash_files "$DLCAP_TOP"/qemu/patches/quantum/*.patch)"
	echo "points: $(($(wc -l < "$out/manifest.csv") - 1)) (manifest.csv: per point, jobs.csv and every input's SHA-256, 16 hex digits)"
} > "$out/build.txt"
