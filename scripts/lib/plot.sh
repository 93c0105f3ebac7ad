# gnuplot figures with reproducible bytes.
# Sourced after scripts/lib.sh, not run.
# shellcheck shell=bash

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
