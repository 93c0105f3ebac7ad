#!/bin/bash
# Run a sweep: generate its task sets, one plan per (kernel, topology), run
# each plan in one boot (resumable point by point), aggregate, plot.
#
# Usage: scripts/sweep.sh [--plan-only|--policies|--aggregate] NAME|FILE
#   NAME   experiments/sweeps/NAME.sweep (or a path to a .sweep file)
#   --plan-only  write the task sets and plans, print the plans, boot nothing
#   --policies   check the file, print "NAME KERNEL [KNOB=VALUE...]" per
#                policy (the one parser of sweep files: lib.sh and the
#                Makefile ask this)
#   --aggregate  boot nothing: tables and figures from the points there are
#                (what the Slurm runner's last job does)
# Environment: SWEEP_JOBS=N boots N guests at a time (default 2: on a
#   2-core host two boots gave ~1.5x the points per hour of one,
#   EXPERIMENTS.md section 11); each boot runs the points of one kernel and
#   seed on one topology, whatever N is;
#   RUNNER=local (default) boots here; RUNNER=slurm submits the boots as a
#   Slurm job array and the tables and figures as a job after it
#   (scripts/slurm-submit.sh: SLURM_* settings, docs/slurm.md);
#   scripts/sweep-status.sh NAME shows progress either way;
#   QEMU_* as for run-batch.sh, but for two timeouts whose defaults differ
#   here (a sweep's boot runs many long points; both are printed):
#   POINT_TIMEOUT  600 + HOST_S_PER_GUEST_S (lib/budget.sh) x duration host
#                  seconds without progress (run-batch.sh: 600)
#   QEMU_TIMEOUT   86400 host seconds per boot (run-batch.sh: 900)
# Output: results/raw/sweeps/NAME/ (task sets, plans, points; not in git)
#         results/sweeps/NAME/{points,table,shares}.csv and figures
#         (results/ is $DLCAP_RESULTS when set, e.g. for tests)
#
# A sweep file is data, one setting per line ('#' starts a comment):
#   topologies = hikey960 rk3399        topologies (experiments/topologies/)
#   policy NAME = KERNEL [KNOB=VALUE..]  a kernel variant and knob values
#                                        (kernels/knobs); one line per policy
#   u = 2 3 4.5                          offered utilization grid, in
#                                        capacity-1024 CPUs (sum of run/period)
#   seeds = 1 2 3   or   seeds = 1..10   generator seeds per grid value
#   tasks = 16                           tasks per set
#   duration = 1                         seconds each point runs
#   gen = --umax 0.9 --algo randfixedsum  more dlgen-gen options
#   title = HiKey960, 12 tasks           figure title (default: sweep NAME)
#   replicates = 3                       boots per (kernel, seed, topology)
#                                        that differ only in their history
#                                        (default 1; see below)
#   dlgen = -d 200                       dlgen options for every point (e.g. a
#                                        shorter run when only admission matters)
#   derive FILE.csv = SCRIPT [ARG...]    a table made from the results after
#                                        every aggregation: scripts/SCRIPT's
#                                        stdout becomes results/sweeps/NAME/
#                                        FILE.csv; an ARG {name} is the sweep's
#                                        name, {points} its points.csv
# The same seed gives the same task set for every policy and topology, so
# policies are compared on identical sets. A point's outcome near
# saturation also depends on the boot's history (EXPERIMENTS.md section 11):
# replicate r > 1 of a boot runs the same points after a prelude point
# (SCHED_OTHER background work for 7 x (r - 1) ms), so every later point
# starts from another kernel state; points are then POLICY-uU-sSEED-rR and
# count as samples of their (topology, policy, U) in table.csv.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
plan_only=0 policies_only=0 aggregate_only=0
[ "${1:-}" = --plan-only ] && { plan_only=1; shift; }
[ "${1:-}" = --policies ] && { policies_only=1; shift; }
[ "${1:-}" = --aggregate ] && { aggregate_only=1; shift; }
runner=${RUNNER:-local}
case "$runner" in local|slurm) ;; *) bad "RUNNER='$runner' (want local|slurm)" ;; esac
[ $# = 1 ] || usage
case "$1" in
*/*) file=$(realpath -m "$1") ;;
*) file=$DLCAP_TOP/experiments/sweeps/$1.sweep ;;
esac
[ -r "$file" ] || bad "no sweep file $file"
name=$(basename "$file" .sweep)
gen=$DLCAP_TOP/dlgen/build/dlgen-gen

# Parse; every problem is one line naming the file, line and key.
topos= us= seeds= ntasks= duration= genopts= dlgenopts= title= replicates=1 bad=0 lineno=0
pnames=() pkernels=() pknobs=() dfiles=() dcmds=()
err() { echo "$file:$lineno: $*" >&2; bad=1; }
isnum() { [[ $1 =~ ^[0-9]+([.][0-9]+)?$ ]]; }
set -f	# values are words, never file names (title = U * 2)
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	line=${line%%#*}
	[[ $line =~ ^[[:space:]]*$ ]] && continue
	if ! [[ $line =~ ^[[:space:]]*([a-z]+)([[:space:]]+([A-Za-z0-9_.-]+))?[[:space:]]*=(.*)$ ]]; then
		err "not 'key = value': $line"; continue
	fi
	key=${BASH_REMATCH[1]} arg=${BASH_REMATCH[3]} val=${BASH_REMATCH[4]}
	read -r -a words <<< "$val"; val=${words[*]-}	# trimmed, spaces squeezed
	case $key in policy|derive) ;; *) [ -z "$arg" ] || { err "$key: unexpected '$arg' before '='"; continue; } ;; esac
	case "$key" in
	topologies)
		for t in $val; do
			[ -r "$DLCAP_TOP/experiments/topologies/$t.topo" ] ||
				err "topologies: no experiments/topologies/$t.topo"
		done
		topos=$val ;;
	policy)
		[ -n "$arg" ] || { err "policy: want 'policy NAME = KERNEL [KNOB=VALUE...]'"; continue; }
		case " ${pnames[*]-} " in *" $arg "*) err "policy $arg: defined twice"; continue ;; esac
		set -- $val
		[ $# -ge 1 ] || { err "policy $arg: names no kernel"; continue; }
		[ -r "$DLCAP_TOP/kernels/variants/$1" ] || err "policy $arg: no kernel variant '$1' (kernels/variants/)"
		k=$1; shift
		for kv in "$@"; do
			knob_valid "$kv" ||
				err "policy $arg: '$kv' is not NAME=VALUE from kernels/knobs"
		done
		pnames+=("$arg") pkernels+=("$k") pknobs+=("$*") ;;
	u)
		for x in $val; do isnum "$x" || err "u: '$x' is not a positive number"; done
		us=$val ;;
	seeds)
		if [[ $val =~ ^([0-9]+)\.\.([0-9]+)$ ]]; then
			val=$(seq "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" | tr '\n' ' ')
		fi
		for x in $val; do [[ $x =~ ^[0-9]+$ ]] || err "seeds: '$x' is not a non-negative integer"; done
		seeds=$val ;;
	tasks) [[ $val =~ ^[0-9]+$ ]] && [ "$val" -ge 1 ] && [ "$val" -le 256 ] ||
			err "tasks: '$val' is not an integer in 1..256"
		ntasks=$val ;;
	duration) [[ $val =~ ^[0-9]+$ ]] && [ "$val" -ge 1 ] || err "duration: '$val' is not whole seconds >= 1"
		duration=$val ;;
	gen) genopts=$val ;;
	title) title=$val ;;
	replicates) [[ $val =~ ^[1-9][0-9]?$ ]] || err "replicates: '$val' is not an integer in 1..99"
		replicates=$val ;;
	dlgen) for x in $val; do [[ $x =~ ^-[-a-z]|^[0-9]+$ ]] ||
			err "dlgen: '$x' is not a dlgen option (dlgen --help)"; done
		dlgenopts=$val ;;
	derive)
		[[ $arg =~ ^[A-Za-z0-9_-]+[.]csv$ ]] || { err "derive: want 'derive FILE.csv = SCRIPT [ARG...]'"; continue; }
		case " points.csv table.csv shares.csv ${dfiles[*]-} " in *" $arg "*)
			err "derive $arg: a file the sweep writes already"; continue ;; esac
		set -- $val
		[ $# -ge 1 ] && [[ $1 =~ ^[A-Za-z0-9_.-]+$ ]] && [ -x "$DLCAP_TOP/scripts/$1" ] ||
			{ err "derive $arg: '${1-}' is not a script in scripts/"; continue; }
		dfiles+=("$arg") dcmds+=("$val") ;;
	*) err "unknown key '$key' (topologies, policy, u, seeds, tasks, duration, gen, dlgen, title, replicates, derive)" ;;
	esac
done < "$file"
lineno=end
[ -n "$topos" ] || err "no 'topologies ='"
[ ${#pnames[@]} -gt 0 ] || err "no 'policy NAME = ...' line"
[ -n "$us" ] || err "no 'u ='"
[ -n "$seeds" ] || err "no 'seeds ='"
[ -n "$ntasks" ] || err "no 'tasks ='"
[ -n "$duration" ] || err "no 'duration ='"
[ $bad = 0 ] || exit 2
set +f
if [ $policies_only = 1 ]; then
	for i in "${!pnames[@]}"; do echo "${pnames[$i]} ${pkernels[$i]}${pknobs[$i]:+ ${pknobs[$i]}}"; done
	exit 0
fi
[ -x "$gen" ] || die "dlgen-gen is not built (make -C dlgen)"

# settle FILE: FILE.tmp becomes FILE unless it has the same bytes: an
# unchanged file (a task set, a plan) keeps its mtime, and the points their keys.
settle() { if cmp -s "$1.tmp" "$1"; then rm "$1.tmp"; else mv "$1.tmp" "$1"; fi; }

results=$(realpath -m "${DLCAP_RESULTS:-$DLCAP_TOP/results}")
raw=$results/raw/sweeps/$name
mkdir -p "$raw/tasksets"
# Task sets: one per (u, seed), shared by every policy and topology.
for u in $us; do
	for s in $seeds; do
		ts=$raw/tasksets/u$u-s$s.json
		# shellcheck disable=SC2086
		"$gen" -n "$ntasks" -u "$u" --seed "$s" --duration "$duration" $genopts \
			> "$ts.tmp" 2> "$raw/gen.err" || {
			echo "$file: gen: dlgen-gen -n $ntasks -u $u --seed $s $genopts: $(head -1 "$raw/gen.err")" >&2
			rm -f "$ts.tmp"; exit 2; }
		settle "$ts"
	done
done
"$DLCAP_TOP/dlgen/build/dlgen" --check "$raw"/tasksets/*.json || exit 2
echo "dlgen-gen -n $ntasks -u U --seed S --duration $duration $genopts" > "$raw/generator.txt"

# One plan per (kernel, seed), each a boot on every topology: which points
# share a boot is fixed by the sweep file, never by how many run at once
# (SWEEP_JOBS) or where (a point's bytes depend on the boot it is in, and
# its key says so). Seeds outermost, so a sweep cut short has every policy
# at every U for the first seeds.
kernels=$(printf '%s\n' "${pkernels[@]}" | awk '!seen[$0]++')
if [ "$replicates" -gt 1 ]; then
	# the prelude task set (experiments/sweeps/replicate-prelude.json), copied
	# beside the sweep's task sets
	cp "$DLCAP_TOP/experiments/sweeps/replicate-prelude.json" "$raw/tasksets/prelude.json.tmp"
	settle "$raw/tasksets/prelude.json"
fi
# index.csv: every point as data (who reads a sweep joins on it, never
# parses folder names).
runs=()
itmp=$(mktemp "$raw/.index.XXXXXX")
echo "point,kernel,topology,policy,u,seed,replicate,dir" > "$itmp"
for k in $kernels; do
	for s in $seeds; do
		for ((r = 1; r <= replicates; r++)); do
			suffix=
			[ $r = 1 ] || suffix=-r$r
			plan=$raw/sweep-$name-$k-s$s$suffix.plan
			{
				echo "# generated by scripts/sweep.sh from $file"
				# (named per seed too: the boots of all seeds share the results folder)
				[ $r = 1 ] || echo "prelude-s$s$suffix $raw/tasksets/prelude.json -d $((7 * (r - 1)))"
				for u in $us; do
					for i in "${!pnames[@]}"; do
						[ "${pkernels[$i]}" = "$k" ] || continue
						echo "${pnames[$i]}-u$u-s$s$suffix $raw/tasksets/u$u-s$s.json ${pknobs[$i]} $dlgenopts"
					done
				done
			} > "$plan.tmp"
			settle "$plan"
			for t in $topos; do
				runs+=("$k $t $plan")
				for u in $us; do
					for i in "${!pnames[@]}"; do
						[ "${pkernels[$i]}" = "$k" ] || continue
						echo "${pnames[$i]}-u$u-s$s$suffix,$k,$t,${pnames[$i]},$u,$s,$r,$k/$t/${pnames[$i]}-u$u-s$s$suffix"
					done
				done >> "$itmp"
			done
		done
	done
done
mv "$itmp" "$raw/index.csv"
# The boots of a kernel share its results folder: a point name in two plans
# would be one folder written by two boots.
for k in $kernels; do
	dup=$(cat "$raw"/sweep-"$name"-"$k"-s*.plan | awk '!/^#/ && NF { print $1 }' | sort | uniq -d | sed -n 1,3p)	# sed reads all: no SIGPIPE under pipefail
	[ -z "$dup" ] || die "point names in more than one boot of kernel $k: $(echo $dup)"
done
npoints=$(( $(echo $us | wc -w) * $(echo $seeds | wc -w) * replicates * ${#pnames[@]} * $(echo $topos | wc -w) ))
if [ $plan_only = 1 ]; then
	for r in "${runs[@]}"; do
		set -- $r
		echo "== $3 ($2)"; grep -v "^#" "$3"
	done
	exit 0
fi
# The boots, one per line: KERNEL TOPOLOGY PLAN OUTDIR (what a runner runs).
btmp=$(mktemp "$raw/.batches.XXXXXX")
for r in "${runs[@]}"; do set -- $r; echo "$1 $2 $3 $raw/$1/$2"; done > "$btmp"
mv "$btmp" "$raw/batches.txt"
# A point may make no progress on the console for as long as it runs: give
# it its duration at the budgeted host cost (lib/budget.sh's HOST_S_PER_GUEST_S)
# before calling it hung.
export POINT_TIMEOUT=${POINT_TIMEOUT:-$((600 + HOST_S_PER_GUEST_S * duration))}
# a boot runs a whole plan of the sweep: no limit short of a day
export QEMU_TIMEOUT=${QEMU_TIMEOUT:-86400}
if [ $runner = slurm ] && [ $aggregate_only = 0 ]; then
	exec "$DLCAP_TOP/scripts/slurm-submit.sh" "$file" "$raw/batches.txt" "$duration"
fi
jobs=${SWEEP_JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || bad "SWEEP_JOBS='$jobs' is not a count >= 1"
[ $aggregate_only = 1 ] && runs=()
[ ${#runs[@]} = 0 ] || say "sweep $name: $npoints points in ${#runs[@]} boot(s) (one per kernel, seed and topology), $jobs at a time, $duration s each; timeouts: POINT_TIMEOUT=${POINT_TIMEOUT}s, QEMU_TIMEOUT=${QEMU_TIMEOUT}s"
failed=0 running=0
# batch_done: wait for one batch; a bad input (2) stops the sweep.
batch_done() {
	local rc=0
	wait -n || rc=$?
	running=$((running - 1))
	[ $rc = 2 ] && { wait; exit 2; }
	[ $rc = 0 ] || failed=1
}
for r in "${runs[@]}"; do
	set -- $r
	[ $running -lt "$jobs" ] || batch_done
	"$DLCAP_TOP/scripts/run-batch.sh" "$1" "$2" "$3" "$raw/$1/$2" &
	running=$((running + 1))
done
while [ $running -gt 0 ]; do batch_done; done
out=$results/sweeps/$name
# Aggregate and plot unless the figures are newer than every point and input.
fresh=0
if [ ! -e "$out/tardiness.png" ] || [ -n "$(find "$raw" "$file" "$DLCAP_TOP/scripts/sweep-aggregate.sh" \
	"$DLCAP_TOP/scripts/sweep-plot.sh" "$DLCAP_TOP/plots/sweep.gp" -newer "$out/tardiness.png" \
	\( -name rc -o -name '*.sweep' -o -name '*.sh' -o -name '*.gp' \) -print -quit)" ]; then
	fresh=1
	"$DLCAP_TOP/scripts/sweep-aggregate.sh" "$file" "$out"
else
	say "sweep $name: figures in $out are up to date"
fi
# The sweep file's derived tables, from what was just aggregated.
dfailed=0
for i in "${!dfiles[@]}"; do
	set -f
	# shellcheck disable=SC2086
	set -- ${dcmds[$i]}
	set +f
	script=$1; shift
	dargs=()
	for a in "$@"; do
		a=${a//\{name\}/$name}; dargs+=("${a//\{points\}/$out/points.csv}")
	done
	if DLCAP_RESULTS=$results "$DLCAP_TOP/scripts/$script" "${dargs[@]}" > "$out/${dfiles[$i]}.tmp"; then
		mv "$out/${dfiles[$i]}.tmp" "$out/${dfiles[$i]}"
	else
		rm -f "$out/${dfiles[$i]}.tmp"
		say "sweep $name: derive ${dfiles[$i]}: scripts/$script failed; the other results stand"; dfailed=1
	fi
done
[ $fresh = 0 ] || "$DLCAP_TOP/scripts/sweep-plot.sh" "$out" "${title:-sweep $name}"
# What produced them, when these are the committed results.
if [ "$results" = "$DLCAP_TOP/results" ] && grep -q "^sweeps/$name," "$DLCAP_TOP/results/index.csv"; then
	"$DLCAP_TOP/scripts/results-manifest.sh" "sweeps/$name"
fi
[ $failed = 0 ] || say "sweep $name: some points failed (see FAILED files under $raw); the tables leave them out"
[ $failed = 0 ] && exit $dfailed
exit $failed
