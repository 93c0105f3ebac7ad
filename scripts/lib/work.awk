# work.awk: the primary metric's counting rule (EXPERIMENTS.md section 24),
# one copy for every script that counts it (scripts/sweep-aggregate.sh,
# scripts/fsoff-table.sh). Load it with csv_awk -f before the program; it
# uses csv.awk's col().
# A point's offered work is every job its task set releases in the run:
# releases at offset + k x period before the duration (the first one period
# after the start for a timer-first task, scripts/lib/tasksets.sh), refused
# tasks' included; its met work that of the jobs ended by their deadline
# and not cut.
# work_set(U, SEED, DUR): on a row of scripts/lib/tasksets.sh's
#   taskset_rows, keep the task if the row is set uU-sSEED's: WORK_IN[task],
#   WORK_RUN[task] (ns of work per job), WORK_REL[task] (jobs released in
#   DUR ns)
# work_offered(TASK): the work TASK's set releases in the run
# work_met(): on a jobs.csv row, its task's work if the job met its
#   deadline and was not cut, else 0
function work_set(u, seed, dur,   t, o) {
	if ($col("u") != u || $col("seed") != seed)
		return
	t = $col("task"); WORK_IN[t] = 1; WORK_RUN[t] = $col("run_ns")
	o = $col("offset_ns")
	WORK_REL[t] = o < dur ? int((dur - 1 - o) / $col("period_ns")) + 1 : 0
}
function work_offered(t) { return WORK_REL[t] * WORK_RUN[t] }
function work_met() { return $col("lateness_ns") <= 0 && $col("cut") == 0 ? WORK_RUN[$col("task")] : 0 }
