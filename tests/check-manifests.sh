#!/bin/bash
# scripts/compare-manifests.sh (what make reproduce reports) on canned
# manifests, without QEMU: identical, different with the input named,
# same inputs but other jobs, missing, new, and columns in another order.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
c=$top/scripts/compare-manifests.sh
h="experiment,point,jobs_sha256,image_sha256,initramfs_sha256,qemu_sha256,dlgen"
{ echo "$h"
  echo "e,a,j1,i1,r1,q1,d1"
  echo "e,b,j2,i1,r1,q1,d1"
  echo "e,c,j3,i1,r1,q1,d1"; } > "$tmp/old.csv"
cp "$tmp/old.csv" "$tmp/same.csv"
"$c" e "$tmp/old.csv" "$tmp/same.csv" > "$tmp/o1"; rc=$?
check "manifests: the same gives 3 identical, exit 0 (rc $rc)" sh -c "test $rc = 0 && grep -qx 'e: 3 identical, 0 different, 0 missing, 0 new' '$tmp/o1'"
{ echo "$h"
  echo "e,a,j1,i1,r1,q1,d1"
  echo "e,b,X2,i2,r1,q1,d1"
  echo "e,c,X3,i1,r1,q1,d1"
  echo "e,d,j4,i1,r1,q1,d1"; } > "$tmp/new.csv"
"$c" e "$tmp/old.csv" "$tmp/new.csv" > "$tmp/o2"; rc=$?
check "manifests: a point with another Image is DIFFERENT naming image_sha256 (rc $rc)" \
	sh -c "test $rc = 1 && grep -qx 'e: b: DIFFERENT jobs.csv; inputs that differ: image_sha256' '$tmp/o2'"
check "manifests: other jobs from the same inputs say so" grep -qx 'e: c: DIFFERENT jobs.csv; same inputs (the boot itself differed)' "$tmp/o2"
check "manifests: a new point is new" grep -qx 'e: d: new (not in the committed manifest)' "$tmp/o2"
head -3 "$tmp/old.csv" > "$tmp/short.csv"
"$c" e "$tmp/old.csv" "$tmp/short.csv" > "$tmp/o3"
check "manifests: a point not rerun is missing" grep -qx 'e: c: missing (not rerun)' "$tmp/o3"
# another column order, and a column the committed one lacks
awk -F, -v OFS=, '{ print $1, $2, $7, $6, $5, $4, $3, (NR == 1 ? "timing" : "quantum") }' "$tmp/old.csv" > "$tmp/reordered.csv"
"$c" e "$tmp/old.csv" "$tmp/reordered.csv" > "$tmp/o4"; rc=$?
check "manifests: compared by column name, not position (another order: 3 identical, rc $rc)" \
	sh -c "test $rc = 0 && grep -qx 'e: 3 identical, 0 different, 0 missing, 0 new' '$tmp/o4'"
# a manifest without the column that names points: an error, not "0 identical"
sed '1s/^experiment,point,/experiment,name,/' "$tmp/old.csv" > "$tmp/nopoint.csv"
"$c" e "$tmp/nopoint.csv" "$tmp/old.csv" > "$tmp/o5" 2> "$tmp/err"; rc=$?
check "manifests: a committed manifest without a point column exits 2 naming it (rc $rc: $(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q 'nopoint.csv: no column point' '$tmp/err'"
# host_s is what a point cost, never an input that differs
{ echo "$h,host_s"
  echo "e,a,j1,i1,r1,q1,d1,10.5"
  echo "e,b,j2,i1,r1,q1,d1,20.0"
  echo "e,c,j3,i1,r1,q1,d1,30.0"; } > "$tmp/hs-old.csv"
{ echo "$h,host_s"
  echo "e,a,j1,i1,r1,q1,d1,11.0"
  echo "e,b,j2,i1,r1,q1,d1,21.0"
  echo "e,c,X3,i1,r1,q1,d1,31.0"; } > "$tmp/hs-new.csv"
"$c" e "$tmp/hs-old.csv" "$tmp/hs-new.csv" > "$tmp/o5"
check "manifests: another host_s is not an input that differs ($(grep ': c:' "$tmp/o5"))" \
	grep -qx 'e: c: DIFFERENT jobs.csv; same inputs (the boot itself differed)' "$tmp/o5"
exit $assert_failed
