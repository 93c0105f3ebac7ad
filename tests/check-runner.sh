#!/bin/bash
# The runner's one-job tools on canned inputs, without QEMU or the cache
# (seconds): the QEMU command line (scripts/qemu-command.sh), the initrd
# (scripts/make-initrd.sh, with a stand-in gen_init_cpio), the point keys
# (scripts/point-keys.sh, on stand-in files) and points into OUTDIR with
# their manifests (scripts/point-collect.sh, on a canned work folder); then
# scripts/run-batch.sh composing them, with a stand-in QEMU that prints a
# canned console (needs dlgen/build/dlgen for the plan check).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
. "$top/scripts/lib/kernel.sh"
tmp=${KEEP_TMP:-$(mktemp -d)}; [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
s=$top/scripts
export DLCAP_CACHE=$tmp/cache	# nothing here reads the real cache
unset QEMU_TIMING QEMU_QUANTUM QEMU_SHIFT QEMU_RATES QEMU_ICOUNT QEMU_APPEND QEMU_BIN KEEP_FAILED
hikey=$top/experiments/topologies/hikey960.topo

# lib.sh hash_files: what every key is made of
check "hash_files: no file is an error (it hashed stdin)" bash -c ". '$s/lib.sh'; ! (hash_files) < /dev/null 2> /dev/null"
check "hash_files: a file that cannot be read is an error (it hashed the others)" bash -c ". '$s/lib.sh'; ! (hash_files /dev/null '$tmp/none') 2> /dev/null"

# qemu-command.sh
cmd=$(QEMU_BIN=qbin "$s/qemu-command.sh" "$hikey" 1G /k/Image /w/initrd /w/topo.dtb | tr '\n' '|')
check "qemu-command: hikey960, quantum mode, one argument per line" test "$cmd" = \
	"qbin|-M|virt,gic-version=2|-cpu|cortex-a57|-smp|8|-m|1G|-nographic|-no-reboot|-nic|none|-icount|shift=0,sleep=off,quantum=10000,rates=462/1024:462/1024:462/1024:462/1024:1:1:1:1|-rtc|base=2020-01-01T00:00:00,clock=vm|-seed|1|-kernel|/k/Image|-initrd|/w/initrd|-dtb|/w/topo.dtb|-append|console=ttyAMA0 panic=-1 dlcap.guest=1 skew_tick=1|"
cmd=$(QEMU_TIMING=virtual QEMU_ICOUNT=shift=2 QEMU_RATES=equal QEMU_APPEND='nohz=off a=b' \
	"$s/qemu-command.sh" "$hikey" 2G /k/Image /w/initrd /w/topo.dtb | tr '\n' '|')
check "qemu-command: virtual mode: Debian's QEMU, QEMU_ICOUNT, QEMU_APPEND as one argument, QEMU_RATES ignored" \
	sh -c "case '$cmd' in 'qemu-system-aarch64|'*'|-m|2G|'*'|-icount|shift=2|-rtc|'*'|-append|console=ttyAMA0 panic=-1 dlcap.guest=1 skew_tick=1 nohz=off a=b|') exit 0 ;; *) exit 1 ;; esac"
check "qemu-command: QEMU_RATES=equal gives every vCPU rate 1 in the quantum mode" \
	sh -c "QEMU_BIN=q QEMU_RATES=equal '$s/qemu-command.sh' '$hikey' 1G i r d | grep -qx 'shift=0,sleep=off,quantum=10000,rates=1:1:1:1:1:1:1:1'"
for bad in QEMU_QUANTUM=0 QEMU_SHIFT=11 QEMU_TIMING=fast; do
	env QEMU_BIN=q "$bad" "$s/qemu-command.sh" "$hikey" 1G i r d > "$tmp/q.out" 2> "$tmp/q.err"; rc=$?
	check "qemu-command: $bad refused (exit $rc), one line naming it, nothing on stdout" \
		sh -c "test $rc = 2 && test \$(wc -l < '$tmp/q.err') = 1 && grep -q '${bad%%=*}' '$tmp/q.err' && test ! -s '$tmp/q.out'"
done

# make-initrd.sh, with a gen_init_cpio that prints the list it is given
mkdir -p "$tmp/cache/tools" "$tmp/w1/in"
printf '#!/bin/sh\n[ "$1" = -t ] && [ "$2" = 0 ] || exit 9\ncat "$3"\n' > "$tmp/cache/tools/gen_init_cpio"
chmod +x "$tmp/cache/tools/gen_init_cpio"
echo initramfs > "$tmp/initramfs"
echo '{}' > "$tmp/w1/in/t.json"; echo 'a t.json' > "$tmp/w1/in/plan"
cp -a "$tmp/w1" "$tmp/w2"; touch -d 2001-01-01 "$tmp/w2/in/plan"
"$s/make-initrd.sh" "$tmp/initramfs" "$tmp/w1/in" "$tmp/w1/initrd"
"$s/make-initrd.sh" "$tmp/initramfs" "$tmp/w2/in" "$tmp/w2/initrd"
check "make-initrd: the initramfs first, then the gzipped cpio (gzip -n: no name, no time)" \
	sh -c "head -c 10 '$tmp/w1/initrd' | cmp -s - '$tmp/initramfs' && tail -c +11 '$tmp/w1/initrd' | gzip -dc > '$tmp/list' && test \$(tail -c +11 '$tmp/w1/initrd' | od -An -tx1 -j4 -N4 | tr -d ' ') = 00000000"
check "make-initrd: the list is /share/in with every input, owned by root, mode 0644" \
	test "$(cat "$tmp/list")" = "$(printf 'dir /share 0755 0 0\ndir /share/in 0755 0 0\nfile /share/in/plan %s 0644 0 0\nfile /share/in/t.json %s 0644 0 0' "$tmp/w1/in/plan" "$tmp/w1/in/t.json")"
check "make-initrd: inputs stamped @0, and their list kept as INDIR.list" \
	sh -c "test \$(stat -c %Y '$tmp/w2/in/plan') = 0 && cmp -s '$tmp/w1/in.list' '$tmp/list'"
check "make-initrd: the same inputs with other mtimes give the same bytes" \
	cmp -s <(tail -c +11 "$tmp/w1/initrd" | gzip -dc | sed "s|$tmp/w1|W|") <(tail -c +11 "$tmp/w2/initrd" | gzip -dc | sed "s|$tmp/w2|W|")
t1=$("$s/make-initrd.sh" --tools)
echo >> "$tmp/cache/tools/gen_init_cpio"
check "make-initrd --tools: names gen_init_cpio's bytes and gzip ($t1)" \
	sh -c "echo '$t1' | grep -q '^gen_init_cpio sha256 [0-9a-f]\{16\}, gzip ' && test \"\$('$s/make-initrd.sh' --tools)\" != '$t1'"
rm "$tmp/cache/tools/gen_init_cpio"
check "make-initrd: without gen_init_cpio, --tools says none and packing fails" \
	sh -c "'$s/make-initrd.sh' --tools | grep -q '^gen_init_cpio sha256 none, ' && ! '$s/make-initrd.sh' '$tmp/initramfs' '$tmp/w1/in' '$tmp/w1/initrd' 2> /dev/null"

# point-keys.sh on stand-in files: a "QEMU" that only says its version
mkdir -p "$tmp/k/build/x/arch/arm64/boot" "$tmp/k/in" "$tmp/bin"
echo image > "$tmp/k/build/x/arch/arm64/boot/Image"; echo config > "$tmp/k/build/x/.config"
echo dtb > "$tmp/k/topo.dtb"
printf '#!/bin/sh\necho "QEMU emulator version 0.0 (test)"\n' > "$tmp/bin/qemu-test"; chmod +x "$tmp/bin/qemu-test"
printf 'a t.json -d 100\nb t.json\nc g.sh\n' > "$tmp/k/in/plan"; echo '{}' > "$tmp/k/in/t.json"; echo 'echo' > "$tmp/k/in/g.sh"
qargs() { # IMAGE INITRD DTB [QEMU_* settings]
	env QEMU_BIN="$tmp/bin/qemu-test" "${@:4}" "$s/qemu-command.sh" "$hikey" 1G "$1" "$2" "$3" > "$tmp/k/qemu.args"
}
keys() { "$s/point-keys.sh" "$@" stock "$hikey" quantum "$tmp/initramfs" "$tmp/k/in" "$tmp/k/qemu.args"; }
qargs "$tmp/k/build/x/arch/arm64/boot/Image" "$tmp/k/initrd" "$tmp/k/topo.dtb"
base=$(keys --parts "$tmp/k/parts")
check "point-keys: one 'NAME KEY' line per point, in the plan's order" \
	sh -c "echo '$base' | cut -d' ' -f1 | tr '\n' ' ' | grep -qx 'a b c ' && test \$(echo '$base' | grep -c '^[abc] [0-9a-f]\{16\}\$') = 3"
check "point-keys: the same inputs, the same keys" test "$(keys)" = "$base"
check "point-keys: points' keys differ by their plan lines" test "$(echo "$base" | cut -d' ' -f2 | sort -u | wc -l)" = 3
differs() { # every key moved
	[ -n "$1" ] && ! comm -12 <(sort <<< "$base") <(sort <<< "$1") | grep -q . && [ "$(wc -l <<< "$1")" = 3 ]
}
cp -a "$tmp/k" "$tmp/k2"
qargs "$tmp/k2/build/x/arch/arm64/boot/Image" "$tmp/elsewhere/initrd" "$tmp/k2/topo.dtb"
check "point-keys: the same files in other folders, the same keys (paths are not keyed)" test "$(keys)" = "$base"
qargs "$tmp/k/build/x/arch/arm64/boot/Image" "$tmp/k/initrd" "$tmp/k/topo.dtb" QEMU_APPEND=nohz=off
check "point-keys: another QEMU option moves every key" differs "$(keys)"
qargs "$tmp/k/build/x/arch/arm64/boot/Image" "$tmp/k/initrd" "$tmp/k/topo.dtb"
for f in build/x/arch/arm64/boot/Image build/x/.config topo.dtb in/t.json in/plan; do
	cp "$tmp/k/$f" "$tmp/save"; echo >> "$tmp/k/$f"
	check "point-keys: a byte more in $f moves every key" differs "$(keys)"
	cp "$tmp/save" "$tmp/k/$f"
done
check "point-keys: another kernel's patches move every key" \
	differs "$("$s/point-keys.sh" patched "$hikey" quantum "$tmp/initramfs" "$tmp/k/in" "$tmp/k/qemu.args")"
check "point-keys: another timing word moves every key" \
	differs "$("$s/point-keys.sh" stock "$hikey" virtual "$tmp/initramfs" "$tmp/k/in" "$tmp/k/qemu.args")"
check "point-keys --parts: the hashes and the whole command line, as shell assignments" \
	sh -c "(. '$tmp/k/parts' && test \"\$kernel \$patches \$patchsum \$timing\" = 'stock none none quantum' && test \"\$imgsum\" = \$(sha256sum < '$tmp/k/build/x/arch/arm64/boot/Image' | cut -c1-16) && test \"\$qver\" = \"QEMU emulator version 0.0 (test), sha256 \$(sha256sum < '$tmp/bin/qemu-test' | cut -c1-16)\" && case \"\$command\" in '$tmp/bin/qemu-test -M virt,gic-version=2 '*' -append console=ttyAMA0 panic=-1 dlcap.guest=1 skew_tick=1') ;; *) exit 1 ;; esac)"
"$s/point-keys.sh" stock "$hikey" quantum "$tmp/initramfs" "$tmp/k/in" > /dev/null 2>&1; rc=$?
check "point-keys: bad usage exits 2 (got $rc)" test $rc = 2

# point-collect.sh on a canned work folder
w=$tmp/work o=$tmp/out
mkdir -p "$w/in" "$w/out/a" "$w/out/b" "$o"
printf 'a t.json -d 100\nb t.json\nc t.json\n' > "$w/in/plan"; echo '{}' > "$w/in/t.json"
printf 'b t.json\nc t.json\n' > "$w/in/plan.boot"	# this boot: b, c (a ran before)
printf 'a 1111111111111111\nb 2222222222222222\nc 3333333333333333\n' > "$w/keys"
cp "$tmp/k/parts" "$w/boot.env"
printf '%s=%q\n' topo hikey960 caps '462 1024' accel '-icount x' dlgen_ver 9.9 >> "$w/boot.env"
printf '10.000 start b\n12.500 file b\n' > "$w/stamps"
printf '0\n' > "$w/out/b/rc"; printf 'task,job\nx,1\n' > "$w/out/b/jobs.csv"; printf 'dl_placement=fit\ndl_nonidle=edf\n' > "$w/out/b/knobs.txt"
mkdir -p "$w/out/c"; printf 'task,job\n' > "$w/out/c/jobs.csv"	# no rc: a frame was lost
mkdir -p "$o/a"; echo 1111111111111111 > "$o/a/.point-key"
"$s/point-collect.sh" "$w" "$o" 4 > "$tmp/c.out"
check "collect: prints each point moved and how many of the plan are in OUTDIR ('b 2', 'c 3')" \
	test "$(cat "$tmp/c.out")" = "$(printf 'b 2\nc 3')"
check "collect: the point's files, its key, no temporary folder left" \
	sh -c "cmp -s '$o/b/jobs.csv' '$w/out/b/jobs.csv' && test \"\$(cat '$o/b/.point-key')\" = 2222222222222222 && test -z \"\$(ls -A '$o' | grep '^\\.')\""
m=$o/b/manifest.txt
check "collect: the manifest's lines, in order" \
	test "$(cut -d: -f1 "$m" | tr '\n' ,)" = "point,taskset,kernel,knobs,topology,qemu,timing,command,dlgen,$(printf 'input %s,' image_sha256 config_sha256 patches_sha256 initramfs_sha256 dtb_sha256 topology_sha256 staged_inputs_sha256 timing command initrd_tools qemu_sha256)boot,history,host seconds,"
check "collect: the manifest names the plan line, task set, knobs, boot, key, history and host time" \
	sh -c "grep -qx 'point: b t.json' '$m' && grep -qx \"taskset: t.json sha256 \$(sha256sum < '$w/in/t.json' | cut -c1-16)\" '$m' && grep -qx 'knobs: dl_placement=fit;dl_nonidle=edf;' '$m' && grep -qx 'topology: hikey960 (462 1024) file sha256 [0-9a-f]* dtb sha256 [0-9a-f]*' '$m' && grep -qx 'timing: quantum (-icount x)' '$m' && grep -qx 'boot: 4 of this batch, point key 2222222222222222' '$m' && grep -qx 'history: points before it in its boot: none' '$m' && grep -q '^host seconds: 2.500 ' '$m'"
check "collect: a point without rc is FAILED (a frame lost), history b, host time unknown" \
	sh -c "grep -q 'rc did not arrive' '$o/c/FAILED' && grep -qx 'history: points before it in its boot: b' '$o/c/manifest.txt' && grep -q '^host seconds: unknown ' '$o/c/manifest.txt'"
check "collect: run again, nothing more to move" test -z "$("$s/point-collect.sh" "$w" "$o" 4)"
mkdir -p "$o/.c.tmp/c"	# left by an interrupted run
echo "point c failed: test" | "$s/point-collect.sh" --failed "$w" "$o" 5 c
check "collect --failed: FAILED from stdin, rc fail, the data kept, a manifest of that boot, a leftover .c.tmp gone" \
	sh -c "test \"\$(cat '$o/c/FAILED')\" = 'point c failed: test' && test \"\$(cat '$o/c/rc')\" = fail && test -e '$o/c/jobs.csv' && grep -qx 'boot: 5 of this batch, point key 3333333333333333' '$o/c/manifest.txt' && test ! -e '$o/.c.tmp'"
touch "$o/b/FAILED"; echo 0000000000000000 > "$o/c/.point-key"; rm -rf "$o/a"; mkdir "$o/a"
printf 'a 1111111111111111\nb 2222222222222222\nc 3333333333333333\nd 4444444444444444\n' > "$tmp/keys"
mkdir -p "$o/d"; echo 4444444444444444 > "$o/d/.point-key"
check "collect --status: new (a folder without key is stale), failed, stale, keep" \
	test "$("$s/point-collect.sh" --status "$o" "$tmp/keys" | tr '\n' ,)" = "a 1111111111111111 stale,b 2222222222222222 failed,c 3333333333333333 stale,d 4444444444444444 keep,"
rm -rf "$o/a"
check "collect --status: a missing point is new; KEEP_FAILED=1 keeps a failed one" \
	test "$(KEEP_FAILED=1 "$s/point-collect.sh" --status "$o" "$tmp/keys" | head -2 | tr '\n' ,)" = "a 1111111111111111 new,b 2222222222222222 keep,"
"$s/point-collect.sh" "$w" "$o" > /dev/null 2>&1; rc=$?
check "collect: bad usage exits 2 (got $rc)" test $rc = 2

# run-batch.sh with a stand-in QEMU: its version, a DTB for scripts/mkdtb.sh,
# and a console with frames for this boot's points (lost*: no rc frame;
# panic*: a kernel panic after its start line)
c=$tmp/cache v=$(tarball_version)
mkdir -p "$c/build/$v/stock/arch/arm64/boot" "$c/tools"
echo image > "$c/build/$v/stock/arch/arm64/boot/Image"; echo config > "$c/build/$v/stock/.config"
echo initramfs > "$c/initramfs.cpio.gz"
export INITRAMFS=$c/initramfs.cpio.gz	# a stand-in for the tree's initramfs/build one
# a gen_init_cpio whose "archive" is each file's name and bytes (base64),
# which the stand-in QEMU unpacks as its guest would
printf '#!/bin/sh\nwhile read -r k d s r; do [ "$k" = file ] && echo "$d $(base64 -w0 < "$s")"; done < "$3"\n' > "$c/tools/gen_init_cpio"
chmod +x "$c/tools/gen_init_cpio"
cat > "$tmp/bin/qemu-canned" <<'QEMU'
#!/bin/bash
case "${1:-}" in --version) echo "QEMU emulator version 0.0 (canned)"; exit 0 ;; esac
for a; do case $a in *dumpdtb=*)
	{ echo '/dts-v1/; / { #address-cells = <2>; #size-cells = <2>; chosen { }; cpus { #address-cells = <1>; #size-cells = <0>;'
	  for i in 0 1 2 3 4 5 6 7; do echo "cpu@$i { reg = <$i>; phandle = <$((i + 16))>; };"; done
	  echo '}; };'; } | dtc -q -I dts -O dtb -o "${a##*dumpdtb=}"; exit 0 ;; esac; done
