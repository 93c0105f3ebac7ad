# shellcheck shell=bash
# Helpers of the KUnit console checks (tests/check-kunit*.sh), sourced.
# kunit_args NBITS [--fault BIT] RUNDIR: the arguments of a checker whose
# faults variant has NBITS bits: sets bit (empty without --fault) and dir;
# bad usage is one line naming the option, exit 2.
kunit_args() {
	local nbits=$1 me
	me=$(basename "$0")
	shift
	bit=
	if [ "${1:-}" = --fault ]; then
		bit=${2:-}
		[[ "$bit" =~ ^[0-9]+$ ]] && [ "$bit" -lt "$nbits" ] ||
			{ echo "$me: --fault: '$bit' is not a bit 0..$((nbits - 1))" >&2; exit 2; }
		shift 2
	fi
	[ $# = 1 ] || { echo "usage: $me [--fault BIT] RUNDIR" >&2; exit 2; }
	dir=$1
}
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
# kunit_suite_checks SUITE PREFIX PARAM ALL [WANT BIT]: the checks of one
# KUnit suite on $con (check from assert.sh). Without BIT: SUITE passed
# with every case of ALL (names PREFIX...). With BIT (the boot had
# PARAM=2^BIT, which breaks the cases WANT): SUITE failed, PARAM was on the
# command line, exactly WANT failed and the rest of ALL passed. Always: no
# case skipped; the cases' diagnostics go to stderr.
# shellcheck disable=SC2086  # lists are split on purpose
kunit_suite_checks() {
	local suite=$1 prefix=$2 param=$3 all=$4 want=${5:-} bit=${6:-} passed failed n mask
	passed=$(kunit_cases ok "$prefix")
	failed=$(kunit_cases 'not ok' "$prefix")
	n=$(printf '%s\n' $all | wc -l)
	if [ -z "$bit" ]; then
		check "KUnit $suite: the suite passed" grep -qE "$ts"'ok [0-9]+ '"$suite"'$' "$con"
		check "... all $n cases passed (passed: ${passed:-none}; failed: ${failed:-none})" \
			test "$passed" = "$(sorted $all)"
	else
		want=$(sorted "$want") mask=$((1 << bit))
		check "KUnit $suite with $param=$mask: the suite failed" \
			grep -qE "$ts"'not ok [0-9]+ '"$suite"'$' "$con"
		check "... the fault was set ($param=$mask on the command line)" \
			grep -qE "Kernel command line: .* $param=$mask( |\$)" "$con"
		check "... exactly $want failed (failed: ${failed:-none})" test "$failed" = "$want"
		check "... the other $((n - $(wc -w <<< "$want"))) passed (passed: ${passed:-none})" \
			test "$passed" = "$(without "$want" "$all")"
	fi
	check "... none skipped ($(grep -cE '# SKIP' "$con") skips)" test "$(grep -cE '# SKIP' "$con")" = 0
	grep -E "# $prefix|EXPECTATION FAILED|Expected " "$con" | head -20 >&2
}
