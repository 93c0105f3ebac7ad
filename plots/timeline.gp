# Which task ran on which CPU over time: one bar per job from its start to
# its end on the CPU it started on; late jobs end in a black cross.
# Variables: data (timeline.csv: task_index,task,cpu,start_ms,end_ms,late),
#   ncpu, caps ("c0 c1 ..."), ntask, names ("task/instance" by index),
#   title, t0, t1 (ms)
set datafile separator ","
set datafile columnheaders
set title title noenhanced
set xlabel "time since the first release (ms)"
set ylabel "CPU (capacity)"
set xrange [t0:t1]
set yrange [-0.6:ncpu - 0.4]
set ytics 1
set for [i = 0:ncpu - 1] ytics add (sprintf("cpu%d (%s)", i, word(caps, i + 1)) i)
set grid xtics
set key outside right top noenhanced
set palette model HSV defined (0 0 0.75 0.9, 1 0.85 0.75 0.9)
set cbrange [0:ntask > 1 ? ntask - 1 : 1]
unset colorbox
plot for [i = 0:ntask - 1] data using ($1 == i ? $4 : NaN):3:($5 - $4):(0) \
	with vectors nohead lw 9 lc palette cb i title word(names, i + 1), \
     data using ($6 > 0 ? $5 : NaN):3 with points pt 2 ps 1 lc rgb "black" title "late job end"
