#!/usr/bin/env python3
# summary.py OUTDIR... > summary.csv: each point's two dlprobe dlpush rows
# (the probe's own summary, as results/fidelity-v4/dlpush-q/dlpush.csv has
# them), the boot (OUTDIR's name) and point first.
import csv, io, sys
from probecsv import probe_files
w = None
for boot, point, lines in probe_files(sys.argv[1:]):
    end = next((i for i, l in enumerate(lines) if l.startswith('#')), len(lines))
    for r in csv.DictReader(io.StringIO('\n'.join(lines[:end]))):
        if w is None:
            w = csv.writer(sys.stdout)
            hdr = list(r.keys())
            w.writerow(['boot', 'point'] + hdr)
        w.writerow([boot, point] + [r[k] for k in hdr])