prev=; for a; do [ "$prev" = -initrd ] && initrd=$a; [ "$prev" = -icount ] && icount=$a; prev=$a; done
# what the guest received: the initrd after the 10-byte stand-in initramfs,
# "NAME BASE64" per file; kept in $RECEIVED (one "NAME SHA" line per file,
# each boot after a "boot" line); the points run are the received plan.boot's
tail -c +11 "$initrd" | gzip -dc > "$initrd.got"
{ echo boot; while read -r f b; do echo "${f#/share/in/} $(echo "$b" | base64 -d | sha256sum | cut -c1-16)"; done < "$initrd.got"; } >> "$RECEIVED"
frame() { echo "dlcap-file: $1 $(printf '%s' "$2" | sha256sum | cut -d' ' -f1)"; printf '%s' "$2" | gzip -1c | base64 -w 76; echo dlcap-eof; }
echo "[    0.000000] Booting Linux on physical CPU 0x0"
frame guest.txt "kernel: canned
"
while read -r n ts rest; do
	echo "dlcap-init: start $n: $ts"
	case $n in panic*) echo "[   20.000000] Kernel panic - not syncing: dlcap fault injection"; sleep 1; exit 0 ;; esac
	# the jobs depend on the vCPUs' rates, as a real guest's do
	frame "$n/jobs.csv" "task,job,icount
