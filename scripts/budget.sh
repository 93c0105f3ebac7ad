#!/bin/bash
# The compute budget (issue 32 item 5): what each committed experiment and
# each sweep of the evidence design costs, computed, not copied.
#
# Usage: scripts/budget.sh calibrate|report|table ARGS...
#   scripts/budget.sh calibrate RAWDIR:QEMULOG... > CALIB.csv
#     Per point of each sweep raw folder (its index.csv), its guest seconds,
#     the work it executed W (sum of run / period of its admitted tasks, in
#     capacity-1024 CPUs, at most the topology's sum of capacities / 1024)
#     and its host CPU seconds; per boot, the CPU seconds outside its points
#     (boot, result transfer). QEMULOG is scripts/qemu-cputime.sh's log of
#     the sweep's boots (one boot per topology, as budget-calibration.sweep
#     and trial-growth.sweep have): a point's CPU seconds are its wall
#     seconds (manifest.txt's "host seconds") times its boot's CPU / wall,
#     so a shared host's other load does not count.
#   scripts/budget.sh report TABLE.csv HERE.list
#     table's output (TABLE.csv) as Markdown in hours, with three totals: the committed
#     experiments of today, the evidence run here (them and the sweeps
#     HERE.list names), the whole design (them and every new sweep).
#   scripts/budget.sh table CALIB.csv [SWEEP...]
#     The model fitted to CALIB.csv, by least squares over its points:
#       cpu_s = c + guest_s x (a + b x W)   per point (c = 0 when every
#               calibration point ran as long)
#       k     = mean CPU seconds per point outside the points (per boot
#               residual / its points); a point costs c + k besides
#     then a row per experiment of results/index.csv and per sweep of
#     experiments/sweeps/{evidence,growth}*.sweep (or per SWEEP named, and
#     nothing else): points, boots, guest seconds, host CPU seconds, and the
#     wall time of its boots here (SWEEP_JOBS=2 boots at once; plan
#     experiments one boot at a time) and on a 64-core Slurm node (64 boots
#     at once), each the makespan of longest-boot-first over the slots.
#     A sweep point's W is min(U, capacity) (the work offered, at most
#     what the CPUs can do); a plan point's W is its task set's sum of instance x run / period.
#     The fidelity benches are their committed CSVs' host_s (wall seconds
#     measured with two benches at once), not the model.
# Output of table: CSV on stdout: experiment, kind, points, boots,
#   guest_s, cpu_s, wall_here_s, wall_node_s; the model's a, b, k on stderr.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/budget.sh"
[ $# -ge 1 ] || usage
cmd=$1; shift
here_slots=${SWEEP_JOBS:-2} node_slots=${BUDGET_NODE_SLOTS:-64}

# cap TOPOLOGY: sum of capacities / 1024; rates TOPOLOGY: its -icount rates=
cap() { (eval "$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$1.topo")"
	echo "$TOPO_CAPS" | awk '{ for (i = 1; i <= NF; i++) s += $i; printf "%.6f\n", s / 1024 }'); }
rates() { (eval "$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$1.topo")"
	echo "$TOPO_RATES"); }
