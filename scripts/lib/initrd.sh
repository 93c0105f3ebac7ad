# An initramfs for one experiment's boots: the tree's, plus one guest
# binary in a cpio of its own, so that the default initramfs, and every
# other boot's bytes, stay as they are. Sourced after scripts/lib.sh.
# shellcheck shell=bash

# initramfs_plus BINARY NAME OUT: write OUT, the tree's initramfs with
# BINARY appended as /usr/bin/NAME (stamped @0, gzip -n: the same bytes
# every time). Written under a temporary name of its own and renamed, as
# two runs may race.
initramfs_plus() {
	local bin=$1 name=$2 out=$3 base gen stage
	base=$DLCAP_TOP/initramfs/build/initramfs.cpio.gz
	gen=$DLCAP_CACHE/tools/gen_init_cpio
	[ -r "$base" ] && [ -x "$gen" ] || die "no $base or $gen (make build-only KERNEL=stock)"
	stage=$(mktemp -d)
	cp "$bin" "$stage/$name"
	touch -d @0 "$stage/$name"
	echo "file /usr/bin/$name $stage/$name 0755 0 0" > "$stage/list"
	{ cat "$base"; "$gen" -t 0 "$stage/list" | gzip -9n; } > "$stage/initramfs"
	mv "$stage/initramfs" "$out.$$.tmp" && mv "$out.$$.tmp" "$out"
	rm -rf "$stage"
}
