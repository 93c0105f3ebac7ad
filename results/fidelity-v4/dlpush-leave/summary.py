#!/usr/bin/env python3
# summary.py OUTDIR... > summary.csv: each point's two dlprobe dlpush rows
# (the probe's own summary, as results/fidelity-v4/dlpush-q/dlpush.csv has
# them), the boot (OUTDIR's name) and point first.
import csv, io, os, sys
w = None
for outdir in sys.argv[1:]:
    boot = os.path.basename(outdir.rstrip('/'))
    for point in sorted(os.listdir(outdir)):
        p = os.path.join(outdir, point, 'probe.csv')
        if not os.path.isfile(p):
            continue
        lines = open(p).read().splitlines()
        end = next((i for i, l in enumerate(lines) if l.startswith('#')), len(lines))
        for r in csv.DictReader(io.StringIO('\n'.join(lines[:end]))):
            if w is None:
                w = csv.writer(sys.stdout)
                hdr = list(r.keys())
                w.writerow(['boot', 'point'] + hdr)
            w.writerow([boot, point] + [r[k] for k in hdr])
