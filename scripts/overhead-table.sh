#!/bin/bash
# The overhead experiment's table (EXPERIMENTS.md section 10): the
# points.csv of each overhead-slackN sweep, one after another, with a first
# column slack_us = N.
# Usage: scripts/overhead-table.sh SWEEP_RESULTS...   (results/sweeps/overhead-slackN)
#   prints the CSV on stdout
# Exit status: 0; 1 a folder without points.csv or not named ...-slackN;
# 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
[ -r "$1/points.csv" ] || die "no $1/points.csv"
head -1 "$1/points.csv" | sed 's/^/slack_us,/'
for d in "$@"; do
	slack=${d%/}; slack=${slack##*-slack}
	[[ $slack =~ ^[0-9]+$ ]] || die "$d: not a sweep named ...-slackN"
	[ -r "$d/points.csv" ] || die "no $d/points.csv"
	tail -n +2 "$d/points.csv" | sed "s/^/$slack,/"
done
