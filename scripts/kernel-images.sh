#!/bin/bash
# Print "VARIANT=IMAGE" for every kernel variant (kernels/variants/) and each
# VARIANT named: where scripts/kernel-build.sh puts its Image, under the
# version of the tarball it builds from (the Makefile's targets). A name
# with no variant file is printed under build/unknown/, where make's rule
# runs scripts/kernel-build.sh, which names what is missing.
# Usage: scripts/kernel-images.sh [VARIANT...]
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
declare -A ver=()	# per tarball: dpkg-query -S takes a while
for v in $( (cd "$DLCAP_TOP/kernels/variants" && ls; printf '%s\n' "$@") | sort -u); do
	if t=$(variant_tarball "$v" 2> /dev/null); then
		[ -n "${ver[$t]:-}" ] || ver[$t]=$(tarball_version "$t")
		echo "$v=$DLCAP_CACHE/build/${ver[$t]}/$v/arch/arm64/boot/Image"
	else
		echo "$v=$DLCAP_CACHE/build/unknown/$v/arch/arm64/boot/Image"
	fi
done