$n,1,$icount
"
	frame "$n/knobs.txt" "dl_placement=fit
"
	case $n in lost*) ;; *) frame "$n/rc" "0
" ;; esac
	echo "dlcap-init: done $n: exit 0"
done < <(awk '$1 == "/share/in/plan.boot" { print $2 }' "$initrd.got" | base64 -d)
echo "dlcap-init: all points done"
QEMU
chmod +x "$tmp/bin/qemu-canned"
printf 'a cover-letter.json -d 100\nlost1 cover-letter.json\nb cover-letter.json -d 50\npanic1 cover-letter.json\nc cover-letter.json dl_placement=fit\n' > "$tmp/canned.plan"
sed 's/ -d [0-9]*$/&/; s/\(json\)$/\1 /' "$tmp/canned.plan" > "$tmp/canned.plan.guest"	# the guest's lines: "NAME TASKSET ARGS", a space before empty ARGS
export RECEIVED=$tmp/received DLGEN_HOST=$top/dlgen/build/dlgen
rb() { QEMU_BIN="$tmp/bin/qemu-canned" POINT_TIMEOUT=20 QEMU_TIMEOUT=60 timeout 120 "$s/run-batch.sh" "$@" stock hikey960 "$tmp/canned.plan" "$tmp/run"; }
keys1=$(rb --keys 2>&1)
check "run-batch --keys: five points to run" test "$(grep -c ' [0-9a-f]\{16\} run: new$' <<< "$keys1")" = 5
rb > "$tmp/rb1.out" 2>&1; rc=$?
check "run-batch: a run with a lost frame and a panic exits 1 (got $rc), two boots" \
	sh -c "test $rc = 1 && grep -q 'done: 2 boot(s)' '$tmp/rb1.out'"
