#!/bin/bash
# Compare two runs of the same points job by job (e.g. stock and patched
# with default knobs, both in the deterministic virtual mode).
# Usage: scripts/compare-jobs.sh RUN_A RUN_B POINT...
#   RUN_A, RUN_B  run-batch output folders; both must hold every POINT
# Prints CSV: point,jobs,same_bytes,same_cpu,same_class,same_late,same_admission
#   same_cpu    jobs with the same cpu_start and cpu_end
#   same_class  jobs whose cpu_start and cpu_end have the same capacity in
#               both runs (capacities from each run's guest.txt)
#   same_late   jobs that are late (lateness > 0) in both or in neither
#   same_admission  yes if every instance was admitted (or refused) alike
# Jobs are matched by (task, instance, job); a job missing on one side counts
# as different. Exit 2 on a missing file.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 3 ] || usage
a=$1 b=$2; shift 2
caps() { sed -n 's/^capacities: //p' "$1/guest.txt"; }
for f in "$a/guest.txt" "$b/guest.txt"; do
	[ -r "$f" ] || bad "no $f"
done
echo "point,jobs,same_bytes,same_cpu,same_class,same_late,same_admission"
for p in "$@"; do
	for f in "$a/$p/jobs.csv" "$b/$p/jobs.csv" "$a/$p/tasks.csv" "$b/$p/tasks.csv"; do
		[ -r "$f" ] || bad "no $f"
	done
	bytes=no
	cmp -s "$a/$p/jobs.csv" "$b/$p/jobs.csv" && bytes=yes
	adm=no
	adm_of() { csv_awk 'FNR == 1 { header(); next } { print $col("task"), $col("instance"), $col("admitted") }' "$1"; }
	cmp -s <(adm_of "$a/$p/tasks.csv") <(adm_of "$b/$p/tasks.csv") && adm=yes
	csv_awk -v capa="$(caps "$a")" -v capb="$(caps "$b")" -v p="$p" -v bytes="$bytes" -v adm="$adm" '
		BEGIN { na = split(capa, ca, " "); nb = split(capb, cb, " ") }
		FNR == 1 { header(); side++; next }
		{ k = $col("task") SUBSEP $col("instance") SUBSEP $col("job")
		  s = $col("cpu_start"); e = $col("cpu_end"); l = ($col("lateness_ns") > 0) }
		side == 1 { cs[k] = s; ce[k] = e; late[k] = l; n++; next }
		{
			if (!(k in cs)) { extra++; next }
			if (cs[k] == s && ce[k] == e) cpu++
			if (ca[cs[k] + 1] == cb[s + 1] && ca[ce[k] + 1] == cb[e + 1]) cls++
			if (late[k] == l) lt++
		}
		END {
			jobs = n + extra
			printf "%s,%d,%s,%d,%d,%d,%s\n", p, jobs, bytes, cpu, cls, lt, adm
		}' "$a/$p/jobs.csv" "$b/$p/jobs.csv"
done
