# shellcheck shell=bash
# Helpers of the KUnit console checks (tests/check-kunit*.sh), sourced.
# kunit_console DIR: $con, DIR's console.log without the serial console's
# CRs (a temporary file, removed on exit); exits 2 when there is none.
kunit_console() {
	[ -r "$1/console.log" ] || { echo "$(basename "$0"): no $1/console.log" >&2; exit 2; }
	con=$(mktemp)
	trap 'rm -f "$con"' EXIT
	tr -d '\r' < "$1/console.log" > "$con"
}
# KTAP after printk's time stamp: "[ T]     ok N NAME" per case,
# "[ T] ok N SUITE" for a suite
ts='^\[ *[0-9.]+\] '
# kunit_cases RESULT PREFIX: the cases named PREFIX... with result RESULT
# ("ok" or "not ok"), sorted, space separated
kunit_cases() {
	sed -nE "s/$ts"'\s+'"$1"' [0-9]+ ('"$2"'[a-z0-9_]+)( #.*)?$/\1/p' "$con" | sort | paste -sd' '
}
# shellcheck disable=SC2048,SC2086  # lists are split on purpose
sorted() { printf '%s\n' $* | sort -u | paste -sd' '; }
without() {	# the cases of $2 (a list) that are not in $1
	printf '%s\n' $2 | grep -vxF -f <(printf '%s\n' $1) | sort | paste -sd' '
}