# what the guest received against what the plan names and what the key hashed
got=$(awk '$1 == "boot" { n++; next } n == 1' "$RECEIVED")
sha() { sha256sum < "$1" | cut -c1-16; }
check "run-batch: the guest received the plan's one task set with its bytes, the plan, capacities and its points (plan.boot), nothing else" \
	test "$(sort <<< "$got")" = "$(printf '%s\n' "capacities $(echo '462 462 462 462 1024 1024 1024 1024' | sha256sum | cut -c1-16)" \
		"cover-letter.json $(sha "$top/experiments/tasksets/cover-letter.json")" \
		"plan $(sha "$tmp/canned.plan.guest")" "plan.boot $(sha "$tmp/canned.plan.guest")")"
check "run-batch: each point's key and manifest hashed what the guest received (staged_inputs_sha256; plan.boot, this boot's, is not keyed)" \
	sh -c "test \"\$(grep -h '^input staged_inputs_sha256: ' '$tmp'/run/[abc]/manifest.txt | sort -u)\" = 'input staged_inputs_sha256: $(grep -v '^plan.boot ' <<< "$got" | sha256sum | cut -c1-16)' && test '$(rb --keys 2>&1 | cut -d' ' -f1,2 | tr '\n' ' ')' = '$(cut -d' ' -f1,2 <<< "$keys1" | tr '\n' ' ')'"
