#!/bin/bash
# Aggregate a sweep's points into tidy CSV files.
# Usage: scripts/sweep-aggregate.sh SWEEPFILE OUTDIR
# Reads the points that results/raw/sweeps/NAME/index.csv lists (written by
# scripts/sweep.sh; results/ is $DLCAP_RESULTS when set), every CSV by its
# columns' names (initramfs/csv.awk), and writes
#   OUTDIR/points.csv  one row per point: topology, policy, kernel, u, seed,
#       tasks, admitted_tasks, offered_bw, admitted_bw (sum of DL runtime /
#       period), acceptance (admitted/offered bw), jobs, late_jobs,
#       miss_ratio, max_tard, p99_tard, mean_tard (lateness clipped at 0 and
#       divided by the task's period, over every job of the admitted tasks),
#       status (ok, or failed: see the point's FAILED file), replicate,
#       offered_work_ns (the work of every job the set releases in the run,
#       refused tasks' included: releases at offset + k x period before the
#       duration, scripts/lib/tasksets.sh), met_work_ns (the work of the
#       jobs that ended by their deadline), work_frac (met / offered: the
#       primary metric of issue 32; a job released but never started, as
#       an overloaded task's last ones, counts as offered and not met)
#   OUTDIR/table.csv   per (topology, policy, u): seeds (n) and, for
#       admitted_bw, acceptance, miss_ratio, max_tard and p99_tard, the mean
#       and the half-width of its 95% confidence interval over seeds
#       (Student's t with n - 1 degrees of freedom; 0 when n = 1):
#       scripts/sweep-table.sh
#   OUTDIR/shares.csv  one row per admitted task instance and capacity
#       class: topology, policy, u, seed, task, instance, density, capacity,
#       share (of the instance's busy time spent on CPUs of that capacity),
#       replicate
#   OUTDIR/boots.csv   the host wall time of the boots per plan run, from
#       each run-batch OUTDIR's run.txt (scripts/boot-seconds.sh; only the
#       boots made on this host: a checkpoint does not carry run.txt)
# Failed or missing points are left out of table.csv and said on stderr.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/tasksets.sh"
file=${1:?usage: sweep-aggregate.sh SWEEPFILE OUTDIR} out=${2:?usage: sweep-aggregate.sh SWEEPFILE OUTDIR}
name=$(basename "$file" .sweep)
raw=${DLCAP_RESULTS:-$DLCAP_TOP/results}/raw/sweeps/$name
[ -d "$raw" ] || die "no results for sweep $name in $raw (run it first)"
mkdir -p "$out"

[ -r "$raw/index.csv" ] || die "no $raw/index.csv (run scripts/sweep.sh first)"

# temporary files of this run only (a tables job and a resubmission may
# aggregate the same sweep at once)
ptmp=$(mktemp "$out/.points.XXXXXX") stmp=$(mktemp "$out/.shares.XXXXXX") tard=$(mktemp "$out/.tard.XXXXXX")
sets=$(mktemp "$out/.sets.XXXXXX") btmp=$(mktemp "$out/.boots.XXXXXX")
trap 'rm -f "$ptmp" "$stmp" "$tard" "$sets" "$btmp" "$ptmp.s" "$stmp.s"' EXIT
# every task's period, first release and work, for the offered work
[ -d "$raw/tasksets" ] || die "no $raw/tasksets (scripts/sweep.sh writes the sets there)"
taskset_rows "$raw/tasksets" > "$sets"
points=$ptmp shares=$stmp
# the index's columns, checked before reading it
csv_awk 'FNR == 1 { header(); col("topology"); col("policy"); col("kernel"); col("u"); col("seed"); col("replicate"); col("dir"); exit }' \
	"$raw/index.csv" || die "$raw/index.csv: not an index of points (scripts/sweep.sh writes it)"
