#!/bin/bash
# Every target that `make help` lists resolves, with an empty cache, to the
# commands it needs: `make -n TARGET` with DLCAP_CACHE pointing at an empty
# folder exits 0, no rule falls back to another pattern with a wrong stem,
# and each sweep target runs its own sweep after building its kernels.
# Nothing is built or booted (make -n). Prints PASS:/FAIL: lines.
#
# Usage: tests/check-make-targets.sh [MAKEFILE_DIR]   (default: the tree)
set -u
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 1
empty=$(mktemp -d /tmp/dlcap-empty-cache.XXXXXX)
trap 'rm -rf "$empty"' EXIT
export DLCAP_CACHE=$empty
. "$top/tests/assert.sh"	# pass, fail
. "$top/scripts/lib/policy.sh"	# sweep_policies

# sweep_kernels FILE: the kernel variants its policies name (the one parser
# of sweep files, as the Makefile's sweep_kernels)
sweep_kernels() { sweep_policies "$1" | awk '{ print $2 }' | sort -u; }

sweeps=$(ls experiments/sweeps/*.sweep | xargs -n1 basename | sed 's/\.sweep$//')
targets=$(make --no-print-directory help 2>/dev/null |
	sed -n 's/^make \([a-z][a-z0-9.-]*\) .*/\1/p' | grep -v '^sweep-NAME$')
for s in $sweeps; do targets="$targets sweep-$s"; done
[ -n "$targets" ] || { fail "make help lists no target"; exit 1; }

declare -A dry=()
for t in all $targets; do
	out=$(make --no-print-directory -n "$t" 2>&1); rc=$?
	dry[$t]=$out
	if [ $rc != 0 ]; then
		fail "make -n $t with an empty cache exits $rc: $(echo "$out" | grep -m1 -i 'error\|no rule\|no experiments')"
		continue
	fi
	if echo "$out" | grep -q 'scripts/sweep.sh run-'; then
		fail "make -n $t runs a sweep named run-...: a rule fell back to sweep-% with a wrong stem"
		continue
	fi
	pass "make -n $t resolves with an empty cache"
done

# What the default target and each sweep must do on the way.
need() {	# TARGET PATTERN...: every PATTERN is in make -n TARGET
	local t=$1 p; shift
	for p in "$@"; do
		if ! grep -qF -- "$p" <<< "${dry[$t]}"; then fail "make -n $t does not run '$p'"; return; fi
	done
	pass "make -n $t runs $(printf "'%s' " "$@")"
}
need all "scripts/kernel-build.sh stock" "scripts/kernel-build.sh patched" \
	"scripts/qemu-build.sh" "scripts/sweep.sh headline-reduced" "scripts/plot-placement.sh" \
	"scripts/expect-headline.sh"
for s in $sweeps; do
	pats=("scripts/sweep.sh $s")
	for k in $(sweep_kernels "experiments/sweeps/$s.sweep"); do
		pats+=("scripts/kernel-build.sh $k")
	done
	need "sweep-$s" "${pats[@]}"
done
# A sweep that does not exist: one line naming it, exit 2, also under -n
# (where a recursive make would otherwise run and fall back to sweep-% with
# the stem run-NAME, and again, without end).
out=$(timeout 60 make --no-print-directory -n sweep-no-such-sweep 2>&1 > /dev/null); rc=$?
if [ $rc = 2 ] && [ "$(grep -c '^no experiments/sweeps/no-such-sweep.sweep ' <<< "$out")" = 1 ] &&
	! grep -q 'run-run' <<< "$out"; then
	pass "make -n sweep-no-such-sweep: exit 2, one line naming the file"
else
	fail "make -n sweep-no-such-sweep: exit $rc, $(wc -l <<< "$out") lines on stderr: $(head -c 200 <<< "$out")"
fi
# The README's table of targets names every one make help lists.
unnamed=
for t in $targets; do
	case $t in sweep-*) continue ;; esac
	grep -qF -- "\`make $t\`" README.md || unnamed="$unnamed $t"
done
if [ -z "$unnamed" ]; then pass "README.md names every target make help lists"
else fail "README.md does not name these targets of make help:$unnamed"; fi
exit $assert_failed
