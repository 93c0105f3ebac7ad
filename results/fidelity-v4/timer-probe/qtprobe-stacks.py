#!/usr/bin/env python3
# Symbolise the "qtprobe: stack" lines (guest PC, LR, frame-pointer chain of
# each late timer arming) with the guest kernel's System.map and group them.
# Usage: qtprobe-stacks.py LOG SYSTEM_MAP [FRAMES]
import sys, bisect, collections
log, smap = sys.argv[1], sys.argv[2]
depth = int(sys.argv[3]) if len(sys.argv) > 3 else 8
syms = []
for l in open(smap):
    a, t, n = l.split()[:3]
    if t in 'tTwW':
        syms.append((int(a, 16), n))
syms.sort(); addrs = [a for a, _ in syms]
def sym(x):
    i = bisect.bisect_right(addrs, x) - 1
    return syms[i][1] if i >= 0 else hex(x)
groups = collections.defaultdict(list)
for l in open(log, errors='replace'):
    if 'qtprobe: stack ' not in l: continue
    p = l.split('qtprobe: stack ', 1)[1].split()
    kv = dict(zip(p[0:8:2], p[1:8:2]))
    pcs = [int(x, 16) for x in p[9:]]
    # pcs[0] is the PC (maybe stale), pcs[1] the LR; drop the timer-programming
    # common prefix to show what armed it
    chain = [sym(x) for x in pcs[1:]]
    groups[tuple(chain[:depth])].append((int(kv['lead']), int(kv['late']), int(kv['vcpu'])))
for chain, v in sorted(groups.items(), key=lambda kv: -len(kv[1])):
    leads = sorted(x[0] for x in v); lates = sorted(x[1] for x in v)
    print(f"{len(v):4} late armings, lead {leads[0]}..{leads[-1]} ns, lateness median {lates[len(lates)//2]} max {lates[-1]} ns, vcpus {sorted(set(x[2] for x in v))}")
    print("      " + " < ".join(chain))
