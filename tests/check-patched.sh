#!/bin/bash
# Assertions of the capacity-policy issue on the runs of tests/plans/*:
#   tests/check-patched.sh STOCK_HIKEY PATCHED_HIKEY PATCHED_DYNAMIQ3
# Each argument is a run-batch output folder. One PASS:/FAIL: line each.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
stock=${1:?} hikey=${2:?} dyn=${3:?}

# Admission on HiKey960, 16 tasks of 8000/16000 us, bw = (8000 << 20) /
# 16000 = 524288 each, limit = (996147 * sum_cap) >> 10, sum_cap from the
# topology file, less what the fair servers hold (servers_bw, from the
# guest: 0 on 6.1, 8 x 52428 = 419424 on 6.12). Capacity: 4*462 + 4*1024
# = 5944 -> 11 tasks on 6.1, 10 on 6.12; cpus: 8*1024 -> 15, 14.
# limit SUM_CAP SERVERS: the tasks of 524288 admitted
limit() { echo $(( ((996147 * $1 >> 10) - $2) / 524288 )); }
eval "$("$top/scripts/topo.sh" "$top/experiments/topologies/hikey960.topo")"
sum_cap=0; for c in $TOPO_CAPS; do sum_cap=$((sum_cap + c)); done
# each kernel's fair servers, as its guest read them at boot
srv=$(servers_bw "$hikey") || { fail "the patched run's fair servers: $hikey/guest.txt"; srv=0; }
stock_srv=$(servers_bw "$stock") || { fail "the stock run's fair servers: $stock/guest.txt"; stock_srv=0; }
cap_n=$(limit $sum_cap "$srv") cpus_n=$(limit $((1024 * TOPO_NCPUS)) "$srv")
stock_n=$(limit $sum_cap "$stock_srv")
check "the patched and the stock run have the same fair servers (bandwidth $srv, $stock_srv)" test "$srv" = "$stock_srv"
boot_bw=$(sed -n 's/^dl_bw->total_bw at boot: //p' "$hikey/guest.txt" 2>/dev/null)
check "the guest's total_bw at boot is the fair servers' bandwidth, $srv (${boot_bw:-no line: 0})" test "${boot_bw:-0}" = "$srv"
check "stock admits $stock_n of 16 (got $(admitted "$stock/adm"))" test "$(admitted "$stock/adm")" = "$stock_n"
check "patched, defaults, admits $cap_n (got $(admitted "$hikey/adm"))" test "$(admitted "$hikey/adm")" = "$cap_n"
check "patched, dl_admission=capacity, admits $cap_n (got $(admitted "$hikey/adm-capacity"))" \
	test "$(admitted "$hikey/adm-capacity")" = "$cap_n"
check "patched, dl_admission=cpus, admits $cpus_n (got $(admitted "$hikey/adm-cpus"))" \
	test "$(admitted "$hikey/adm-cpus")" = "$cpus_n"
check "refusals are EBUSY" \
	test "$(csv_awk 'FNR == 1 { header(); next } $col("admitted") == 0 { print $col("errno") }' "$hikey/adm-cpus/tasks.csv" | sort -u)" = EBUSY

# Knobs, tested inside the guest by tests/guest/knobs.sh.
if [ -r "$hikey/knobs/dlgen.log" ]; then
	sed -n 's/^\(PASS\|FAIL\): /\1: in guest: /p' "$hikey/knobs/dlgen.log"
	grep -q '^FAIL' "$hikey/knobs/dlgen.log" && assert_failed=1
	check "in-guest knob checks ran (exit $(point_rc "$hikey/knobs"))" \
		test "$(grep -c '^PASS' "$hikey/knobs/dlgen.log")" -ge 30
else
	check "in-guest knob checks ran" false
fi

# Stock equivalence: the patched kernel with defaults reproduces the stock
# cover-letter placement, and admits the same.
"$top/tests/check-cover.sh" "$hikey" cover | sed 's/^\(PASS\|FAIL\): /\1: patched defaults: /'
[ "${PIPESTATUS[0]}" = 0 ] || assert_failed=1
check "stock and patched defaults admit the same instances of the admission set" \
	cmp -s <(cols "$stock/adm/tasks.csv" task,instance,admitted,errno) <(cols "$hikey/adm/tasks.csv" task,instance,admitted,errno)

