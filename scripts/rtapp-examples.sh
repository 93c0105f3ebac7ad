#!/bin/bash
# rtapp-examples.sh DIR: which of rt-app's example task sets dlgen accepts.
#
# DIR is a checkout of scheduler-tools/rt-app (its doc/examples/ is used)
# or any folder of JSON files; rt-app's files are GPL and stay out of this
# repository. Prints a Markdown table, one row per file: accepted, or
# dlgen --check's first error line (the reason), then the count.
#   git clone https://github.com/scheduler-tools/rt-app /tmp/rtapp
#   git -C /tmp/rtapp checkout 55cb0c0
#   scripts/rtapp-examples.sh /tmp/rtapp
set -u
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] && [ -d "$1" ] || die "usage: $0 RT-APP-CHECKOUT-OR-FOLDER"
dir=$1
[ -d "$dir/doc/examples" ] && dir=$dir/doc/examples
dlgen=${DLGEN:-$DLCAP_TOP/dlgen/build/dlgen}
[ -x "$dlgen" ] || make -s -C "$DLCAP_TOP/dlgen" build/dlgen > /dev/null || die "cannot build dlgen"
n=0 ok=0
echo "| file | accepted | reason (dlgen --check's first line) |"
echo "|---|---|---|"
while IFS= read -r f; do
	rel=${f#"$dir"/}
	n=$((n + 1))
	if out=$(cd "$dir" && "$dlgen" --check "$rel" 2>&1 >/dev/null); then
		ok=$((ok + 1))
		echo "| $rel | yes | |"
	else
		echo "| $rel | no | $(printf '%s' "$out" | head -1 | sed 's/|/\\|/g') |"
	fi
done < <(find "$dir" -name '*.json' | LC_ALL=C sort)
echo
echo "$ok of $n accepted"
