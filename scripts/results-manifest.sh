#!/bin/bash
# The identity of what produced a committed result: results/EXP/build.txt
# (commit, Debian package versions, QEMU) and results/EXP/manifest.csv (one
# row per point: jobs.csv SHA-256 and the hashes of every input of its
# boot, from the point's manifest.txt; host_s, the host seconds it took),
# for EXP a row of results/index.csv.
# Usage: scripts/results-manifest.sh EXPERIMENT [OUTDIR]
#   OUTDIR defaults to results/EXPERIMENT (scripts/reproduce.sh writes
#   elsewhere to compare).
set -eu
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
exp=$1 out=${2:-$DLCAP_TOP/results/$1}
row=$(awk -F, -v e="$exp" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["experiment"] == e { print $c["raw"] }' "$DLCAP_TOP/results/index.csv")
[ -n "$row" ] || { echo "results-manifest: no experiment '$exp' in results/index.csv" >&2; exit 2; }
mkdir -p "$out"
# field FILE LABEL WORD: the WORD-th word after "LABEL" on its line of a manifest.txt
field() { sed -n "s/^$2 //p" "$1" | head -1 | tr ' ' '\n' | sed -n "${3}p"; }
{
	echo "experiment,point,jobs_sha256,image_sha256,config_sha256,initramfs_sha256,dtb_sha256,staged_inputs_sha256,qemu_sha256,timing,command_sha256,dlgen,host_s"
	cd "$DLCAP_TOP"
	for d in $row; do
		[ -d "$d" ] || continue
		for m in "$d"/*/manifest.txt; do
			[ -r "$m" ] || continue
			p=${m%/manifest.txt}
			js=-
			[ -r "$p/jobs.csv" ] && js=$(hash_files "$p/jobs.csv")
			# the QEMU command line with paths cut to file names (the
			# cache folder is the machine's): options, memory, append
			cmd=$(sed -n 's/^command: //p' "$m" | tr ' ' '\n' | sed 's|.*/||' | hash_files /dev/stdin)
			# what the point cost the host (scripts/budget.sh), not an input
			hs=$(sed -n 's/^host seconds: \([0-9.]*\) .*/\1/p' "$m" | head -1)
			printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$exp" "${p#results/raw/}" "$js" \
				"$(field "$m" kernel: 4)" "$(field "$m" kernel: 7)" \
				"$(field "$m" 'initramfs sha256:' 1)" "$(sed -n 's/^topology: .* dtb sha256 //p' "$m")" \
				"$(sed -n 's/^staged inputs sha256: //p' "$m")" \
				"$(sed -n 's/^qemu: .*sha256 //p' "$m")" "$(field "$m" timing: 1)" "$cmd" "$(field "$m" dlgen: 1)" "${hs:--}"
		done
	done | LC_ALL=C sort
} > "$out/manifest.csv.tmp"
mv "$out/manifest.csv.tmp" "$out/manifest.csv"
ver() { dpkg-query -W -f '${Version}' "$1" 2>/dev/null || echo none; }
{
	# the commit of the code; results/ is what the run itself rewrites
	echo "commit: $(git -C "$DLCAP_TOP" rev-parse HEAD 2>/dev/null || echo unknown)$(git -C "$DLCAP_TOP" diff --quiet HEAD -- . ':!results' 2>/dev/null || echo ' (with uncommitted changes outside results/)')"
	echo "linux-source-6.1: $(ver linux-source-6.1)"
	echo "gcc-aarch64-linux-gnu: $(ver gcc-aarch64-linux-gnu) (gcc-12-aarch64-linux-gnu $(ver gcc-12-aarch64-linux-gnu))"
	sed 's/^\([^ ]*\) /\1:arm64 (guest sysroot): /' "$DLCAP_CACHE/sysroot-arm64/.dlcap-versions" 2>/dev/null
	echo "qemu-system-arm (Debian's, the virtual mode): $(ver qemu-system-arm)"
	echo "dlcap's QEMU (the quantum mode): source $(ver qemu-system-arm), patches qemu/patches/quantum sha256 $(hash_files "$DLCAP_TOP"/qemu/patches/quantum/*.patch)"
	echo "points: $(($(wc -l < "$out/manifest.csv") - 1)) (manifest.csv: per point, jobs.csv and every input's SHA-256, 16 hex digits)"
} > "$out/build.txt"