# CPU hotplug (experiments/tasksets/hotplug.sh): 10 x 8000/16000 us admitted (bw
# 5242880, with the servers' 5662304 on 6.12, within 5782322); offlining
# CPU 7 leaves sum_cap 4920 -> limit 4786175 < bw under capacity
# (refused), 7 x 1024 -> 6973029 under cpus (allowed).
hp() { sed -n "s/^$2: //p" "$hikey/$1/dlgen.log" 2>/dev/null; }
check "hotplug: 10 tasks admitted under capacity ($(hp hotplug-capacity admitted))" \
	test "$(hp hotplug-capacity admitted)" = 10
check "hotplug: total_bw before the tasks is the fair servers', $srv ($(hp hotplug-capacity 'total_bw before'), $(hp hotplug-cpus 'total_bw before'))" \
	test "$(hp hotplug-capacity 'total_bw before')/$(hp hotplug-cpus 'total_bw before')" = "$srv /$srv "
check "hotplug, capacity: offlining a big CPU is refused with EBUSY ($(hp hotplug-capacity offline))" \
	test "$(hp hotplug-capacity offline)" = "refused: Device or resource busy"
check "hotplug, cpus: offlining a big CPU is allowed ($(hp hotplug-cpus offline))" \
	test "$(hp hotplug-cpus offline)" = allowed
check "hotplug: CPU 7 is online again after both points" \
	test "$(hp hotplug-capacity 'cpu7 online')$(hp hotplug-cpus 'cpu7 online')" = 11
check "hotplug: no DL bandwidth stays accounted after an offline/online cycle, total_bw back to the servers' $srv ($(hp hotplug-cpus 'total_bw after'))" \
	test "$(hp hotplug-cpus 'total_bw after')" = "$srv "

# Placement, HiKey960 (LITTLE 0-3 at 462, big 4-7).
check "density 0.6 runs on a big CPU under fit" jobs_on "$hikey/fit-0.6" d0.6 4 7 50
check "density 0.6 runs on a big CPU under best-fit" jobs_on "$hikey/bestfit-0.6" d0.6 4 7 50
check "density 0.3 runs on a LITTLE CPU under best-fit" jobs_on "$hikey/bestfit-0.3" d0.3 0 3 50

# Juri Lelli's scenario: small tasks (0.3) first, big ones (0.75) 2 ms later.
check "lelli, best-fit: the small tasks run on the LITTLEs" jobs_on "$hikey/lelli-bestfit" small 0 3 100
check "lelli, best-fit: the big tasks get the big CPUs" jobs_on "$hikey/lelli-bestfit" big 4 7 100

# Fallback, three classes (384 x4 on 0-3, 768 x3 on 4-6, 1024 on 7): the hog
# (0.8) holds the big CPU, the misfit (0.8) fits no idle CPU.
check "fallback: the hog runs on the big CPU 7" jobs_on "$dyn/fallback-max" hog 7 7 50
check "fallback max-capacity: the misfit runs on a 768 CPU (4-6)" \
	jobs_on "$dyn/fallback-max" misfit 4 6 50

# The fallback values must mean different things (v1's "none" placed every
# job where "stay" did). fallback-busy.json: a hog of density 0.8 (30 ms of
# work per 40 ms) and a misfit of density 0.8 with a 10 ms period both fit
# only CPU 7. The misfit's earlier deadlines preempt the hog there, and the
# hog, now pushable, fits no idle CPU: "stay" leaves it queued on CPU 7,
# "max-capacity" pushes it to a 768 CPU, and so does "preempt", which finds
# no CPU it fits running a later deadline (CPU 7 runs the misfit's earlier
# one) and falls back to max-capacity's choice.
check "fallback-busy, stay: every hog job starts and ends on CPU 7 (no push)" jobs_on "$dyn/busy-stay" hog 7 7 20
check "fallback-busy, max-capacity: hog jobs end on a 768 CPU (pushed)" jobs_end_on "$dyn/busy-max" hog 4 6 20
check "fallback-busy, preempt: hog jobs end on a 768 CPU (pushed)" jobs_end_on "$dyn/busy-preempt" hog 4 6 20
# Every decision explained: the trace events of dl-capacity-trace, joined
# to the jobs by scripts/placement-reasons.sh (reasons.csv per job,
# reason-counts.csv per point).
share() { csv_awk -v t="$2" -v r="$3" 'FNR == 1 { header(); next } $col("task") == t { n++; k += $col("reason") == r } END { printf "%d/%d", k, n }' "$1/reasons.csv"; }
check "reasons: fallback-max's misfit jobs were placed by the max-capacity fallback ($(share "$dyn/fallback-max" misfit fallback-max))" \
	most "$(share "$dyn/fallback-max" misfit fallback-max)"