echo "topology,policy,kernel,u,seed,tasks,admitted_tasks,offered_bw,admitted_bw,acceptance,jobs,late_jobs,miss_ratio,max_tard,p99_tard,mean_tard,status,replicate,offered_work_ns,met_work_ns,work_frac" > "$points"
echo "topology,policy,u,seed,task,instance,density,capacity,share,replicate" > "$shares"
failed=0
# The sweep's points, as data: its index (scripts/sweep.sh), by column name.
while IFS=, read -r topo pol k u seed rep dir; do
	d=$raw/$dir
	rc=$(cat "$d/rc" 2>/dev/null || echo none)
	# dlgen's exit 4 is the all-or-nothing refusal, a result; anything but
	# 0 and 4 means the run did not complete
	if [ -e "$d/FAILED" ] || [ ! -r "$d/tasks.csv" ] || [ ! -r "$d/jobs.csv" ] ||
	   [ ! -r "$d/summary.json" ] || { [ "$rc" != 0 ] && [ "$rc" != 4 ]; }; then
		echo "$topo,$pol,$k,$u,$seed,,,,,,,,,,,,failed,$rep,,," >> "$points"
		failed=$((failed + 1))
		continue
	fi
	caps=$(jq -r '.cpu_capacity | join(" ")' "$d/summary.json" 2>/dev/null || true)
	if [ -z "$caps" ]; then
		say "$d/summary.json has no cpu_capacity: counted as failed"
		echo "$topo,$pol,$k,$u,$seed,,,,,,,,,,,,failed,$rep,,," >> "$points"
		failed=$((failed + 1))
		continue
	fi
	# Normalized tardiness of every job, sorted, for the p99.
	csv_awk 'FNR == 1 { header(); next }
		FILENAME ~ /tasks.csv$/ { per[$col("task")] = $col("period_ns"); next }
		{ l = $col("lateness_ns"); l = l > 0 ? l : 0; printf "%.9f\n", l / per[$col("task")] }' \
		"$d/tasks.csv" "$d/jobs.csv" | sort -g > "$tard"
	p99=$(awk '{ v[NR] = $1 } END { if (!NR) { print 0; exit }
		i = int(0.99 * NR); if (i < 0.99 * NR) i++; print v[i] }' "$tard")
	dur=$(jq -r '.duration_ns // empty' "$d/summary.json")
	case $dur in ''|*[!0-9]*) die "$d/summary.json: duration_ns: '$dur' is not a whole number of ns" ;; esac
	csv_awk -f "$DLCAP_TOP/scripts/lib/work.awk" -v topo="$topo" -v pol="$pol" -v k="$k" -v u="$u" -v seed="$seed" -v rep="$rep" \
		-v p99="$p99" -v caps="$caps" -v shares="$shares" -v dur="$dur" -v dir="$d" -v setsf="$sets" '
	FNR == 1 { header(); next }
	FILENAME == setsf { work_set(u, seed, dur); next }
	FILENAME ~ /tasks.csv$/ {
		if (!($col("task") in WORK_IN)) {
			printf "%s/tasks.csv:%d: task %s is not in the sweep'"'"'s set u%s-s%s\n", dir, FNR, $col("task"), u, seed > "/dev/stderr"
			bad = 1; exit 2
		}
		offw += work_offered($col("task"))
		per[$col("task")] = $col("period_ns"); n++
		bw = $col("dl_runtime_ns") / $col("dl_period_ns"); off += bw
		if ($col("admitted") == 1) {
			adm += bw; na++
			# share of busy time per capacity class
			ncap = split(caps, cap, " ")
			m = split($col("busy_ns_by_cpu"), parts, ";"); tot = 0
			delete by
			for (i = 1; i <= m; i++) {
				split(parts[i], kv, "="); if (kv[1] == "") continue
				by[cap[kv[1] + 1]] += kv[2]; tot += kv[2]
			}
			delete seen
			for (i = 1; i <= ncap; i++) {
				c = cap[i]; if (c in seen) continue; seen[c] = 1
				printf "%s,%s,%s,%s,%s,%s,%s,%s,%.4f,%s\n", topo, pol, u, seed, $col("task"), $col("instance"),
					$col("density"), c, tot ? by[c] / tot : 0, rep >> shares
			}
		}
		next
	}
	{
		l = $col("lateness_ns")
		it = $col("task") SUBSEP $col("instance")
		if (++logged[it] > WORK_REL[$col("task")]) {
			printf "%s/jobs.csv:%d: task %s logged more jobs than its set releases in %d ns (%d): the release rule of scripts/lib/tasksets.sh does not hold\n", dir, FNR, $col("task"), dur, WORK_REL[$col("task")] > "/dev/stderr"
			bad = 1; exit 2
		}
		metw += work_met()
		jobs++; if (l > 0) late++
		t = (l > 0 ? l : 0) / per[$col("task")]; sum += t; if (t > max) max = t
	}
	END {
		if (bad) exit 2
		printf "%s,%s,%s,%s,%s,%d,%d,%.4f,%.4f,%.4f,%d,%d,%.5f,%.5f,%.5f,%.5f,ok,%s,%.0f,%.0f,%.6f\n",
			topo, pol, k, u, seed, n, na, off, adm, off ? adm / off : 0, jobs, late,
			jobs ? late / jobs : 0, max, p99, jobs ? sum / jobs : 0, rep,
			offw, metw, offw ? metw / offw : 1
	}' "$sets" "$d/tasks.csv" "$d/jobs.csv" >> "$points" || exit 2
done < <(csv_awk 'FNR == 1 { header(); next }
	{ print $col("topology") "," $col("policy") "," $col("kernel") "," $col("u") "," $col("seed") "," $col("replicate") "," $col("dir") }' \
	"$raw/index.csv")
# Rows sorted by topology, policy, u, seed (header first; points.csv has
# the kernel in its third column, shares.csv the u).
{ head -1 "$ptmp"; tail -n +2 "$ptmp" | LC_ALL=C sort -t, -k1,1 -k2,2 -k4,4g -k5,5g; } > "$ptmp.s"
mv "$ptmp.s" "$out/points.csv"
{ head -1 "$stmp"; tail -n +2 "$stmp" | LC_ALL=C sort -t, -k1,1 -k2,2 -k3,3g -k4,4g; } > "$stmp.s"
mv "$stmp.s" "$out/shares.csv"
points=$out/points.csv

# Mean and 95% CI over seeds per (topology, policy, u).
"$DLCAP_TOP/scripts/sweep-table.sh" "$points" > "$out/table.csv.tmp"
mv "$out/table.csv.tmp" "$out/table.csv"
# The boots' host wall time, per run-batch OUTDIR (a point's folder's parent).
mapfile -t bdirs < <(csv_awk 'FNR == 1 { header(); next } { d = $col("dir"); sub(/\/[^\/]*$/, "", d); if (!s[d]++) print d }' "$raw/index.csv")
if [ ${#bdirs[@]} -gt 0 ]; then
	"$DLCAP_TOP/scripts/boot-seconds.sh" "${bdirs[@]/#/$raw/}" > "$btmp"
	mv "$btmp" "$out/boots.csv"
fi
[ $failed = 0 ] || say "sweep $name: $failed failed point(s) left out of table.csv"
say "wrote $out/points.csv ($(($(wc -l < "$points") - 1)) points), table.csv, shares.csv, boots.csv"
