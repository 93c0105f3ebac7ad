#!/usr/bin/env python3
# Symbolise the "qtprobe: stack" lines (guest PC, LR, frame-pointer chain of
# each late timer arming) with the guest kernel's System.map and group them.
# Usage: qtprobe-stacks.py LOG SYSTEM_MAP [FRAMES]
import sys, collections
from qtprobe_stack import symbolizer, stack_records
log, smap = sys.argv[1], sys.argv[2]
depth = int(sys.argv[3]) if len(sys.argv) > 3 else 8
sym = symbolizer(smap)
groups = collections.defaultdict(list)
for kv, pcs in stack_records(log):
    # pcs[0] is the PC (maybe stale), pcs[1] the LR; drop the timer-programming
    # common prefix to show what armed it
    chain = [sym(x) for x in pcs[1:]]
    groups[tuple(chain[:depth])].append((int(kv['lead']), int(kv['late']), int(kv['vcpu'])))
for chain, v in sorted(groups.items(), key=lambda kv: -len(kv[1])):
    leads = sorted(x[0] for x in v); lates = sorted(x[1] for x in v)
    print(f"{len(v):4} late armings, lead {leads[0]}..{leads[-1]} ns, lateness median {lates[len(lates)//2]} max {lates[-1]} ns, vcpus {sorted(set(x[2] for x in v))}")
    print("      " + " < ".join(chain))