check "run-batch: the good points land with their key and manifest" \
	sh -c "for p in a b c; do test \"\$(cat '$tmp/run/'\$p/rc)\" = 0 && grep -q '^boot: [12] of this batch, point key ' '$tmp/run/'\$p/manifest.txt && test -s '$tmp/run/'\$p/.point-key || exit 1; done"
check "run-batch: c ran in the second boot, after the panic, with no history" \
	sh -c "grep -qx 'boot: 2 of this batch, point key '\$(cat '$tmp/run/c/.point-key') '$tmp/run/c/manifest.txt' && grep -qx 'history: points before it in its boot: none' '$tmp/run/c/manifest.txt'"
check "run-batch: the lost frame and the panic are FAILED points, the panic with its console excerpt" \
	sh -c "grep -q 'rc did not arrive' '$tmp/run/lost1/FAILED' && grep -q 'point panic1 failed in boot 1: kernel error' '$tmp/run/panic1/FAILED' && grep -q 'Kernel panic - not syncing' '$tmp/run/panic1/FAILED' && test \"\$(cat '$tmp/run/panic1/rc')\" = fail"
check "run-batch --keys after it: the good points kept, the failed ones to run again" \
	test "$(rb --keys 2>&1 | awk '{ print $1 ":" $NF }' | tr '\n' ' ')" = "a:keep lost1:failed b:keep panic1:failed c:keep "
