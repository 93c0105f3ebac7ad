# Share of each task instance's jobs per CPU, stacked; LITTLE CPUs in blues,
# big CPUs in reds.  Variables: data (placement.csv), out (prefix),
# ncpu, caps (string "c0 c1 ..."), title.
set datafile separator ","
set datafile columnheaders
set style data histograms
set style histogram rowstacked
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.75
set yrange [0:1.05]
set ylabel "share of jobs started on CPU"
set xlabel "task instance"
set xtics rotate by -30 nomirror
set key outside right top title "CPU (capacity)"
set grid ytics
set title title noenhanced
little(i) = sprintf("#%02x%02x%02x", 40 + 30 * (i % 4), 90 + 30 * (i % 4), 200)
big(i) = sprintf("#%02x%02x%02x", 200, 60 + 35 * (i % 4), 40 + 20 * (i % 4))
color(i) = (word(caps, i + 1) + 0 < 1024) ? little(i) : big(i)
label(i) = sprintf("cpu%d (%s)", i, word(caps, i + 1))
plot for [i = 0:ncpu - 1] data using (column(4 + i)):xtic(1) \
	title label(i) lc rgb color(i)
