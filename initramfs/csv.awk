# csv.awk: CSV columns by their header's names, for awk programs loaded
# after it (awk -F, -f initramfs/csv.awk -f prog.awk, or -f csv.awk '...'
# via lib.sh's csv_awk). The guest's file (in the initramfs as
# /usr/share/dlcap/csv.awk, for guest scripts), which the host's scripts
# load from here: editing a host script never rebuilds the initramfs. In the program: FNR == 1 { header(); next }, then
# $col("admitted"). A name the file's header lacks stops the program with
# "FILE: no column NAME" (exit 2) instead of reading the wrong column; awk
# still runs END blocks after that exit, so callers use the output only on
# success (they write a .tmp and rename it).
function header(i) {
	for (i = 1; i <= NF; i++)
		CSV_COL[FILENAME SUBSEP $i] = i
}
function col(name) {
	if (!((FILENAME SUBSEP name) in CSV_COL)) {
		printf "%s: no column %s\n", FILENAME, name > "/dev/stderr"
		exit 2
	}
	return CSV_COL[FILENAME SUBSEP name]
}