KEEP_FAILED=1 rb > "$tmp/rb2.out" 2>&1
check "run-batch: run again with KEEP_FAILED=1, nothing boots" grep -q 'done: 0 boot(s)' "$tmp/rb2.out"
check "recheck: the run matches its console (the panicked point never finished there)" \
	sh -c "'$s/recheck.sh' '$tmp/run' > '$tmp/re.out'; test \$(grep -c ': same\$' '$tmp/re.out') = 4 && grep -qx 'panic1: not on the console' '$tmp/re.out'"

# What a boot stages: only what its plan names (scripts/plan-check.sh). The
# keys of every committed plan, from a copy of the tree without tests/ (the
# experiments need nothing of it), before and after edits that must move
# none (a new task set, every host script) and edits that must move the
# keys of exactly the plans that use the file.
tree=$tmp/tree
mkdir -p "$tree"
cp -a "$top/scripts" "$top/experiments" "$top/kernels" "$top/initramfs" "$tree/"
plankeys() { # PLAN...: their "PLAN NAME KEY" lines (default: every committed plan)
	local p
	[ $# -gt 0 ] || set -- $(cd "$tree/experiments/plans" && ls *.plan | sed 's/\.plan$//')
	for p; do
		QEMU_BIN="$tmp/bin/qemu-canned" "$tree/scripts/run-batch.sh" --keys stock hikey960 "$p" "$tmp/kout/$p" 2>&1 |
			sed "s/^/$p /" | cut -d' ' -f1-3
	done
}
keys0=$(plankeys)
check "staging: every committed plan has its keys from a tree without tests/ ($(wc -l <<< "$keys0") points)" \
	test "$(grep -c '^[a-z0-9-]* [^ ]* [0-9a-f]\{16\}$' <<< "$keys0")" = "$(grep -hv '^#\|^$' "$tree"/experiments/plans/*.plan | wc -l)"
sed 's/"duration"/"duration" /' "$tree/experiments/tasksets/cover-letter.json" > "$tree/experiments/tasksets/zz-new.json"
for f in "$tree"/scripts/* "$tree"/scripts/lib/* "$tree"/kernels/variants/*; do [ -f "$f" ] && echo '# edited' >> "$f"; done
check "staging: a new task set and a line more in every host script and variant file move no committed point's key" \
	test "$(plankeys)" = "$keys0"
cp "$tree/kernels/knobs" "$tmp/save"
echo 'dl_new a b' >> "$tree/kernels/knobs"
check "staging: a knob more in kernels/knobs (another kernel's) moves no committed point's key" \
	test "$(plankeys)" = "$keys0"
cp "$tmp/save" "$tree/kernels/knobs"
printf 'k ../../tests/guest/knobs.sh\n' > "$tmp/knobs.plan"
check "staging: a guest script with a '# stage-knobs' line gets kernels/knobs as /share/in/knobs" \
	sh -c "'$s/plan-check.sh' '$tmp/knobs.plan' | cut -f3- | tr '\t' '\n' | grep -qx '$top/kernels/knobs'"
# moved PLAN...: of the plans below, the points whose key moved are those
# of PLAN..., all of them
some="hotplug-accounting hotplug-refused equiv-history cover-letter"
moved() {
	local now want
	now=$(plankeys $some)
	want=$(for p; do grep "^$p " <<< "$keys0"; done | cut -d' ' -f1,2 | sort)
	[ -n "$want" ] &&
		[ "$(comm -13 <(sort <<< "$keys0") <(sort <<< "$now") | cut -d' ' -f1,2 | sort)" = "$want" ]
}
for e in "hotplug-6x8000.json hotplug-accounting" "hotplug-10x8000.json hotplug-accounting hotplug-refused" \
	"hotplug.sh hotplug-accounting" "other-short.json equiv-history"; do
	set -- $e
	f=$tree/experiments/tasksets/$1; cp "$f" "$tmp/save"
	echo >> "$f"
	check "staging: a byte more in $1 moves every key of ${*:2} (of $some), no other" moved "${@:2}"
	cp "$tmp/save" "$f"
done
for bad in "../x.json:not a file name of experiments/tasksets/" "nope.json:which experiments/tasksets/ lacks"; do
	printf 'adm admission-16x8000.json\nh hotplug.sh 7 %s\n' "${bad%%:*}" > "$tmp/bad.plan"
	"$s/plan-check.sh" "$tmp/bad.plan" > "$tmp/pc.out" 2> "$tmp/pc.err"; rc=$?
	check "plan-check: a guest script's argument ${bad%%:*} refused (exit $rc): one line, its plan line, nothing on stdout" \
		sh -c "test $rc = 2 && test \$(wc -l < '$tmp/pc.err') = 1 && grep -q '^$tmp/bad.plan:2: guest script hotplug.sh names .*${bad#*:}' '$tmp/pc.err' && test ! -s '$tmp/pc.out'"
done
# One identity: a point's results-manifest row is made of what its key
# hashed, by name. A topology whose "rate" line changes from 462/1024 to
# 500/1024 between a committed run and a rerun: scripts/reproduce.sh
# --no-run (make reproduce without booting) names the topology file and
# the command line (once cut to "1024:1:1:1:1" by both).
cp -a "$top/qemu" "$tree/"; mkdir -p "$tree/results"
printf 'experiment,target,raw\ne,none,results/raw/stock/rated/p\n' > "$tree/results/index.csv"
sed 's|^cluster 4-7 1024$|&\nrate 0-3 462/1024|' "$hikey" > "$tree/experiments/topologies/rated.topo"
printf 'a cover-letter.json -d 100\nb cover-letter.json\n' > "$tree/experiments/plans/p.plan"
rated() { QEMU_BIN="$tmp/bin/qemu-canned" "$tree/scripts/run-batch.sh" stock rated p "$tree/results/raw/stock/rated/p" > /dev/null 2>&1; }
rated
"$tree/scripts/results-manifest.sh" e
git -C "$tree" init -q && git -C "$tree" add results/e &&
	git -C "$tree" -c user.name=t -c user.email=t@t commit -q -m e
check "results-manifest: a row per point, the key's inputs by name, the topology file's hash among them" \
	test "$(head -1 "$tree/results/e/manifest.csv")" = "experiment,point,jobs_sha256,image_sha256,config_sha256,patches_sha256,initramfs_sha256,dtb_sha256,topology_sha256,staged_inputs_sha256,timing,command_sha256,initrd_tools_sha256,qemu_sha256,dlgen,host_s"
"$tree/scripts/reproduce.sh" --no-run e > "$tmp/repro0.out"; rc=$?
check "reproduce --no-run: the same run, 2 identical (exit $rc)" \
	sh -c "test $rc = 0 && grep -qx 'e: 2 identical, 0 different, 0 missing, 0 new' '$tmp/repro0.out'"
# Two make reproduce at once (streams of one long rerun): an experiment
# the other one holds (its lock) is skipped, said so, and a failure; once
# the lock is free it is compared again.
mkdir -p "$DLCAP_CACHE/reproduce"
exec 7> "$DLCAP_CACHE/reproduce/e.lock"
flock 7
"$tree/scripts/reproduce.sh" --no-run e > "$tmp/repro-locked.out"; rc=$?
check "reproduce: an experiment another run is making is skipped, named, and a failure (exit $rc: $(head -1 "$tmp/repro-locked.out"))" \
	sh -c "test $rc = 1 && test \$(wc -l < '$tmp/repro-locked.out') = 1 && grep -q '^e: being made by another run (lock .*/reproduce/e.lock)' '$tmp/repro-locked.out'"
