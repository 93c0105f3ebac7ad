# dlcap's guest shell library: what initramfs/init and the guest scripts
# (experiments/tasksets/*.sh, initramfs/trace-point.sh) read of the kernel's
# DL state and of dlgen's CSV files, each in one function. POSIX sh (busybox
# sh in the guest); tests/check-guestlib.sh runs every function on the host
# (dash) on canned debugfs text.
# Load: . /usr/share/dlcap/dl.sh   (the initramfs, next to csv.awk)
# DL_DEBUGFS: where debugfs is mounted; DL_SHARE: the folder of csv.awk.
# Set either before loading to read elsewhere (the host tests do).
DL_DEBUGFS=${DL_DEBUGFS:-/sys/kernel/debug}
DL_SHARE=${DL_SHARE:-/usr/share/dlcap}

# dl_bw_max: the largest dl_bw->total_bw of any root domain, as the kernel
# prints it per CPU in sched/debug (0 without DL tasks on 6.1; on 6.12 the
# fair servers' bandwidth stays allocated; 0 without sched/debug).
dl_bw_max() {
	cat "$DL_DEBUGFS/sched/debug" 2>/dev/null |
		awk '/dl_bw->total_bw/ && (m == "" || $NF > m) { m = $NF } END { print m + 0 }'
}

# dl_bw_each: each distinct dl_bw->total_bw (one per root domain, unless two
# hold the same), sorted as text, each followed by one space.
dl_bw_each() {
	awk '/dl_bw->total_bw/ { print $NF }' "$DL_DEBUGFS/sched/debug" | sort -u | tr '\n' ' '
}

# dl_drain BASELINE TICKS: wait, in 10 ms ticks and at most TICKS of them,
# until no root domain holds more DL bandwidth than BASELINE (dl_bw_max).
# A DL task's bandwidth is released at its 0-lag time, not when it exits
# (inactive_task_timer()); on 6.12 the fair servers' stays, so BASELINE is
# what was allocated at boot or before the tasks, never 0 there.
# Exit status 1 if bandwidth above BASELINE is still allocated.
dl_drain() {
	_i=0
	while [ "$(dl_bw_max)" -gt "$1" ]; do
		[ $_i -lt "$2" ] || return 1
		usleep 10000
		_i=$((_i + 1))
	done
	return 0
}

# dl_admitted TASKS_CSV: how many tasks of dlgen's tasks.csv the kernel
# admitted (its "admitted" column, by the header's name: csv.awk). The
# program comes as a second -f on stdin, not -e, which the host's mawk lacks.
dl_admitted() {
	echo 'FNR == 1 { header(); next } $col("admitted") == 1' |
		awk -F, -f "$DL_SHARE/csv.awk" -f /dev/stdin "$1" | wc -l
}

# dl_knob FILE: the selected value of a patched kernel's policy knob, the one
# in brackets ("capacity [uniform]" gives uniform).
dl_knob() {
	sed -n 's/.*\[\(.*\)\].*/\1/p' "$1"
}

# dl_fair_servers: 6.12's fair servers, "cpu0=RUNTIME/PERIOD cpu1=..." in
# ns, CPU by CPU; nothing before 6.12, which has none.
dl_fair_servers() {
	_fs=$DL_DEBUGFS/sched/fair_server _i=0 _s=""
	while [ -d "$_fs/cpu$_i" ]; do
		_s="$_s cpu$_i=$(cat "$_fs/cpu$_i/runtime")/$(cat "$_fs/cpu$_i/period")"
		_i=$((_i + 1))
	done
	echo "${_s# }"
}

# dl_try_write LABEL VALUE FILE ERRFILE: write VALUE to FILE (a CPU's online,
# a knob) and print "LABEL: allowed", or "LABEL: refused: MESSAGE" with the
# shell's error (kept in ERRFILE) after its last ": ". Exit status the write's.
dl_try_write() {
	if echo "$2" 2> "$4" > "$3"; then
		echo "$1: allowed"
	else
		echo "$1: refused: $(sed 's/.*: //' "$4")"
		return 1
	fi
}

# dl_overruns TRACEDIR: "cpuN COUNT" per CPU of an ftrace buffer (the top
# level or an instance), the events it lost to a full buffer.
dl_overruns() {
	for _c in "$1"/per_cpu/cpu*; do
		[ -e "$_c/stats" ] || continue
		echo "${_c##*/} $(awk '$1 == "overrun:" { print $2 }' "$_c/stats")"
	done
}
