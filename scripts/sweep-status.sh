#!/bin/bash
# A sweep's progress, local or on Slurm: points done, failed and pending
# per boot (from its plans and results/raw), the Slurm jobs of its last
# submission (squeue; sacct when accounting is on) and an ETA from the
# finished points' host seconds.
# Usage: scripts/sweep-status.sh NAME|FILE   (DLCAP_RESULTS as for sweep.sh)
set -eu
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
[ $# = 1 ] || usage
case "$1" in */*) name=$(basename "$1" .sweep) ;; *) name=$1 ;; esac
raw=${DLCAP_RESULTS:-$DLCAP_TOP/results}/raw/sweeps/$name
[ -r "$raw/batches.txt" ] || bad "$name has no boots planned yet ($raw/batches.txt)"
tot_done=0 tot_failed=0 tot_pending=0 i=0
printf '%-5s %-40s %5s %6s %7s\n' boot plan done failed pending
while read -r kernel topo plan outdir; do
	d=0 f=0 p=0
	while read -r pt _; do
		case "$pt" in ''|'#'*) continue ;; esac
		if [ -e "$outdir/$pt/FAILED" ]; then f=$((f + 1))
		elif [ -d "$outdir/$pt" ]; then d=$((d + 1))
		else p=$((p + 1)); fi
	done < "$plan"
	printf '%-5s %-40s %5d %6d %7d\n' "$i" "$(basename "$plan" .plan) ($topo)" $d $f $p
	tot_done=$((tot_done + d)) tot_failed=$((tot_failed + f)) tot_pending=$((tot_pending + p)) i=$((i + 1))
done < "$raw/batches.txt"
echo "points: $tot_done done, $tot_failed failed, $tot_pending pending"
mean=$(mean_host_seconds "$raw")
if [ -r "$raw/slurm/jobs.txt" ] && command -v squeue > /dev/null; then
	read -r when arr agg < <(tail -1 "$raw/slurm/jobs.txt")
	echo "Slurm: submitted $when, boots job array $arr, tables job $agg"
	running=$(squeue -h -j "$arr,$agg" -o '%i %T %M %R' 2>/dev/null || true)
	if [ -n "$running" ]; then echo "$running" | sed 's/^/  /'
	else echo "  none of them queued or running any more"; fi
	if sacct -n -j "$arr" -o JobID,State,ExitCode -P > "$raw/slurm/.sacct" 2>/dev/null && [ -s "$raw/slurm/.sacct" ]; then
		sed 's/^/  sacct: /' "$raw/slurm/.sacct"
	fi
	at_once=$(squeue -h -j "$arr" -t RUNNING 2>/dev/null | wc -l)
else
	at_once=${SWEEP_JOBS:-2}
fi
if [ -n "$mean" ] && [ $tot_pending -gt 0 ]; then
	[ "${at_once:-0}" -gt 0 ] || at_once=1
	eta=$((mean * tot_pending / at_once))
	printf 'ETA: %d:%02d:%02d (%s host s per point, %d boot(s) at once)\n' \
		$((eta / 3600)) $((eta % 3600 / 60)) $((eta % 60)) "$mean" "$at_once"
fi