exec 7>&-
"$tree/scripts/reproduce.sh" --no-run e > "$tmp/repro-unlocked.out"; rc=$?
check "reproduce: the lock released, the same experiment compared again (exit $rc)" \
	sh -c "test $rc = 0 && grep -qx 'e: 2 identical, 0 different, 0 missing, 0 new' '$tmp/repro-unlocked.out'"
# A row with no committed manifest (a table derived from other rows'
# points, or an experiment not committed with one yet) is made all the
# same, and said to have nothing to compare: not a failure.
printf 'experiment,target,raw\ne,none,results/raw/stock/rated/p\nn,none,\n' > "$tree/results/index.csv"
"$tree/scripts/reproduce.sh" --no-run > "$tmp/repro-all.out"; rc=$?
check "reproduce --no-run, no EXPERIMENT: every row of index.csv; one without a committed manifest has nothing to compare, not a failure (exit $rc)" \
	sh -c "test $rc = 0 && grep -qx 'e: 2 identical, 0 different, 0 missing, 0 new' '$tmp/repro-all.out' && grep -qx 'n: no committed manifest (results/n/manifest.csv): nothing to compare' '$tmp/repro-all.out'"
printf 'experiment,target,raw\ne,none,results/raw/stock/rated/p\n' > "$tree/results/index.csv"
sed -i 's|^rate 0-3 462/1024$|rate 0-3 500/1024|' "$tree/experiments/topologies/rated.topo"
rated
"$tree/scripts/reproduce.sh" --no-run e > "$tmp/repro1.out"; rc=$?
check "reproduce --no-run: rate 462/1024 to 500/1024 names the topology file and the command line (exit $rc)" \
	sh -c "test $rc = 1 && test \$(grep -c '^e: stock/rated/p/[ab]: DIFFERENT jobs.csv; inputs that differ: topology_sha256 command_sha256\$' '$tmp/repro1.out') = 2"
