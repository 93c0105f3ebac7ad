#!/bin/bash
# scripts/experiments-tables.sh: EXPERIMENTS.md's generated tables are what
# their CSVs give; a changed number is found, --write repairs it, bad
# markers are refused with one line naming FILE:LINE.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d /tmp/dlcap-xt.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
s=$top/scripts/experiments-tables.sh
csv=tests/data/experiments-tables/runs.csv

check "EXPERIMENTS.md's generated tables are what their CSVs give" "$s" --check
good() {
	cat <<EOT
# doc
<!-- table $csv: point={run:base} | late={late_jobs}/{jobs} | mean (ms)={ms:%.2f} -->
| point | late | mean (ms) |
|---|---|---|
| a | 0/62 | 2.22 |
| b | 124/496 | 13.04 |
<!-- end table -->
after
EOT
}
good > "$tmp/good.md"
check "a table that matches its CSV passes --check" "$s" --check "$tmp/good.md"
sed 's/| 13.04 |/| 13.05 |/' "$tmp/good.md" > "$tmp/num.md"
"$s" --check "$tmp/num.md" > /dev/null 2> "$tmp/num.err"; rc=$?
check "one number changed in a table fails --check, naming the line (exit $rc)" \
	sh -c "test $rc = 1 && grep -q '13.05' '$tmp/num.err'"
"$s" --write "$tmp/num.md"
check "--write puts the CSV's table back, the text around it untouched" cmp "$tmp/good.md" "$tmp/num.md"
sed '/^| b |/d' "$tmp/good.md" > "$tmp/row.md"
check "a row missing from a table fails --check" sh -c "! '$s' --check '$tmp/row.md' 2> /dev/null"
sed "s/late={late_jobs}/late={late}/" "$tmp/good.md" > "$tmp/col.md"
"$s" --check "$tmp/col.md" > /dev/null 2> "$tmp/col.err"; rc=$?
check "a column the CSV lacks: exit 2, one line naming FILE:LINE and the column ($(cat "$tmp/col.err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/col.err') = 1 && grep -q 'col.md:2: .*no column late' '$tmp/col.err'"
sed '/end table/d' "$tmp/good.md" > "$tmp/end.md"
"$s" --check "$tmp/end.md" > /dev/null 2> "$tmp/end.err"; rc=$?
check "a table without its end line: exit 2 ($(cat "$tmp/end.err"))" sh -c "test $rc = 2 && grep -q 'no <!-- end table -->' '$tmp/end.err'"
sed 's/{ms:%.2f}/{ms:%.2q}/' "$tmp/good.md" > "$tmp/fmt.md"
check "a format that is not one printf conversion: exit 2" sh -c "'$s' --check '$tmp/fmt.md' 2> /dev/null; test \$? = 2"
sed "s/{ms:%.2f} -->/{ms:%.2f} ; where task=t1 -->/; /^| a |/d" "$tmp/good.md" > "$tmp/where.md"
check "where NAME=VALUE keeps only the matching rows" "$s" --check "$tmp/where.md"
# {NAME:FORMAT/N}: the value over N (ns to us here), then FORMAT
sed 's/ | mean (ms)={ms:%.2f} -->/ | p50 (us)={lat_ns:%.2f\/1000} -->/; s/| 2.22 |$/| 2.86 |/; s/| 13.04 |$/| 8.32 |/; s/| mean (ms) |$/| p50 (us) |/' \
	"$tmp/good.md" > "$tmp/div.md"
check "{lat_ns:%.2f/1000} divides by 1000 (2864 ns: 2.86)" "$s" --check "$tmp/div.md"
for d in 0 x 1e3; do
	sed "s|{lat_ns:%.2f/1000}|{lat_ns:%.2f/$d}|" "$tmp/div.md" > "$tmp/div$d.md"
	"$s" --check "$tmp/div$d.md" > /dev/null 2> "$tmp/div.err"; rc=$?
	check "divisor $d: exit 2, naming FILE:LINE ($(cat "$tmp/div.err"))" \
		sh -c "test $rc = 2 && grep -q 'div$d.md:2: divisor $d of lat_ns is not a positive number' '$tmp/div.err'"
done
sed 's|{lat_ns:%.2f/1000}|{lat_ns:%d/1000}|' "$tmp/div.md" > "$tmp/divd.md"
check "a divided value with %d (it would truncate): exit 2" sh -c "'$s' --check '$tmp/divd.md' 2> /dev/null; test \$? = 2"

# sort: by U as a number (1.5 < 2.5 < 10, which text order would not
# give), then by policy; the CSV lists them policy by policy
sorted=tests/data/experiments-tables/sort.csv
cat > "$tmp/sort.md" <<EOT
<!-- table $sorted: U={u} | policy={policy} | p99={p99} ; sort u,policy -->
| U | policy | p99 |
|---|---|---|
| 1.5 | series | 0.00 |
| 1.5 | unaware | 0.00 |
| 2.5 | series | 0.10 |
| 2.5 | unaware | 4.65 |
| 10 | series | 4.04 |
| 10 | unaware | 25.91 |
<!-- end table -->
EOT
check "sort u,policy orders the rows by U as a number, then by policy" "$s" --check "$tmp/sort.md"
sed 's/ ; sort u,policy -->/ ; where policy=unaware ; sort u -->/; /| series |/d' "$tmp/sort.md" > "$tmp/sortw.md"
check "where and sort together" "$s" --check "$tmp/sortw.md"
sed 's/sort u,policy/sort u,rule/' "$tmp/sort.md" > "$tmp/sortcol.md"
"$s" --check "$tmp/sortcol.md" > /dev/null 2> "$tmp/sortcol.err"; rc=$?
check "sort by a column the CSV lacks: exit 2, naming FILE:LINE ($(cat "$tmp/sortcol.err"))" \
	sh -c "test $rc = 2 && grep -q 'sortcol.md:1: .*no column rule' '$tmp/sortcol.err'"
sed 's/ ; sort u,policy/ ; sorted u/' "$tmp/sort.md" > "$tmp/clause.md"
"$s" --check "$tmp/clause.md" > /dev/null 2> "$tmp/clause.err"; rc=$?
check "a clause that is neither where nor sort: exit 2 ($(cat "$tmp/clause.err"))" \
	sh -c "test $rc = 2 && grep -q 'clause.md:1: clause \"sorted u\"' '$tmp/clause.err'"
sed "s|$csv|tests/data/experiments-tables/none.csv|" "$tmp/good.md" > "$tmp/nofile.md"
check "a CSV that does not exist: exit 2" sh -c "'$s' --check '$tmp/nofile.md' 2> /dev/null; test \$? = 2"
exit $assert_failed
