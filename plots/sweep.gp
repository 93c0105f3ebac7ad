# The sweep figures, one style for all: points are means over seeds,
# error bars 95% confidence intervals (table.csv). Variables:
#   kind   tardiness | acceptance | missratio | share
#   dir    the sweep's results folder (table.csv, shares.csv)
#   topos  "t1 t2 ..."  pols "p1 p2 ..."  title
#   limits "cap1 cpus1 cap2 cpus2 ..." admission limits per topology
#          (0.95 x sum of capacities / 1024, 0.95 x CPUs)
#   fits   three words per topology: the fit thresholds cap/1024 of its
#          smaller capacity classes, 0 for none (share plot)
set datafile separator ","
set datafile columnheaders
set grid
set key top left noenhanced
set style line 1 lc rgb "#d62728" lw 2 pt 7 ps 0.6
set style line 2 lc rgb "#1f77b4" lw 2 pt 5 ps 0.6
set style line 3 lc rgb "#2ca02c" lw 2 pt 9 ps 0.7
set style line 4 lc rgb "#9467bd" lw 2 pt 11 ps 0.7
set style line 5 lc rgb "#ff7f0e" lw 2 pt 13 ps 0.7
set style line 6 lc rgb "#8c564b" lw 2 pt 3 ps 0.7
np = words(pols)
nt = words(topos)
set multiplot layout 1, nt title title noenhanced
do for [t = 1:nt] {
	topo = word(topos, t)
	capl = word(limits, 2 * t - 1) + 0
	cpul = word(limits, 2 * t) + 0
	set title topo noenhanced
	unset arrow
	if (kind eq "tardiness" || kind eq "missratio") {
		set arrow 1 from capl, graph 0 to capl, graph 1 nohead dt 2 lw 1.5 lc rgb "#000000" front
		set arrow 2 from cpul, graph 0 to cpul, graph 1 nohead dt 3 lw 1.5 lc rgb "#000000" front
		set label 1 "capacity limit" at capl, graph 0.97 right offset -0.5, 0 font ",8"
		set label 2 "cpus limit" at cpul, graph 0.97 right offset -0.5, 0 font ",8"
		set xlabel "admitted DL bandwidth (capacity-1024 CPUs)"
		set xrange [0:cpul * 1.08]
	}
	if (kind eq "tardiness") {
		set ylabel "p99 (solid) and max (dashed) tardiness / period"
		set yrange [0:*]
		plot for [i = 1:np] dir."/table.csv" \
			using (strcol(1) eq topo && strcol(2) eq word(pols, i) ? $5 : NaN):13:14 \
			with yerrorlines ls i title word(pols, i), \
		     for [i = 1:np] dir."/table.csv" \
			using (strcol(1) eq topo && strcol(2) eq word(pols, i) ? $5 : NaN):11 \
			with lines ls i dt 2 notitle
	}
	if (kind eq "missratio") {
		set ylabel "deadline-miss ratio (late jobs / jobs)"
		set yrange [0:*]
		plot for [i = 1:np] dir."/table.csv" \
			using (strcol(1) eq topo && strcol(2) eq word(pols, i) ? $5 : NaN):9:10 \
			with yerrorlines ls i title word(pols, i)
	}
	if (kind eq "acceptance") {
		unset label
		set xlabel "offered utilization U (capacity-1024 CPUs)"
		set ylabel "acceptance ratio (admitted / offered bandwidth)"
		set yrange [0:1.05]
		set xrange [0:*]
		plot for [i = 1:np] dir."/table.csv" \
			using (strcol(1) eq topo && strcol(2) eq word(pols, i) ? $3 : NaN):7:8 \
			with yerrorlines ls i title word(pols, i)
	}
	if (kind eq "share") {
		unset label
		set xlabel "task density (DL runtime / deadline)"
		set ylabel "share of run time on the biggest CPUs"
		set yrange [-0.05:1.05]
		set xrange [0:*]
		do for [f = 1:3] {
			x = word(fits, 3 * (t - 1) + f) + 0
			if (x > 0) {
				set arrow f from x, graph 0 to x, graph 1 nohead dt 2 lc rgb "#444444"
			}
		}
		set key outside top center horizontal
		plot for [i = 1:np] dir."/shares.csv" \
			using (strcol(1) eq topo && strcol(2) eq word(pols, i) && $8 == 1024 ? $7 : NaN):9 \
			with points ls i title word(pols, i)
	}
}
unset multiplot
