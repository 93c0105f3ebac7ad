#!/usr/bin/env python3
# collect.py OUTDIR... > moves.csv: the per-move rows of dlprobe dlpush -v 1
# (the probe of leave-probe.patch) from each point's probe.csv under the
# run-batch OUTDIRs, one CSV with the boot (OUTDIR's name) and point first.
# Columns as the probe prints them (times in ns relative to t_last, the
# mover's last reading on the CPU left; leave-probe.patch's comment);
# int_gap_ns, int_end_ns empty in the first boot's rows (probe without them).
import csv, io, sys
from probecsv import probe_files
cols = ['from', 'to', 't_last_us', 'iters', 'loop_ns', 'tries', 'try0_before', 'try0_after',
        'try0_ns', 'whole_ns', 'kick_exp_ns', 'kick_woke_ns', 'int_gap_ns', 'int_end_ns']
w = csv.writer(sys.stdout)
w.writerow(['boot', 'point'] + cols)
for boot, point, lines in probe_files(sys.argv[1:]):
    if '#moves' not in lines:
        continue
    rows = csv.DictReader(io.StringIO('\n'.join(lines[lines.index('#moves') + 1:])))
    for r in rows:
        w.writerow([boot, point] + [r.get(c, '') for c in cols])
