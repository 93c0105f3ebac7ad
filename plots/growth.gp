# Tardiness against time (scripts/growth.sh): a panel per policy, a line per
# point, each the point's worst task (largest max tardiness over the last
# third of the run). A point's colour is its set's (the same in every
# panel: the policies run the same sets), its dash its label
# (solid growing, dashed bounded, dotted inconclusive); one key, under the
# panels. Variables:
#   file    gnuplot data: one block (index) per point, columns t_s, tardiness
#   pols    "p1 p2 ..." the policies, a panel each
#   glabels "l1 l2 ..." each policy's label (growth.csv)
#   first   "i1 i2 ..." the first block of each policy's points
#   last    "j1 j2 ..." the last block of each policy's points
#   names   "n0 n1 ..." block 0, 1, ...: its set (u, seed)
#   kinds   "k0 k1 ..." block 0, 1, ...: its label
#   colours "c0 c1 ..." block 0, 1, ...: its set's colour (1, 2, ...)
#   title   caption
set grid
set key at screen 0.5, screen 0.01 center bottom horizontal noenhanced font ",9" box
set yrange [0:*]
set offsets 0, 0, graph 0.05, 0
np = words(pols)
rows = np > 3 ? 2 : 1
cols = int((np + rows - 1) / rows)
dtk(k) = k eq "growing" ? 1 : k eq "bounded" ? 2 : 3
set multiplot layout rows, cols title title noenhanced margins 0.07, 0.98, 0.2, 0.88 spacing 0.05, 0.12
do for [p = 1:np] {
	set title word(pols, p) . ": " . word(glabels, p) noenhanced
	set xlabel (p > np - cols ? "time since the first release (s, guest)" : "")
	set ylabel ((p - 1) % cols == 0 ? "tardiness / period" : "")
	f = int(word(first, p)); l = int(word(last, p))
	if (p == 1) {
		plot for [i = f:l] file index i using 1:2 with lines lw 1.5 lc int(word(colours, i + 1)) dt dtk(word(kinds, i + 1)) \
			title word(names, i + 1)
	} else {
		plot for [i = f:l] file index i using 1:2 with lines lw 1.5 lc int(word(colours, i + 1)) dt dtk(word(kinds, i + 1)) notitle
	}
}
unset multiplot
