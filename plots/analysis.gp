# A sweep's kernel policies beside the host references (scripts/analysis-plot.sh):
# one panel per x axis, points are means over task sets, bars 95% nested
# bootstrap percentile intervals over sets. Variables:
#   kind   tardiness | primary
#   file   plot.csv (scripts/analysis-stats.sh)   topo   the topology
#   pols   "p1 p2 ..." kernel policies, then the references gedf ffd bfd
#   title  caption (n and the interval method)
#   capw   0.95 x capacity in offered-U units (work = reservation / 1.1)
#   capr   0.95 x capacity in reservation units (admitted bandwidth)
#   floor  where a mean of 0 is drawn on the log axis
set datafile separator ","
set datafile columnheaders
set grid
# one key for both panels, under them, where no curve is
set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 5 noenhanced font ",9" width 1 box
set bmargin 8
set style line 1 lc rgb "#d62728" lw 2 pt 7 ps 0.8
set style line 2 lc rgb "#1f77b4" lw 2 pt 5 ps 0.8
set style line 3 lc rgb "#2ca02c" lw 2 pt 9 ps 0.9
set style line 4 lc rgb "#9467bd" lw 2 pt 11 ps 0.9
set style line 5 lc rgb "#000000" lw 1.5 pt 6 ps 0.8 dt 2
set style line 6 lc rgb "#7f7f7f" lw 1.5 pt 4 ps 0.8 dt 3
set style line 7 lc rgb "#bcbd22" lw 1.5 pt 8 ps 0.8 dt 4
np = words(pols)
# a policy's rows: column 1 is the policy, 2 the topology
sel(p, v) = (strcol(1) eq p && strcol(2) eq topo) ? v : NaN
label(p) = p eq "gedf" ? "ideal global EDF (host)" : p eq "ffd" ? "partitioned EDF, FFD (host)" : p eq "bfd" ? "partitioned EDF, BFD (host)" : p
if (kind eq "tardiness") {
	ycol = 5; lcol = 6; hcol = 7
	set logscale y
	set yrange [floor * 0.7:*]
	set ylabel sprintf("max tardiness / period (mean over sets; 0 drawn at %g)", floor)
	clamp(v) = v > floor ? v : floor
} else {
	ycol = 8; lcol = 9; hcol = 10
	unset logscale y
	set yrange [0:1.05]
	set ylabel "offered work done by its deadline (fraction)"
	clamp(v) = v
}
set multiplot layout 1, 2 title title noenhanced
set xlabel "offered U (sum of run / period, capacity-1024 CPUs)"
set title topo . ": against offered U" noenhanced
set arrow 1 from capw, graph 0 to capw, graph 1 nohead dt 2 lw 1.5 lc rgb "#000000" front
set label 1 "admission limit" at capw, graph 0.03 right offset -0.5, 0 font ",8" front
plot for [i = 1:np] file using (sel(word(pols, i), column(3))):(clamp(column(ycol))):(clamp(column(lcol))):(clamp(column(hcol))) \
	with yerrorlines ls i title label(word(pols, i))
set xlabel "admitted bandwidth (sum of DL runtime / DL period)"
set title topo . ": against admitted bandwidth" noenhanced
unset key
set arrow 1 from capr, graph 0 to capr, graph 1 nohead dt 2 lw 1.5 lc rgb "#000000" front
set label 1 "admission limit" at capr, graph 0.03 right offset -0.5, 0 font ",8" front
plot for [i = 1:np] file using (sel(word(pols, i), column(4))):(clamp(column(ycol))):(clamp(column(lcol))):(clamp(column(hcol))) \
	with yerrorlines ls i title label(word(pols, i))
unset multiplot