# An experiment whose later targets have not run yet (make hotplug: the
# accounting part writes the manifest before the refused part's folders
# exist): the manifest covers what exists, not an error.
printf 'experiment,target,raw\ne,none,results/raw/stock/rated/p\ne2,none,results/raw/stock/rated/p results/raw/stock-x/rated/none\n' > "$tree/results/index.csv"
"$tree/scripts/results-manifest.sh" e2 "$tmp/rm2" 2> "$tmp/rm2.err"; rc=$?
check "results-manifest: a raw folder that does not exist yet is left out (exit $rc), the others' points kept" \
	sh -c "test $rc = 0 && test \$(grep -c '^e2,stock/rated/p/[ab],' '$tmp/rm2/manifest.csv') = 2 && grep -q '^points: 2 ' '$tmp/rm2/build.txt'"
sed -i 's/^input timing: quantum$/input timing: virtual/' "$tree/results/raw/stock/rated/p/a/manifest.txt"
"$tree/scripts/results-manifest.sh" e "$tmp/rm" 2> "$tmp/rm.err"; rc=$?
check "results-manifest: a manifest whose input lines do not give its point key is refused (exit $rc), one line naming it" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/rm.err') = 1 && grep -q 'p/a/manifest.txt: its input and point lines do not give its point key' '$tmp/rm.err'"
# The initramfs is every key's: what make rebuilds it from (its
# prerequisites and theirs, from make's database) is the guest's files
# (initramfs/), dlgen's sources and the two scripts that build them, so
# an edit of any other file of the tree leaves its bytes alone. And it is
# the tree's own (initramfs/build/, as dlgen/build/), not the cache's: two
# checkouts sharing a DLCAP_CACHE each boot their own.
from_tree=$(make -C "$top" -pq help 2>/dev/null | awk -v t=initramfs/build/initramfs.cpio.gz '
	/^[^#\t ][^=]*:/ { x = $0; sub(/\|.*/, "", x); n = split(x, w, " "); sub(/:$/, "", w[1])
		for (i = 2; i <= n; i++) pre[w[1]] = pre[w[1]] " " w[i] }
	END { if (!(t in pre)) print "(no rule for " t ")"; todo[t] = 1
		while (length(todo)) for (f in todo) { delete todo[f]; if (f in seen) continue; seen[f] = 1
			n = split(pre[f], w, " "); for (i = 1; i <= n; i++) todo[w[i]] = 1 }
		for (f in seen) if (f !~ /^\//) print f }' | sort)
others=$(grep -v '^initramfs/\|^dlgen/\|^scripts/mkinitramfs.sh$\|^scripts/sysroot.sh$' <<< "$from_tree" | tr '\n' ' ')
check "the initramfs is the tree's initramfs/build/initramfs.cpio.gz, made from initramfs/, dlgen/ and its two builders alone ($(wc -w <<< "$from_tree") files of the tree; others: ${others:-none})" \
	test -n "$from_tree" -a -z "$others"
exit $assert_failed
