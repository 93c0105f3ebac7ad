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
# refused NAME FROM SED PATTERN WHAT: document FROM edited by SED is refused,
# exit 2 with one line on stderr that matches PATTERN (FILE:LINE first)
refused() {
	sed "$3" "$tmp/$2.md" > "$tmp/$1.md"
	"$s" --check "$tmp/$1.md" > /dev/null 2> "$tmp/$1.err"
	local rc=$?
	check "$5: exit 2 ($(cat "$tmp/$1.err"))" sh -c 'test "$1" = 2 && test "$(wc -l < "$2")" = 1 && grep -q "$3" "$2"' \
		sh "$rc" "$tmp/$1.err" "$1.md:$4"
}
check "a table that matches its CSV passes --check" "$s" --check "$tmp/good.md"
sed 's/| 13.04 |/| 13.05 |/' "$tmp/good.md" > "$tmp/num.md"
"$s" --check "$tmp/num.md" > /dev/null 2> "$tmp/num.err"; rc=$?
check "one number changed in a table fails --check, naming the line (exit $rc)" \
	sh -c "test $rc = 1 && grep -q '13.05' '$tmp/num.err'"
"$s" --write "$tmp/num.md"
check "--write puts the CSV's table back, the text around it untouched" cmp "$tmp/good.md" "$tmp/num.md"
sed '/^| b |/d' "$tmp/good.md" > "$tmp/row.md"
check "a row missing from a table fails --check" sh -c "! '$s' --check '$tmp/row.md' 2> /dev/null"
refused col good "s/late={late_jobs}/late={late}/" '2: .*no column late' "a column the CSV lacks"
refused end good '/end table/d' '7: .*no <!-- end table -->' "a table without its end line"
sed 's/{ms:%.2f}/{ms:%.2q}/' "$tmp/good.md" > "$tmp/fmt.md"
check "a format that is not one printf conversion: exit 2" sh -c "'$s' --check '$tmp/fmt.md' 2> /dev/null; test \$? = 2"
sed "s/{ms:%.2f} -->/{ms:%.2f} ; where task=t1 -->/; /^| a |/d" "$tmp/good.md" > "$tmp/where.md"
check "where NAME=VALUE keeps only the matching rows" "$s" --check "$tmp/where.md"
# {NAME:FORMAT/N}: the value over N (ns to us here), then FORMAT
sed 's/ | mean (ms)={ms:%.2f} -->/ | p50 (us)={lat_ns:%.2f\/1000} -->/; s/| 2.22 |$/| 2.86 |/; s/| 13.04 |$/| 8.32 |/; s/| mean (ms) |$/| p50 (us) |/' \
	"$tmp/good.md" > "$tmp/div.md"
check "{lat_ns:%.2f/1000} divides by 1000 (2864 ns: 2.86)" "$s" --check "$tmp/div.md"
for d in 0 x 1e3; do
	refused "div$d" div "s|{lat_ns:%.2f/1000}|{lat_ns:%.2f/$d}|" "2: divisor $d of lat_ns is not a positive number" "divisor $d"
done
refused divd div 's|{lat_ns:%.2f/1000}|{lat_ns:%d/1000}|' '2: format %d/1000 of lat_ns: a divided value needs' \
	"a divided value with %d (it would truncate)"

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
refused sortcol sort 's/sort u,policy/sort u,rule/' '1: .*no column rule (sort)' "sort by a column the CSV lacks"
refused clause sort 's/ ; sort u,policy/ ; sorted u/' '1: clause "sorted u" is neither' "a clause that is neither where nor sort"
sed "s|$csv|tests/data/experiments-tables/none.csv|" "$tmp/good.md" > "$tmp/nofile.md"
check "a CSV that does not exist: exit 2" sh -c "'$s' --check '$tmp/nofile.md' 2> /dev/null; test \$? = 2"
# inline values in prose
printf 'In b, <!-- value %s: {late_jobs} of {jobs} ; where task=t1 -->124 of 496<!-- /value --> were late; a: <!-- value %s: {ms:%%.1f} ; where run=r/a -->2.2<!-- /value --> ms.\n' "$csv" "$csv" > "$tmp/value.md"
check "inline values that match their CSV pass --check" "$s" --check "$tmp/value.md"
sed 's/-->2.2</-->2.3</' "$tmp/value.md" > "$tmp/value2.md"
check "an inline value changed fails --check" sh -c "! '$s' --check '$tmp/value2.md' 2> /dev/null"
"$s" --write "$tmp/value2.md"
check "--write puts the inline value back, the prose around it untouched" cmp "$tmp/value.md" "$tmp/value2.md"
refused vrows value 's/ ; where task=t1//' '1: .*2 rows match a value' "a value whose clauses match two rows"
refused vend value 's|<!-- /value --> ms|ms|' '1: a value without its' "a value without its end on the same line"
# an empty cell under a number format: "–" in a table (a baseline's
# difference from itself), refused in a value
ecsv=tests/data/experiments-tables/empty.csv
printf '<!-- table %s: policy={policy} | minus series (pp)={diff:%%.2f/0.01} -->\n<!-- end table -->\n' "$ecsv" > "$tmp/empty.md"
"$s" --write "$tmp/empty.md"
check "an empty cell under a number format prints as – in a table, the others formatted" \
	sh -c 'grep -qx "| series | – |" "$1" && grep -qx "| migrate | -2.17 |" "$1"' sh "$tmp/empty.md"
printf 'x <!-- value %s: {diff:%%.2f/0.01} ; where policy=series -->?<!-- /value -->\n' "$ecsv" > "$tmp/evalue.md"
refused evalue2 evalue 's/x/y/' '1: .*diff = "" is not a number' "an empty cell under a number format in a value"
exit $assert_failed
