#!/bin/bash
# Carry the finished boots of a long run (the rerun: docs/reproducing.md)
# to another machine through git: a machine's cache and results/raw do not
# outlive it, the main branch does.
#
# Usage: scripts/checkpoint.sh save|restore|list
#   save     every plan run under results/raw whose points all ran (the
#            OUTDIR/.complete-PLAN file scripts/run-batch.sh writes) and are
#            all still there with the keys it lists, into
#            results/checkpoint/OUTDIR+PLAN.tar.xz (OUTDIR relative to
#            results/raw, '/' written '+'): the file, the points'
#            folders and the guest's guest.txt (capacities as it read them:
#            the cover-letter plot and compare-jobs read it, and a plan run
#            whose points are all restored boots nothing that would write
#            it), not the boot's console.log or run.txt, which no table
#            reads. The same points give the same bytes (members
#            sorted, times and owners fixed, xz -9 on one thread), so saving
#            again changes no committed file; a plan run none of whose
#            files is newer than its checkpoint is not packed again. A
#            checkpoint whose plan run is not complete here is left as it is.
#   restore  unpack every checkpoint into results/raw, leaving a point that
#            is already there alone, with the time of the unpacking (so a
#            sweep aggregates again). Nothing is trusted: scripts/run-batch.sh
#            keeps a point only when its .point-key is the key this tree
#            and cache compute for it (scripts/point-collect.sh --status);
#            a checkpoint of other bytes is rerun, never reused.
#   list     per checkpoint: its points, and how many of them results/raw
#            holds with the key the checkpoint has
# results/ is $DLCAP_RESULTS when set (tests). Exit status: 0; 1 a
# checkpoint that cannot be read; 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || usage
results=${DLCAP_RESULTS:-$DLCAP_TOP/results}
raw=$results/raw ck=$results/checkpoint

case $1 in
save)
	[ -d "$raw" ] || { say "no $raw: nothing to save"; exit 0; }
	mkdir -p "$ck"
	saved=0 same=0
	while IFS= read -r c; do
		d=${c%/*} plan=${c##*/.complete-}
		rel=${d#"$raw"/}
		# each point as a run would see it (point-collect.sh --status):
		# all must be kept, a failed one too is not
		members=("$rel/.complete-$plan") ok=1
		while read -r n _ what; do
			[ "$what" = keep ] || { ok=0; break; }
			members+=("$rel/$n")
		done < <(KEEP_FAILED=0 "$DLCAP_TOP/scripts/point-collect.sh" --status "$d" "$c")
		if [ $ok = 0 ] || [ ${#members[@]} = 1 ]; then
			say "$rel, plan $plan: not every point is there with its key; not saved"
			continue
		fi
		[ -f "$d/guest.txt" ] && members+=("$rel/guest.txt")
		f=$ck/${rel//\//+}+$plan.tar.xz
		# packed since the last change to any of its files: as it is
		# (xz -9 of every plan run on every save took 18 min under load)
		if [ -f "$f" ] && [ -z "$(cd "$raw" && find "${members[@]}" -newer "$f" -print -quit)" ]; then
			same=$((same + 1)); continue
		fi
		tar -C "$raw" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
			--format=gnu -cf - "${members[@]}" | xz -9 -T1 > "$f.tmp"
		if cmp -s "$f.tmp" "$f" 2>/dev/null; then
			rm -f "$f.tmp"; touch "$f"; same=$((same + 1))
		else
			mv "$f.tmp" "$f"; saved=$((saved + 1))
		fi
	done < <(find "$raw" -name '.complete-*' -type f | LC_ALL=C sort)
	say "$saved plan run(s) saved, $same unchanged, in $ck ($(du -sh "$ck" | cut -f1))"
	;;
restore)
	[ -d "$ck" ] || { say "no $ck: nothing to restore"; exit 0; }
	mkdir -p "$raw"
	n=0
	for f in "$ck"/*.tar.xz; do
		[ -e "$f" ] || continue
		xz -t "$f" 2> /dev/null || die "$f: not a checkpoint (xz -t fails)"
		xz -dc "$f" | tar -C "$raw" --skip-old-files --touch -xf - || die "$f: cannot unpack it"
		n=$((n + 1))
	done
	say "$n checkpoint(s) unpacked into $raw; each point is rerun unless its key is unchanged"
	;;
list)
	[ -d "$ck" ] || exit 0
	echo "checkpoint,points,here_same_key"
	for f in "$ck"/*.tar.xz; do
		[ -e "$f" ] || continue
		c=$(xz -dc "$f" | tar -tf - | grep '/\.complete-[^/]*$' | head -1) ||
			die "$f: no .complete-PLAN file in it"
		d=$raw/${c%/*}
		xz -dc "$f" | tar -xOf - "$c" | awk -v d="$d" '
			NF == 2 { n++; f = d "/" $1 "/.point-key"; if ((getline k < f) > 0 && k == $2) same++; close(f) }
			END { printf "%d,%d\n", n, same }' | sed "s|^|${f##*/},|"
	done
	;;
*) usage ;;
esac
