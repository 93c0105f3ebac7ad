#!/usr/bin/env python3
"""analyze.py TAG[:KERNEL]...: summarize stats-TAG.txt (wfe-count QEMU counters);
KERNEL (default patched) is the variant whose System.map and vmlinux name
the sites.

Per boot and phase (all; points: windows wholly inside a point's jobs, by
out-TAG/*/jobs.csv first release to last end or deadline; boot: windows
before the first point's; between: the rest: set-up and tear-down of the
points, after the first one's start) prints one CSV row to summary.csv, per vCPU rows
to percpu.csv and the WFE/YIELD sites to sites.csv."""
import csv, glob, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sym import Syms  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = '/root/.cache/dlcap/build/6.1.192-3/'
VMLINUX = BUILD + 'patched/vmlinux'
symmod = None
B = 10  # ns per bucket
CCOLS = ['turns', 'end_halt', 'end_wfe', 'end_yield', 'end_budget', 'exec_wfe',
         'exec_yield', 'rel_wfe', 'rel_yield', 'eff_wfe', 'eff_yield',
         'gapneg_wfe', 'gapneg_yield', 'gapsum_eff_wfe', 'gapmax_eff_wfe', 'insns']
GCOLS = ['quanta', 'idle_quanta', 'passes', 'spin_passes', 'maxpass_quanta',
         'pass_rel_wfe', 'pass_rel_yield', 'pass_rewoken']
HK = ['wfe', 'wfe_eff', 'yield', 'yield_eff']


def windows(path):
    w = None
    for line in open(path):
        f = line.split()
        if f[0] == 'W':
            w = {'t0': int(f[1]), 't1': int(f[2]), 'C': {}, 'H': {}, 'M': {}, 'P': {}, 'S': {}}
            yield w
        elif f[0] == 'G':
            w['G'] = list(map(int, f[1:]))
        elif f[0] == 'C':
            w['C'][int(f[1])] = list(map(int, f[2:]))
        elif f[0] == 'H':
            w['H'][(int(f[1]), int(f[2]))] = int(f[3])
        elif f[0] == 'M':
            w['M'][int(f[1])] = int(f[2])
        elif f[0] == 'S':
            w['S'][tuple(int(x, 16) for x in f[1:5])] = int(f[5])
        elif f[0] == 'P':
            w['P'][int(f[1], 16)] = list(map(int, f[2:]))


def point_spans(tag):
    spans = []
    for j in sorted(glob.glob(os.path.join(HERE, 'out-%s/*/jobs.csv' % tag))):
        lo = hi = None
        for r in csv.DictReader(open(j)):
            a, b = int(r['release_ns']), int(r['end_ns'] or 0)
            lo = a if lo is None else min(lo, a)
            hi = max(hi or 0, b, int(r['deadline_ns']))
        if lo is not None:
            spans.append((os.path.basename(os.path.dirname(j)), lo, hi))
    return spans


def pct(h, q):
    n = sum(h.values())
    if not n:
        return ''
    k, acc = q * n, 0
    for b in sorted(h):
        acc += h[b]
        if acc >= k:
            return (b + 1) * B   # upper edge of the bucket
    return ''


def summarize(ws):
    s = {'guest_s': sum(w['t1'] - w['t0'] for w in ws) / 1e9}
    g = [sum(w['G'][i] for w in ws) for i in range(len(GCOLS))]
    s.update(zip(GCOLS, g))
    cpus = {}
    for w in ws:
        for c, v in w['C'].items():
            cpus.setdefault(c, [0] * len(CCOLS))
            for i, x in enumerate(v):
                if CCOLS[i] == 'gapmax_eff_wfe':
                    cpus[c][i] = max(cpus[c][i], x)
                else:
                    cpus[c][i] += x
    for i, k in enumerate(CCOLS):
        if k in ('gapmax_eff_wfe', 'gapsum_eff_wfe', 'insns', 'exec_wfe', 'exec_yield'):
            continue
        s[k] = sum(v[i] for v in cpus.values())
    for h, name in enumerate(HK):
        hist = {}
        for w in ws:
            for (hh, b), n in w['H'].items():
                if hh == h:
                    hist[b] = hist.get(b, 0) + n
        s['gap_%s_n' % name] = sum(hist.values())
        s['gap_%s_mean' % name] = round(sum((b + 0.5) * B * n for b, n in hist.items()) / max(1, sum(hist.values())))
        s['gap_%s_p50' % name] = pct(hist, 0.5)
        s['gap_%s_p99' % name] = pct(hist, 0.99)
        s['gap_%s_max' % name] = max([w['M'].get(h, 0) for w in ws] or [0])
        s['gap_%s_sum_ns' % name] = sum((b + 0.5) * B * n for b, n in hist.items())
    pcs = {}
    for w in ws:
        for k, v in w['P'].items():
            pcs.setdefault(k, [0, 0, 0, 0])
            for i, x in enumerate(v):
                pcs[k][i] += x
    stacks = {}
    for w in ws:
        for k, n in w['S'].items():
            stacks[k] = stacks.get(k, 0) + n
    return s, cpus, pcs, stacks


