#!/bin/bash
# The same data give the same figure bytes: lib/plot.sh plot_both twice, a
# second apart (cairo stamps PDFs with the time of day), compared.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$DLCAP_TOP/scripts/lib/plot.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'plot sin(x) title %s\n' "$(gp_str "it's")" > "$tmp/p.gp"
plot_both "$tmp/a" 320,240 3in,2in "$tmp/p.gp"
sleep 1.1
plot_both "$tmp/b" 320,240 3in,2in "$tmp/p.gp"
for t in png pdf; do
	if cmp -s "$tmp/a.$t" "$tmp/b.$t"; then
		echo "PASS: the same plot twice gives the same $t bytes"
	else
		echo "FAIL: the same plot twice gives different $t bytes"; cmp "$tmp/a.$t" "$tmp/b.$t" | sed 's/^/    /'
	fi
done
