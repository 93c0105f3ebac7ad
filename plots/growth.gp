# Tardiness against time (scripts/growth.sh): a panel per (topology,
# policy, U), a line per point, each the point's worst task (largest max
# tardiness over the last third of the run). A point's colour is its
# seed's (the same in every panel: the policies run the same sets; at
# another U a seed is another set), its dash the point's label (solid
# growing, dashed bounded, dotted inconclusive), which may be another
# task's than the one drawn; one key of the seeds, under the panels. Variables:
#   file    gnuplot data: one block (index) per point, columns t_s, tardiness
#   titles  "t1 t2 ..." each panel's title (quoted words)
#   first   "i1 i2 ..." the first block of each panel's points
#   last    "j1 j2 ..." the last block of each panel's points
#   kinds   "k0 k1 ..." block 0, 1, ...: its label
#   colours "c0 c1 ..." block 0, 1, ...: its set's colour (1, 2, ...)
#   names   "n1 n2 ..." set 1, 2, ...: its name in the key
#   rows, cols  the panels' grid
#   title   caption
set grid
unset key
set yrange [0:*]
set offsets 0, 0, graph 0.05, 0
np = words(titles)
nsets = words(names)
dtk(k) = k eq "growing" ? 1 : k eq "bounded" ? 2 : 3
# distinct colours for up to 10 sets
array pal[10] = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
col(i) = pal[(i - 1) % 10 + 1]
bm = 120.0 / (rows * 260 + 200)
# panels placed by hand (a layout would put the key's strip in a slot)
top = 0.06
ph = (1.0 - top - bm) / rows
pw = 1.0 / cols
set multiplot title title noenhanced
do for [p = 1:np] {
	set origin ((p - 1) % cols) * pw, bm + (rows - 1 - int((p - 1) / cols)) * ph
	set size pw, ph
	set title word(titles, p) noenhanced
	set xlabel (p > np - cols ? "time since the first release (s, guest)" : "")
	set ylabel ((p - 1) % cols == 0 ? "tardiness / period" : "")
	f = int(word(first, p)); l = int(word(last, p))
	plot for [i = f:l] file index i using 1:2 with lines lw 1.5 lc rgb col(int(word(colours, i + 1))) dt dtk(word(kinds, i + 1)) notitle
}
# the key of the sets: a plot of nothing across the bottom strip
set origin 0, 0
set size 1, bm * 0.6
unset border; unset tics; unset xlabel; unset ylabel; unset title; unset grid
set xrange [0:1]; set yrange [0:1]
set key center center horizontal maxrows 1 noenhanced font ",9" box
plot for [c = 1:nsets] NaN with lines lw 1.5 lc rgb col(c) title word(names, c)
unset multiplot
