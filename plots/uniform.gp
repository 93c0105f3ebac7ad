# dl_admission=uniform against capacity on one topology (scripts/plot-uniform.sh).
# Left: each admitted set's slack against the uniform-multiprocessor
# condition by reservation (feasibility.csv's slack_res, CPUs; below 0 no
# scheduler can give every task its runtime by every deadline), one point
# per set, the two policies side by side at each U. Right: the mean
# admitted bandwidth per U (uniform-bw.csv) under capacity, under uniform,
# under the condition without the margin, and as offered. Variables:
#   feas   feasibility.csv (filtered to the topology by the caller)
#   bw     uniform-bw.csv (likewise), its rows sorted by policy and U and
#          a blank line between policies: a gnuplot block (index) each,
#          in the order offered, capacity, condition, uniform
#   title  caption
set datafile separator ","
set datafile columnheaders
set grid
set key top right
set multiplot layout 1, 2 title title noenhanced
set title "slack of each admitted set against the condition"
set xlabel "offered U (capacity-1024 CPUs)"
set ylabel "slack by reservation (CPUs; < 0: infeasible)"
set xzeroaxis lt -1 lw 1.5
pick(p) = strcol("policy") eq p
plot feas using (pick("capacity") ? column("u") - 0.07 : NaN):(column("slack_res")) \
		with points pt 7 ps 0.7 lc rgb "#d62728" title "capacity", \
	feas using (pick("uniform") ? column("u") + 0.07 : NaN):(column("slack_res")) \
		with points pt 5 ps 0.7 lc rgb "#1f77b4" title "uniform"
set title "mean admitted bandwidth over the sets of each U"
set ylabel "DL runtime / period admitted (CPUs)"
unset xzeroaxis
set key top left
plot bw index 0 using "u":"admitted_bw" with linespoints dt 2 lc rgb "#7f7f7f" pt 1 title "offered", \
	bw index 1 using "u":"admitted_bw" with linespoints lc rgb "#d62728" pt 7 title "capacity", \
	bw index 2 using "u":"admitted_bw" with linespoints dt 3 lc rgb "#2ca02c" pt 9 title "the condition, no margin", \
	bw index 3 using "u":"admitted_bw" with linespoints lc rgb "#1f77b4" pt 5 title "uniform (x 0.95)"
unset multiplot