refused=$(csv_awk 'FNR == 1 { header(); next } $col("path") == "admission" { print $col("count") }' "$hikey/adm/reason-counts.csv" 2>/dev/null)
check "reasons: the kernel traced the admission set's $((16 - cap_n)) refusals (traced: ${refused:-none})" test "${refused:-}" = $((16 - cap_n))
# Every refusal of the admission test is traced with its source:
# refusals POINT FIELD...: per kind of sched_dl_admission_refused event in
# its placements.trace, "COUNT VALUE..." of the FIELDs, read by name.
refusals() {
	local p=$1; shift
	awk -v want="$*" '/ sched_dl_admission_refused: / {
		split("", kv)
		for (i = 1; i <= NF; i++) if ((eq = index($i, "=")) > 0) kv[substr($i, 1, eq - 1)] = substr($i, eq + 1)
		n = split(want, w, " "); line = kv[w[1]]
		for (k = 2; k <= n; k++) line = line " " kv[w[k]]
		print line
	}' "$p/placements.trace" 2>/dev/null | sort | uniq -c | sed 's/^ *//'
}
# the limit: 0.95 in BW_SHIFT fixed point (996147) scaled by a capacity sum
lim() { echo $(( 996147 * $1 >> 10 )); }
cap7=${TOPO_CAPS##* }
all="source cpu pid old_bw new_bw total_bw limit"
# total_bw counts the fair servers' $srv beside the tasks
got=$(refusals "$hikey/adm" source old_bw new_bw total_bw limit)
check "refusals: the admission set's $((16 - cap_n)) are setattr's, 524288 asked with $cap_n x 524288 and the servers' $srv admitted, limit $(lim $sum_cap) (${got:-none})" \
	test "$got" = "$((16 - cap_n)) setattr 0 524288 $((srv + cap_n * 524288)) $(lim $sum_cap)"
got=$(refusals "$hikey/hotplug-capacity" $all)
check "refusals: hotplug-capacity's refused offline of CPU 7 is one of source hotplug, for no task, 10 x 524288 and the servers' $srv admitted over the limit without CPU 7, $(lim $((sum_cap - cap7))) (${got:-none})" \
	test "$got" = "1 hotplug 7 -1 0 0 $((srv + 10 * 524288)) $(lim $((sum_cap - cap7)))"
check "refusals: none in hotplug-cpus, whose offline was allowed" \
	sh -c "test -r '$hikey/hotplug-cpus/placements.trace' && ! grep -q sched_dl_admission_refused '$hikey/hotplug-cpus/placements.trace'"
got=$(refusals "$hikey/knobs" source pid old_bw new_bw total_bw limit)
want="1 dl-admission -1 0 0 $((srv + 8 * 786432)) $(lim $sum_cap)"
what="its refused switch to capacity, of source dl-admission, for no task, 8 x 786432 and the servers' $srv admitted over $(lim $sum_cap)"
if [ "$srv" != 0 ]; then
	# 6.12: and CPU 0's fair server refused 200 ms a second (209715) with
	# eight tasks of 655360 admitted; it gives up its bandwidth at boot
	cpu0=$(sed -n 's|^fair_server runtime/period ns: cpu0=\([0-9]*\)/\([0-9]*\).*|\1 \2|p' "$hikey/guest.txt")
	cpu0_bw=$(( (${cpu0% *} << 20) / ${cpu0#* } ))
	want="$want
1 fair-server -1 $cpu0_bw 209715 $((srv + 8 * 655360)) $(lim $sum_cap)"
	what="$what; CPU 0's fair server's 200 ms a second, of source fair-server, $cpu0_bw -> 209715 with 8 x 655360 and the servers' admitted"
fi
# and sched_rt_runtime_us lowered to 700000 (0.7 in BW_SHIFT fixed point,
# 734003) with 8 x 655360 admitted: refused over the lower limit
want="$want
1 rt-runtime -1 0 0 $((srv + 8 * 655360)) $(( 734003 * sum_cap >> 10 ))"
what="$what; sched_rt_runtime_us lowered to 700000, of source rt-runtime, 8 x 655360 and the servers' over $(( 734003 * sum_cap >> 10 ))"
check "refusals: the knobs point's are $what (${got:-none})" test "$got" = "$want"
lost=$(csv_awk 'FNR == 1 { header(); next } $col("path") == "trace" { s += $col("count") } END { print s + 0 }' \
	"$hikey"/*/reason-counts.csv "$dyn"/*/reason-counts.csv 2>/dev/null)
check "reasons: no trace event lost to a full buffer in any point ($lost lost)" test "$lost" = 0
exit $assert_failed