# json_cost FILE: "GUEST_S WORK" of a task set (global.duration; sum of
# instance x run / period over tasks with a period)
json_cost() {
	jq -r '[.global.duration // 1,
		([.tasks[] | ((.timer.period // .["dl-period"] // .period // 0) as $p |
			if $p > 0 then (.instance // 1) * (.run // 0) / $p else 0 end)] | add // 0)] | @tsv' "$1" |
		tr '\t' ' '
}
# dur_opt ARGS...: the -d MS (or -dMS) among a point's dlgen options, in s
dur_opt() {
	local a prev=
	for a in "$@"; do
		[ "$prev" = -d ] && { awk -v m="$a" 'BEGIN { print m / 1000 }'; return; }
		[[ $a =~ ^-d([0-9]+)$ ]] && { awk -v m="${BASH_REMATCH[1]}" 'BEGIN { print m / 1000 }'; return; }
		prev=$a
	done
}

calibrate() {
	local spec raw log topo r
	echo "kind,topology,policy,u,guest_s,work,wall_s,cpu_s"
	for spec in "$@"; do
		raw=${spec%%:*} log=${spec#*:}
		[ -r "$raw/index.csv" ] && [ -r "$log" ] || die "calibrate: want RAWDIR:QEMULOG, got '$spec'"
		for topo in $(csv_awk 'FNR == 1 { header(); next } !s[$col("topology")]++ { print $col("topology") }' "$raw/index.csv"); do
			r=$(rates "$topo")
			[ "$(awk -v r="$r" '$4 == r' "$log" | wc -l)" = 1 ] ||
				die "calibrate: $log: not one boot with rates $r ($topo)"
			# the boot's points: wall s, guest s, W
			csv_awk -v t="$topo" 'FNR == 1 { header(); next } $col("topology") == t {
				print $col("policy"), $col("u"), $col("seed"), $col("dir") }' "$raw/index.csv" |
			while read -r pol u seed dir; do
				d=$raw/$dir
				wall=$(manifest_host_seconds "$d/manifest.txt")
				[ -n "$wall" ] || die "calibrate: $d/manifest.txt: no host seconds"
				g=$(jq '.global.duration' "$raw/tasksets/u$u-s$seed.json")
				w=$(csv_awk -v c="$(cap "$topo")" 'FNR == 1 { header(); next }
					$col("admitted") == 1 && $col("period_ns") > 0 { w += $col("run_ns") / $col("period_ns") }
					END { printf "%.6f\n", w < c ? w : c }' "$d/tasks.csv")
				echo "$pol $u $g $w $wall"
			done > "$raw/.budget-points"
			awk -v r="$r" -v t="$topo" '
				BEGIN { n = 0 }
				NR == FNR { if ($4 == r) { el = $1; cpu = $2 + $3 } next }
				{ pol[n] = $1; u[n] = $2; g[n] = $3; w[n] = $4; wall[n] = $5; sw += $5; n++ }
				END {
					s = cpu / el
					for (i = 0; i < n; i++)
						printf "point,%s,%s,%s,%s,%s,%.3f,%.3f\n", t, pol[i], u[i], g[i], w[i], wall[i], wall[i] * s
					printf "boot,%s,-,-,0,0,%.3f,%.3f\n", t, el - sw, (el - sw) * s
				}' "$log" "$raw/.budget-points"
			rm -f "$raw/.budget-points"
		done
	done
}

# fit CALIB: "a b c k": least squares of a point's cpu_s on 1, guest_s and
# guest_s x W (c, a, b; c = 0 when every point ran as long, so a fixed cost
# and a per-second one cannot be told apart), k the outside-point CPU per
# point
fit() {
	csv_awk 'FNR == 1 { header(); next }
	$col("kind") == "point" {
		x[0] = 1; x[1] = $col("guest_s"); x[2] = x[1] * $col("work"); y = $col("cpu_s")
		for (i = 0; i < 3; i++) { for (j = 0; j < 3; j++) m[i, j] += x[i] * x[j]; v[i] += x[i] * y }
		g[x[1]] = 1; np++
	}
	$col("kind") == "boot" { res += $col("cpu_s") }
	# solve m z = v over the unknowns from lo to 2 (Gauss, partial pivoting)
	function solve(lo,   i, j, r, p, f, t) {
		for (i = lo; i < 3; i++) { for (j = lo; j < 3; j++) a[i, j] = m[i, j]; b[i] = v[i] }
		for (i = lo; i < 3; i++) {
			p = i; for (r = i + 1; r < 3; r++) if ((a[r, i] < 0 ? -a[r, i] : a[r, i]) > (a[p, i] < 0 ? -a[p, i] : a[p, i])) p = r
			if (a[p, i] == 0) return 0
			for (j = lo; j < 3; j++) { t = a[i, j]; a[i, j] = a[p, j]; a[p, j] = t } t = b[i]; b[i] = b[p]; b[p] = t
			for (r = i + 1; r < 3; r++) { f = a[r, i] / a[i, i]; for (j = i; j < 3; j++) a[r, j] -= f * a[i, j]; b[r] -= f * b[i] }
		}
		for (i = 2; i >= lo; i--) { t = b[i]; for (j = i + 1; j < 3; j++) t -= a[i, j] * z[j]; z[i] = t / a[i, i] }
		return 1
	}
	END {
		n = 0; for (k in g) n++
		z[0] = 0
		if (np < 2 || !solve(n > 1 ? 0 : 1)) { print "budget: calibration has no spread of W to fit" > "/dev/stderr"; exit 1 }
		printf "%.6f %.6f %.6f %.6f\n", z[1], z[2], z[0], res / np
	}' "$1"
}

# makespan SLOTS < costs: longest first, each to the least loaded slot
makespan() {
	sort -gr | awk -v k="$1" '{ m = 1; for (i = 2; i <= k; i++) if (l[i] < l[m]) m = i; l[m] += $1 }
		END { x = 0; for (i = 1; i <= k; i++) if (l[i] > x) x = l[i]; printf "%.0f\n", x }'
}

# sweep_costs TMP NAME A B K: one line per boot, "GUEST_S CPU_S POINTS"
# (a point runs its task set's duration, or the -d MS of its plan line; its
# U is in its name, POLICY-uU-sSEED; the replicates' prelude has no DL work)
sweep_costs() {
	local tmp=$1/po name=$2 a=$3 b=$4 k=$5 raw plan topo dur
	mkdir -p "$tmp"
	DLCAP_RESULTS=$tmp "$DLCAP_TOP/scripts/sweep.sh" --plan-only "$name" > "$tmp/$name.plans" ||
		die "sweep.sh --plan-only $name failed"
	raw=$tmp/raw/sweeps/$name
	dur=$(jq '.global.duration' "$(ls "$raw"/tasksets/u*-s*.json | head -1)")
	while read -r _ plan topo; do
		topo=${topo#(}; topo=${topo%)}
		awk -v a="$a" -v b="$b" -v k="$k" -v c="$(cap "$topo")" -v dur="$dur" '
			/^#/ || !NF { next }
			{
				g = dur; u = 0
				for (i = 3; i <= NF; i++) {
					if ($i == "-d" && i < NF) g = $(i + 1) / 1000
					else if ($i ~ /^-d[0-9]+$/) g = substr($i, 3) / 1000
				}
				if (match($1, /-u[0-9.]+-s/)) u = substr($1, RSTART + 2, RLENGTH - 4) + 0
				w = u < c ? u : c; tg += g; cpu += g * (a + b * w) + k; n++
			}
			END { printf "%s %s %d\n", tg, cpu, n }' "$plan"
	done < <(grep '^== ' "$tmp/$name.plans")
}

# plan_costs KERNEL TOPO PLAN A B K: "GUEST_S CPU_S POINTS" of one boot
plan_costs() {
	local topo=$2 plan=$DLCAP_TOP/experiments/plans/$3.plan a=$4 b=$5 k=$6 c
	[ -r "$plan" ] || die "no $plan"
	c=$(cap "$topo")
	grep -v '^[[:space:]]*#' "$plan" | awk 'NF' | while read -r _ f rest; do
		js=
		case $f in *.json) js=$f ;; esac
		for x in $rest; do case $x in *.json) [ -n "$js" ] || js=$x ;; esac; done
		g=1 w=0
		[ -n "$js" ] && read -r g w < <(json_cost "$DLCAP_TOP/experiments/tasksets/$js")
		# shellcheck disable=SC2086
		d=$(dur_opt $rest)
		[ -n "$d" ] && g=$d
		echo "$g $w"
	done | awk -v a="$a" -v b="$b" -v k="$k" -v c="$c" '
		{ w = $2 < c ? $2 : c; g += $1; cpu += $1 * (a + b * w) + k; n++ }
		END { printf "%s %s %d\n", g, cpu, n }'
}

table() {
	local calib=$1 a b c k tmp e raw n kind
	shift
	read -r a b c k < <(fit "$calib") || exit 1
	echo "budget: model cpu_s = $c + guest_s x ($a + $b x W) per point, + $k per point outside the points ($calib)" >&2
	k=$(awk -v c="$c" -v k="$k" 'BEGIN { print c + k }')
	tmp=$(mktemp -d); trap 'rm -rf "$tmp"' RETURN
	echo "experiment,kind,points,boots,guest_s,cpu_s,wall_here_s,wall_node_s"
	# row NAME KIND SLOTS_HERE < "GUEST CPU POINTS" per boot
	row() {
		awk '{ g += $1; c += $2; p += $3; n++; print $2 > "'"$tmp"'/boots" }
			END { printf "%d %d %.1f %.0f\n", p, n, g, c }' > "$tmp/sum"
		read -r p nb g c < "$tmp/sum"
		[ "$2" = measured ] && nb=-	# points, each its own boot or not
		echo "$1,$2,$p,$nb,$g,$c,$(makespan "$3" < "$tmp/boots"),$(makespan "$node_slots" < "$tmp/boots")"
	}
	# named sweeps only, or every committed experiment and the new design
	[ $# -gt 0 ] || while IFS=, read -r e _ raw; do
		case $raw in
		results/raw/sweeps/*)
			n=${raw#results/raw/sweeps/}; n=${n%%/*}
			sweep_costs "$tmp" "$n" "$a" "$b" "$k" | row "$e" sweep "$here_slots" ;;
		results/raw/fidelity/*)
			# the committed benches' own host seconds, one per point
			# (determinism.csv has no guest_s: its points' task sets say it)
			for f in "$DLCAP_TOP"/results/fidelity/*.csv; do
				[ "${f##*/}" != manifest.csv ] || continue
				if head -1 "$f" | tr , '\n' | grep -qx guest_s; then
					csv_awk 'FNR == 1 { header(); next }
						{ k = $col("mode") SUBSEP $col("run") SUBSEP $col("point") }
						!(k in seen) { seen[k] = 1; print $col("guest_s"), $col("host_s"), 1 }' "$f"
				else
					csv_awk 'FNR == 1 { header(); next } { print $col("point"), $col("host_s") }' "$f" |
					while read -r pt hs; do
						read -r _ js rest < <(awk -v p="$pt" '$1 == p { print; exit }' "$DLCAP_TOP/experiments/plans/determinism.plan")
						[ -n "${js:-}" ] || die "budget: $f: point $pt is not in determinism.plan"
						read -r g _ < <(json_cost "$DLCAP_TOP/experiments/tasksets/$js")
						# shellcheck disable=SC2086
						d=$(dur_opt $rest)
						echo "${d:-$g} $hs 1"
					done
				fi
			done | row "$e" measured 1 ;;
		*)
			for d in $raw; do
				IFS=/ read -r _ _ kern topo plan <<< "$d"
				plan_costs "$kern" "$topo" "$plan" "$a" "$b" "$k"
			done | row "$e" plan 1 ;;
		esac
	done < <(tail -n +2 "$DLCAP_TOP/results/index.csv")
	[ $# -gt 0 ] || set -- $(cd "$DLCAP_TOP/experiments/sweeps" && ls evidence-*.sweep growth*.sweep | sed 's/\.sweep$//')
	for n in "$@"; do
		sweep_costs "$tmp" "$n" "$a" "$b" "$k" | row "$n" new "$here_slots"
	done
}

# report TABLE HERE: table's output as Markdown, hours, with the totals: the
# committed experiments of today; the evidence here (them and the sweeps
# listed in HERE, one name a line, '#' comments); the whole design on the
# node (them and every new sweep). Experiments run one after another, so a
# total's wall time is the sum of theirs (an upper bound on the node).
report() {
	local tab=$1 here=$2
	[ -r "$here" ] && [ -r "$tab" ] || die "no $tab or no $here"
	awk -F, -v list="$here" '
		BEGIN { while ((getline l < list) > 0) { sub(/#.*/, "", l); gsub(/[ \t]/, "", l); if (l != "") want[l] = 1 } }
		function h(s) { return sprintf("%.2f", s / 3600) }
		NR == 1 { print "| experiment | kind | points | boots | guest s | host CPU h | here, wall h (2 boots at once) | 64-core node, wall h | run here |"
			print "|---|---|---|---|---|---|---|---|---|"; next }
		{
			in_here = $2 != "new" || ($1 in want); if ($1 in want) found[$1] = 1
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, h($6), h($7), h($8), in_here ? "yes" : "no (node)"
			if ($2 != "new") { cc += $6; ch += $7; cn += $8 }
			if (in_here) { hc += $6; hh += $7; hn += $8 }
			ac += $6; ah += $7; an += $8
		}
		END {
			for (l in want) if (!(l in found)) { print "budget: " list ": " l " is not a new sweep" > "/dev/stderr"; exit 2 }
			printf "| **committed experiments today** | | | | | %s | %s | %s | |\n", h(cc), h(ch), h(cn)
			printf "| **the evidence here** (them + the sweeps run here) | | | | | %s | %s | %s | |\n", h(hc), h(hh), h(hn)
			printf "| **the whole design** (them + every new sweep) | | | | | %s | %s | %s | |\n", h(ac), h(ah), h(an)
		}' "$tab"
}

case $cmd in
calibrate) [ $# -ge 1 ] || usage; calibrate "$@" ;;
makespan) [ $# = 1 ] || usage; makespan "$1" ;;	# SLOTS < costs (tests)
report) [ $# = 2 ] || usage; report "$@" ;;
table) [ $# -ge 1 ] || usage; [ -r "$1" ] || die "no calibration $1"; table "$@" ;;
*) usage ;;
esac
