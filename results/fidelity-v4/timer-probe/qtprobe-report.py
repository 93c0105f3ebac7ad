#!/usr/bin/env python3
# Summarise the "qtprobe:" lines of a QEMU stderr/console log (DEBUG-only
# timer probe, helper t4). Usage: qtprobe-report.py LOG QEMU_BINARY
import sys, re, subprocess
log, binary = sys.argv[1], sys.argv[2]
lines = [p for p in [l.split('qtprobe: ', 1)[1].split() for l in open(log, errors='replace') if "qtprobe: " in l] if p[0] != "stack"]
syms = {}
for l in subprocess.run(['nm', binary], capture_output=True, text=True).stdout.splitlines():
    p = l.split()
    if len(p) == 3 and p[1] in 'tT':
        syms[int(p[0], 16)] = p[2]
anchor_nm = [a for a, n in syms.items() if n == 'icount_quantum_start'][0]
head = lines[0]
kv = dict(zip(head[0::2], head[1::2]))
guest_ns = int(kv['guest_ns']); anchor = int(head[-1].split('=')[1], 16)
print(f"guest {guest_ns/1e9:.3f} s, quantum {kv['quantum_ns']} ns, quanta {kv['quanta']} (short {kv['short_quanta']}), slots {kv['slots']}, dropped {kv['dropped']}")
def pct(h, q):
    n = sum(h); c = 0
    if n == 0: return None
    for i, v in enumerate(h):
        c += v
        if c >= q * n: return i
slots = {}
for p in lines[1:]:
    i = int(p[1])
    s = slots.setdefault(i, {})
    if p[2] == 'vcpu':
        d = dict(zip(p[2::2], p[3::2]))
        s.update(d)
    else:
        s[p[2]] = [int(x) for x in p[3:]]
gs = guest_ns / 1e9
tot = {}
print(f"{'slot':>4} {'vcpu':>4} {'callback':<26} {'armed':>8} {'/s':>7} {'late':>6} {'late%':>7} {'past':>5} {'same':>7} {'far':>5} {'outside':>7} {'fired':>8} {'firedlate':>9}  late_us p50/p99/max  lead(late) log2 bins")
for i in sorted(slots):
    s = slots[i]
    cb = int(s['cb'], 16) - anchor + anchor_nm
    name = syms.get(cb, hex(cb))
    armed, late = int(s['armed']), int(s['late'])
    lu = s['late_us']; mx = max([j for j, v in enumerate(lu) if v] or [None]) if late else None
    lead = ' '.join(f"<2^{j}:{v}" for j, v in enumerate(s['lead_log2_late']) if v)
    print(f"{i:>4} {s['vcpu']:>4} {name:<26} {armed:>8} {armed/gs:>7.0f} {late:>6} {100*late/max(armed,1):>6.2f}% {s['past']:>5} {s['same']:>7} {s['far']:>5} {s['outside']:>7} {s['fired']:>8} {s['fired_late']:>9}  "
          + (f"{pct(lu,.5)}/{pct(lu,.99)}/{mx} us" if late else "-") + "  " + lead)
    t = tot.setdefault(name, {'armed': 0, 'late': 0, 'late_us': [0]*len(lu), 'fire_us': [0]*len(lu), 'fired': 0, 'fired_late': 0, 'lead_all': [0]*len(s['lead_log2_all']), 'lead_late': [0]*len(s['lead_log2_all'])})
    t['armed'] += armed; t['late'] += late; t['fired'] += int(s['fired']); t['fired_late'] += int(s['fired_late'])
    for j, v in enumerate(lu): t['late_us'][j] += v
    for j, v in enumerate(s['fire_us']): t['fire_us'][j] += v
    for j, v in enumerate(s['lead_log2_all']): t['lead_all'][j] += v
    for j, v in enumerate(s['lead_log2_late']): t['lead_late'][j] += v
print("per callback, all vCPUs:")
for name, t in tot.items():
    lu = t['late_us']
    print(f"  {name}: armed {t['armed']} ({t['armed']/gs:.0f}/s), late {t['late']} ({100*t['late']/max(t['armed'],1):.3f}%, {t['late']/gs:.1f}/s), late_us hist {lu[:12]} p50/p99/max "
          + (f"{pct(lu,.5)}/{pct(lu,.99)}/{max(j for j,v in enumerate(lu) if v)}" if t['late'] else '-')
          + f"; fired {t['fired']}, fired late {t['fired_late']}, fire_us hist {t['fire_us'][:12]}")
    print(f"    lead log2 bins (bin b: [2^(b-1),2^b) ns) all: " + ' '.join(f"{j}:{v}" for j, v in enumerate(t['lead_all']) if v))
    print(f"    lead log2 bins late: " + ' '.join(f"{j}:{v}" for j, v in enumerate(t['lead_late']) if v))
