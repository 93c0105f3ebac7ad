# Tardiness against time (scripts/growth.sh): a panel per policy, a line per
# point, each the point's worst task (largest max tardiness over the last
# third of the run). Variables:
#   file    gnuplot data: one block (index) per point, columns t_s, tardiness
#   pols    "p1 p2 ..." the policies, a panel each
#   first   "i1 i2 ..." the first block of each policy's points
#   last    "j1 j2 ..." the last block of each policy's points
#   names   "n0 n1 ..." the legend of block 0, 1, ... (u, seed: label)
#   title   caption
set grid
set key inside left top vertical noenhanced spacing 1.0 font ",8" opaque box
set xlabel "time since the first release (s, guest)"
set ylabel "tardiness / period (lateness clipped at 0)"
set yrange [0:*]
set offsets 0, 0, graph 0.05, 0
np = words(pols)
set multiplot layout 1, np title title noenhanced
do for [p = 1:np] {
	set title word(pols, p) noenhanced
	f = int(word(first, p)); l = int(word(last, p))
	plot for [i = f:l] file index i using 1:2 with lines lw 1.2 lc (i - f + 1) title word(names, i + 1)
}
unset multiplot
