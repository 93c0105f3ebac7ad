#!/bin/bash
# EXPERIMENTS.md's tables, generated from the committed CSVs they show, so
# that a table and its data cannot drift apart and a rerun rewrites them.
# A generated table sits between a marker line and an end line:
#   <!-- table results/policies/summary.csv: point={run:base} | late jobs={late_jobs}/{jobs} | mean (ms)={mean_response_ms:%.2f} -->
#   ...the table, rewritten by --write...
#   <!-- end table -->
# The marker names the CSV (repository path) and the columns, '|'-separated,
# each TITLE=TEMPLATE: TEMPLATE is text with {NAME} (the CSV's column NAME,
# by header), {NAME:FORMAT} (printf FORMAT, e.g. %.2f), {NAME:FORMAT/N} (the
# value divided by N, then FORMAT: {lat_ns:%.2f/1000} gives microseconds)
# or {NAME:base} (the part after the last '/'). Optional, after the columns, clauses each
# introduced by ' ; ': 'where NAME=VALUE' keeps only the rows whose column
# NAME is VALUE (several: all must hold); 'sort NAME[,NAME...]' orders the
# rows by those columns, the first one first (numbers as numbers, other
# text as text; rows that compare equal keep the CSV's order). Without
# sort, rows come in the CSV's order.
# In a table an empty cell under a number format prints as "–" (a row the
# column does not apply to, as a baseline's difference from itself); in a
# value it is an error.
# A number in prose is generated the same way, inline:
#   <!-- value results/X.csv: {late_pct:%.1f} ; where policy=series ; where u=2.5 -->8.8<!-- /value -->
# (one TEMPLATE, no '|'; the clauses must select exactly one row).
# Usage: scripts/experiments-tables.sh --print|--write|--check [FILE]
#   --print     print every generated table of FILE (default EXPERIMENTS.md)
#   --write     rewrite FILE's tables in place
#   --check     exit 1, with a diff, if a table is not what its CSV gives
# Exit status: 0; 1 --check found a difference; 2 bad usage or input (one
# line naming FILE:LINE and the field).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
case "${1:-}" in --print|--write|--check) mode=$1; shift ;; *) usage ;; esac
[ $# -le 1 ] || usage
doc=${1:-$DLCAP_TOP/EXPERIMENTS.md}
[ -r "$doc" ] || { echo "experiments-tables: cannot read $doc" >&2; exit 2; }

# The document with each table regenerated (print mode: the tables only).
render() {
	awk -v top="$DLCAP_TOP" -v only="$1" '
	function bad(msg) { printf "%s:%d: %s\n", FILENAME, mline, msg > "/dev/stderr"; failed = 1; exit 2 }
	function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
	# one cell: TEMPLATE with its {...} fields replaced from row r
	function cell(t, r,   out, f, name, fmt, v, p, div) {
		out = ""
		while ((p = index(t, "{")) > 0) {
			out = out substr(t, 1, p - 1); t = substr(t, p + 1)
			p = index(t, "}"); if (!p) bad("unclosed { in " t)
			f = substr(t, 1, p - 1); t = substr(t, p + 1)
			name = f; fmt = ""
			if (index(f, ":")) { name = substr(f, 1, index(f, ":") - 1); fmt = substr(f, index(f, ":") + 1) }
			if (!((name) in hcol)) bad(csv ": no column " name)
			v = row[r, hcol[name]]
			if (fmt == "base") sub(/.*\//, "", v)
			else if (fmt != "" && v == "" && intable) v = "–"
			else if (fmt != "") {
				div = ""
				if ((p = index(fmt, "/")) > 0) {
					div = substr(fmt, p + 1); fmt = substr(fmt, 1, p - 1)
					if (div !~ /^[0-9]+(\.[0-9]+)?$/ || div + 0 == 0) bad("divisor " div " of " name " is not a positive number")
				}
				if (fmt !~ /^%[-+ 0#]*[0-9]*(\.[0-9]+)?[dfegsx]$/) bad("format " fmt " of " name " is not one printf conversion")
				if (fmt ~ /[dfeg]$/ && v !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) bad(csv ": " name " = \"" v "\" is not a number")
				if (div != "") {
					if (fmt !~ /[feg]$/) bad("format " fmt "/" div " of " name ": a divided value needs %f, %e or %g")
					v /= div
				}
				v = sprintf(fmt, v)
			}
			out = out v
		}
		return out t
	}
	# a < b for sort: numbers by value, anything else as text
	function before(a, b,   num) {
		num = "^-?[0-9]+(\\.[0-9]*)?([eE][-+]?[0-9]+)?$"
		if (a ~ num && b ~ num) return a + 0 < b + 0
		return a "" < b ""
	}
	# row r before row q by the sort columns sk[1..ns]
	function rowbefore(r, q,   k, a, b) {
		for (k = 1; k <= ns; k++) {
			a = row[r, hcol[sk[k]]]; b = row[q, hcol[sk[k]]]
			if (before(a, b)) return 1
			if (before(b, a)) return 0
		}
		return 0
	}
	# select(path, clauses): read the CSV path, keep the rows the where
	# clauses (" ; "-separated, may be empty) keep, in the sort order:
	# row[ord[1..nr], column]; returns nr
	function select(path, clauses,   i, j, line, n, nw, w, kv, keep, r, ncl, cl, f, ncell) {
		nw = 0; ns = 0; nr = 0
		ncl = clauses == "" ? 0 : split(clauses, cl, " ; ")
		for (j = 1; j <= ncl; j++) {
			if (cl[j] ~ /^where /) w[++nw] = substr(cl[j], 7)
			else if (cl[j] ~ /^sort [^ ]+$/) ns = split(substr(cl[j], 6), sk, ",")
			else bad("clause \"" cl[j] "\" is neither where NAME=VALUE nor sort NAME[,NAME...]")
		}
		csv = path
		if (path !~ /^[A-Za-z0-9_.\/-]+\.csv$/ || path ~ /\.\./) bad("table file " path " is not a repository path to a .csv")
		delete hcol; delete row; delete ord
		n = 0
		while ((getline line < (top "/" path)) > 0) {
			ncell = split(line, f, ",")
			if (n == 0) { for (i = 1; i <= ncell; i++) hcol[f[i]] = i; hn = ncell }
			else {
				if (ncell != hn) bad(path ":" n + 1 ": " ncell " fields, the header has " hn)
				keep = 1
				for (j = 1; j <= nw; j++) {
					split(w[j], kv, "=")
					if (!(kv[1] in hcol)) bad(path ": no column " kv[1] " (where)")
					if (f[hcol[kv[1]]] != kv[2]) keep = 0
				}
				if (!keep) continue
				nr++; for (i = 1; i <= ncell; i++) row[nr, i] = f[i]
			}
			n++
		}
		close(top "/" path)
		if (n == 0) bad("cannot read " path " (or it is empty)")
		for (j = 1; j <= ns; j++) if (!(sk[j] in hcol)) bad(path ": no column " sk[j] " (sort)")
		# insertion sort of the row numbers: stable, and tables are short
		for (r = 1; r <= nr; r++) {
			for (j = r; j > 1 && ns && rowbefore(r, ord[j - 1]); j--) ord[j] = ord[j - 1]
			ord[j] = r
		}
		if (nr == 0) bad(path ": no row" (nw ? " matches the where clause" : ""))
		return nr
	}
	# spec "PATH: TEMPLATE [ ; clause]...": PATH, the TEMPLATE part, the clauses
	function parse(spec, what,   p) {
		p = index(spec, ":"); if (!p) bad(what)
		spath = trim(substr(spec, 1, p - 1)); spec = substr(spec, p + 1)
		sclauses = ""
		if ((p = index(spec, " ; ")) > 0) { sclauses = substr(spec, p + 3); spec = substr(spec, 1, p - 1) }
		return spec
	}
	function table(spec,   cols, nc, i, r, head, sep, line, s, p) {
		spec = parse(spec, "want <!-- table CSV: TITLE=TEMPLATE | ... -->")
		select(spath, sclauses)
		nc = split(spec, cols, "|")
		head = "|"; sep = "|"
		for (i = 1; i <= nc; i++) {
			p = index(cols[i], "="); if (!p) bad("column \"" trim(cols[i]) "\" is not TITLE=TEMPLATE")
			title[i] = trim(substr(cols[i], 1, p - 1)); tmpl[i] = trim(substr(cols[i], p + 1))
			head = head " " title[i] " |"; sep = sep "---|"
		}
		s = head "\n" sep
		intable = 1
		for (r = 1; r <= nr; r++) {
			line = "|"
			for (i = 1; i <= nc; i++) line = line " " cell(tmpl[i], ord[r]) " |"
			s = s "\n" line
		}
		intable = 0
		return s
	}
	# one inline value: exactly one row must be selected
	function value(spec,   t) {
		t = trim(parse(spec, "want <!-- value CSV: TEMPLATE [; where NAME=VALUE] -->"))
		if (select(spath, sclauses) != 1) bad(spath ": " nr " rows match a value (want exactly one: add where clauses)")
		return cell(t, ord[1])
	}
	/^<!-- table .* -->$/ {
		if (inside) { mline = FNR; bad("a table marker inside another table (no <!-- end table --> before it)") }
		mline = FNR
		spec = $0; sub(/^<!-- table /, "", spec); sub(/ -->$/, "", spec)
		t = table(spec)
		if (only) print t; else { print; print t }
		inside = 1; tables++; next
	}
	/^<!-- end table -->$/ {
		if (!inside) { mline = FNR; bad("<!-- end table --> without a table marker") }
		inside = 0; if (!only) print; next
	}
	# inline values: <!-- value CSV: TEMPLATE [; where ...] -->TEXT<!-- /value -->
	!inside && index($0, "<!-- value ") {
		mline = FNR; out = ""; rest = $0
		while ((p = index(rest, "<!-- value ")) > 0) {
			out = out substr(rest, 1, p - 1); rest = substr(rest, p + 11)
			q = index(rest, " -->"); if (!q) bad("a value marker without its closing -->")
			spec = substr(rest, 1, q - 1); rest = substr(rest, q + 4)
			q = index(rest, "<!-- /value -->"); if (!q) bad("a value without its <!-- /value --> on the same line")
			rest = substr(rest, q + 15)
			out = out "<!-- value " spec " -->" value(spec) "<!-- /value -->"; values++
		}
		if (!only) print out rest
		next
	}
	!inside && !only { print }
	END {
		if (failed) exit 2
		if (inside) { mline = FNR; bad("the last table has no <!-- end table -->") }
		if (!tables && !values) { printf "%s: no <!-- table ... --> or <!-- value ... --> marker\n", FILENAME > "/dev/stderr"; exit 2 }
	}' "$doc"
}

case $mode in
--print) render 1 ;;
--check|--write)
	new=$(render 0) || exit 2
	if [ "$mode" = --check ]; then
		diff <(cat "$doc") <(printf '%s\n' "$new") > /dev/null && exit 0
		echo "experiments-tables: $doc has tables that are not what their CSVs give (scripts/experiments-tables.sh --write; < the file, > generated):" >&2
		diff <(cat "$doc") <(printf '%s\n' "$new") | grep '^[<>]' >&2 || true
		exit 1
	fi
	printf '%s\n' "$new" > "$doc.tmp" && mv "$doc.tmp" "$doc" ;;
esac
