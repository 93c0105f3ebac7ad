#!/bin/bash
# Aggregate a sweep's points into tidy CSV files.
# Usage: scripts/sweep-aggregate.sh SWEEPFILE OUTDIR
# Reads results/raw/sweeps/NAME/KERNEL/TOPOLOGY/POLICY-uU-sSEED/ (results/ is
# $DLCAP_RESULTS when set) and writes
#   OUTDIR/points.csv  one row per point: topology, policy, kernel, u, seed,
#       tasks, admitted_tasks, offered_bw, admitted_bw (sum of DL runtime /
#       period), acceptance (admitted/offered bw), jobs, late_jobs,
#       miss_ratio, max_tard, p99_tard, mean_tard (lateness clipped at 0 and
#       divided by the task's period, over every job of the admitted tasks),
#       status (ok, or failed: see the point's FAILED file)
#   OUTDIR/table.csv   per (topology, policy, u): seeds (n) and, for
#       admitted_bw, acceptance, miss_ratio, max_tard and p99_tard, the mean
#       and the half-width of its 95% confidence interval over seeds
#       (Student's t with n - 1 degrees of freedom; 0 when n = 1):
#       scripts/sweep-table.sh
#   OUTDIR/shares.csv  one row per admitted task instance and capacity
#       class: topology, policy, u, seed, task, instance, density, capacity,
#       share (of the instance's busy time spent on CPUs of that capacity)
# Failed or missing points are left out of table.csv and said on stderr.
set -eu
. "$(dirname "$0")/lib.sh"
file=${1:?usage: sweep-aggregate.sh SWEEPFILE OUTDIR} out=${2:?usage: sweep-aggregate.sh SWEEPFILE OUTDIR}
name=$(basename "$file" .sweep)
raw=${DLCAP_RESULTS:-$DLCAP_TOP/results}/raw/sweeps/$name
[ -d "$raw" ] || die "no results for sweep $name in $raw (run it first)"
mkdir -p "$out"

# The policies and their kernels, from the sweep file.
declare -A kernel_of=()
while read -r p k _; do kernel_of[$p]=$k; done < <(sweep_policies "$file")

# Only the points the sweep's current plans name (a changed grid leaves
# older points in the raw folders; they are not part of this sweep).
declare -A planned=()
for pf in "$raw"/sweep-"$name"-*.plan; do
	[ -r "$pf" ] || continue
	while read -r pn _; do
		case "$pn" in ''|'#'*) continue ;; esac
		planned[$pn]=1
	done < "$pf"
done
[ ${#planned[@]} -gt 0 ] || die "no plans in $raw (run scripts/sweep.sh first)"

points=$out/points.csv.tmp shares=$out/shares.csv.tmp
echo "topology,policy,kernel,u,seed,tasks,admitted_tasks,offered_bw,admitted_bw,acceptance,jobs,late_jobs,miss_ratio,max_tard,p99_tard,mean_tard,status" > "$points"
echo "topology,policy,u,seed,task,instance,density,capacity,share" > "$shares"
failed=0
for kdir in "$raw"/*/; do
	k=$(basename "$kdir")
	[ "$k" = tasksets ] && continue
	for tdir in "$kdir"*/; do
		topo=$(basename "$tdir")
		for d in "$tdir"*-u*-s*/; do
			[ -d "$d" ] || continue
			pt=$(basename "$d")
			[[ $pt =~ ^(.+)-u([0-9.]+)-s([0-9]+)$ ]] || continue
			pol=${BASH_REMATCH[1]} u=${BASH_REMATCH[2]} seed=${BASH_REMATCH[3]}
			[ "${kernel_of[$pol]:-}" = "$k" ] || continue	# not (or no longer) in the sweep
			[ -n "${planned[$pt]:-}" ] || continue
			if [ -e "$d/FAILED" ] || [ ! -r "$d/tasks.csv" ] || [ ! -r "$d/jobs.csv" ]; then
				echo "$topo,$pol,$k,$u,$seed,,,,,,,,,,,,failed" >> "$points"
				failed=$((failed + 1))
				continue
			fi
			caps=$(jq -r '.cpu_capacity | join(" ")' "$d/summary.json" 2>/dev/null || true)
			[ -n "$caps" ] || die "$d/summary.json has no cpu_capacity"
			# Normalized tardiness of every job, sorted, for the p99.
			awk -F, 'FNR == 1 { next }
				FILENAME ~ /tasks.csv$/ { per[$1] = $6; next }
				{ l = $8 > 0 ? $8 : 0; printf "%.9f\n", l / per[$1] }' \
				"$d/tasks.csv" "$d/jobs.csv" | sort -g > "$out/.tard"
			p99=$(awk '{ v[NR] = $1 } END { if (!NR) { print 0; exit }
				i = int(0.99 * NR); if (i < 0.99 * NR) i++; print v[i] }' "$out/.tard")
			awk -F, -v topo="$topo" -v pol="$pol" -v k="$k" -v u="$u" -v seed="$seed" \
				-v p99="$p99" -v caps="$caps" -v shares="$shares" '
			FNR == 1 { next }
			FILENAME ~ /tasks.csv$/ {
				per[$1] = $6; n++
				bw = $7 / $9; off += bw
				if ($10 == 1) {
					adm += bw; na++
					# share of busy time per capacity class
					ncap = split(caps, cap, " ")
					m = split($21, parts, ";"); tot = 0
					delete by
					for (i = 1; i <= m; i++) {
						split(parts[i], kv, "="); if (kv[1] == "") continue
						by[cap[kv[1] + 1]] += kv[2]; tot += kv[2]
					}
					delete seen
					for (i = 1; i <= ncap; i++) {
						c = cap[i]; if (c in seen) continue; seen[c] = 1
						printf "%s,%s,%s,%s,%s,%s,%s,%s,%.4f\n", topo, pol, u, seed, $1, $2,
							$15, c, tot ? by[c] / tot : 0 >> shares
					}
				}
				next
			}
			{
				jobs++; if ($8 > 0) late++
				t = ($8 > 0 ? $8 : 0) / per[$1]; sum += t; if (t > max) max = t
			}
			END {
				printf "%s,%s,%s,%s,%s,%d,%d,%.4f,%.4f,%.4f,%d,%d,%.5f,%.5f,%.5f,%.5f,ok\n",
					topo, pol, k, u, seed, n, na, off, adm, off ? adm / off : 0, jobs, late,
					jobs ? late / jobs : 0, max, p99, jobs ? sum / jobs : 0
			}' "$d/tasks.csv" "$d/jobs.csv" >> "$points"
		done
	done
done
rm -f "$out/.tard"
# Rows sorted by topology, policy, u, seed (header first).
for f in "$points" "$shares"; do
	{ head -1 "$f"; tail -n +2 "$f" | sort -t, -k1,1 -k2,2 -k3,3g -k4,4g; } > "$f.s"
	mv "$f.s" "${f%.tmp}"
	rm -f "$f"
done
points=$out/points.csv

# Mean and 95% CI over seeds per (topology, policy, u).
"$DLCAP_TOP/scripts/sweep-table.sh" "$points" > "$out/table.csv.tmp"
mv "$out/table.csv.tmp" "$out/table.csv"
[ $failed = 0 ] || say "sweep $name: $failed failed point(s) left out of table.csv"
say "wrote $out/points.csv ($(($(wc -l < "$points") - 1)) points), table.csv, shares.csv"
