# The probe.csv of each point under run-batch OUTDIRs, for collect.py and
# summary.py: yields (boot, point, lines), boot being OUTDIR's name.
import os


def probe_files(outdirs):
    for outdir in outdirs:
        boot = os.path.basename(outdir.rstrip('/'))
        for point in sorted(os.listdir(outdir)):
            p = os.path.join(outdir, point, 'probe.csv')
            if os.path.isfile(p):
                yield boot, point, open(p).read().splitlines()
