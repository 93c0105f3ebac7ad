#!/bin/bash
# The headline sweep's expected outcome, on its table.csv (per topology):
#   - every capacity-aware policy (all but "unaware") admitted at most the
#     capacity limit 0.95 x sum(cap)/1024 (+ rounding), "unaware" at most
#     0.95 x CPUs;
#   - "unaware" is worse where it matters: at the largest U, its mean p99
#     tardiness is above the series' ("series"), and it grew from the
#     smallest U to the largest.
# Prints one line per check; exit 1 when one fails. Whether best-fit or the
# non-idle fit beat the series is the question, not an expectation.
# Usage: scripts/expect-headline.sh TABLE_CSV
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
table=${1:?usage: expect-headline.sh TABLE_CSV}
[ -r "$table" ] || die "no $table"
bad=0
for t in $(tail -n +2 "$table" | cut -d, -f1 | sort -u); do
	lims=$(admission_limits "$t")
	csv_awk -v t="$t" -v lims="$lims" '
	BEGIN { split(lims, L, " ") }
	FNR == 1 { header(); next }
	$col("topology") != t { next }
	{
		p = $col("policy"); u = $col("u") + 0; adm = $col("admitted_bw"); p99 = $col("p99_tard")
		lim = p == "unaware" ? L[2] : L[1]
		if (adm > lim + 0.01) { printf "FAIL %s %s u=%s: mean admitted %.3f > limit %.3f\n", t, p, u, adm, lim; bad = 1 }
		if (!(p in umin) || u < umin[p]) { umin[p] = u; pmin[p] = p99 }
		if (!(p in umax) || u > umax[p]) { umax[p] = u; pmax[p] = p99 }
	}
	END {
		if (!("unaware" in umax) || !("series" in umax)) { printf "FAIL %s: needs policies unaware and series\n", t; exit 1 }
		printf "%s: at U = %s, p99 tardiness unaware %.2f vs series %.2f periods; unaware from %.2f (U = %s)\n",
			t, umax["unaware"], pmax["unaware"], pmax["series"], pmin["unaware"], umin["unaware"]
		if (pmax["unaware"] <= pmax["series"]) { printf "FAIL %s: unaware is not worse than the series at the largest U\n", t; bad = 1 }
		if (pmax["unaware"] <= pmin["unaware"]) { printf "FAIL %s: unaware tardiness did not grow with U\n", t; bad = 1 }
		exit bad
	}' "$table" || bad=1
done
[ $bad = 0 ] && echo "expected outcome holds: admission within the limits; the capacity-unaware kernel is worse at high load"
exit $bad