_prev = {}
def prev_insn(pc):
    if pc >> 48 != 0xffff:
        return ''
    if (VMLINUX, pc) not in _prev:
        out = subprocess.run(['aarch64-linux-gnu-objdump', '-d', '--start-address=%#x' % (pc - 4),
                              '--stop-address=%#x' % pc, VMLINUX], capture_output=True, text=True).stdout
        ins = [l.split('\t')[2].strip() for l in out.splitlines() if l.startswith('ffff') and '\t' in l]
        _prev[VMLINUX, pc] = ins[0] if ins else '?'
    return _prev[VMLINUX, pc]


def main(tags):
    rows, prow, srow, strow = [], [], [], []
    global symmod, VMLINUX
    for arg in tags:
        tag, _, kernel = arg.partition(':')
        kernel = kernel or 'patched'
        symmod = Syms(BUILD + kernel + '/System.map')
        VMLINUX = BUILD + kernel + '/vmlinux'
        ws = list(windows(os.path.join(HERE, 'stats-%s.txt' % tag)))
        spans = point_spans(tag)
        def inpoint(w):
            return any(lo <= w['t0'] and w['t1'] <= hi for _, lo, hi in spans)
        first = min([lo for _, lo, _ in spans] or [0])
        phases = [('all', ws), ('points', [w for w in ws if inpoint(w)]),
                  ('boot', [w for w in ws if w['t1'] <= first]),
                  ('between', [w for w in ws if w['t1'] > first and not inpoint(w)])]
        # per point: its set-up (windows starting after the previous point's
        # end, before its first release), its first 100 ms, the rest
        prev = 0
        for n, lo, hi in spans:
            phases += [('setup:' + n, [w for w in ws if prev <= w['t0'] < lo]),
                       ('first100ms:' + n, [w for w in ws if lo <= w['t0'] < lo + 100000000]),
                       ('rest:' + n, [w for w in ws if lo + 100000000 <= w['t0'] < hi])]
            prev = hi
        # extra phases by virtual time: $PHASES="TAG/NAME=T0-T1,..." (seconds)
        for ph in filter(None, os.environ.get('PHASES', '').split(',')):
            n, t = ph.split('=')
            if n.split('/')[0] != tag:
                continue
            n = n.split('/', 1)[1]
            t0, t1 = (int(float(x) * 1e9) for x in t.split('-'))
            phases.append((n, [w for w in ws if t0 <= w['t0'] and w['t1'] <= t1]))
        for phase, sel in phases:
            if not sel:
                continue
            s, cpus, pcs, stacks = summarize(sel)
            # callers, by the function each return address is in
            agg = {}
            for k, n in stacks.items():
                name = ('yield' if k[0] & 1 else 'wfe', symmod.sym(k[0] & ~1).split('+')[0]) + \
                    tuple(symmod.sym(r - 4).split('+')[0] if r else '-' for r in k[1:])
                agg[name] = agg.get(name, 0) + n
            for name, n in sorted(agg.items(), key=lambda kv: -kv[1]):
                strow.append(dict(boot=tag, phase=phase, kind=name[0], site=name[1],
                                  caller1=name[2], caller2=name[3], caller3=name[4], executed=n))
            rows.append(dict(boot=tag, phase=phase, **s))
            for c in sorted(cpus):
                d = dict(zip(CCOLS, cpus[c]))
                prow.append(dict(boot=tag, phase=phase, cpu=c, **d))
            for k, v in sorted(pcs.items(), key=lambda kv: -kv[1][0]):
                pc = k & ~1
                srow.append(dict(boot=tag, phase=phase, kind='yield' if k & 1 else 'wfe',
                                 pc='%x' % pc, symbol=symmod.sym(pc), prev_insn=prev_insn(pc),
                                 turn_ends=v[0], releases=v[1], effective=v[2],
                                 gap_eff_mean_ns=round(v[3] / v[2]) if v[2] else ''))
        print(tag, 'points:', ' '.join('%s %.3f-%.3f' % (n, lo / 1e9, hi / 1e9) for n, lo, hi in spans),
              file=sys.stderr)
    for name, rs in (('summary.csv', rows), ('percpu.csv', prow), ('sites.csv', srow),
                     ('stacks.csv', strow)):
        if not rs:
            continue
        with open(name, 'w', newline='') as f:
            wr = csv.DictWriter(f, fieldnames=list(rs[0].keys()))
            wr.writeheader()
            wr.writerows(rs)


main(sys.argv[1:])
