#!/usr/bin/env python3
# Late armings of a "qtprobe: stack" log by kind (guest kernel path) and by
# whether they fall in the dlgen point's window. Usage:
# qtprobe-kinds.py CONSOLE_LOG SUMMARY_JSON SYSTEM_MAP OFFSET_NS
import sys, json, collections
from qtprobe_stack import symbolizer, stack_records
log, summ, smap, off = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sym = symbolizer(smap)
s=json.load(open(summ)); t0=s['start_ns']+off
# to the end of the last job (overrunning jobs end after the duration)
import csv, os
jobs=os.path.join(os.path.dirname(summ),'jobs.csv')
t1=max([s['start_ns']+s['duration_ns']]+[int(j['end_ns']) for j in csv.DictReader(open(jobs))])+off
K=collections.defaultdict(list)
for kv, addrs in stack_records(log):
    pcs=[sym(x) for x in addrs]
    kind=('DL inactive (0-lag) timer, task_non_contending' if 'task_non_contending' in pcs else
          'clock_nanosleep (dlgen job release)' if 'do_nanosleep' in pcs else
          'RT bandwidth timer' if 'enqueue_task_rt' in pcs else
          'RCU kvfree batch' if 'kvfree_call_rcu' in pcs else
          'hrtimer_interrupt re-program' if 'hrtimer_interrupt' in pcs else
          'nohz idle' if 'tick_nohz_idle_stop_tick' in pcs else ' < '.join(pcs[:6]))
    at=int(kv['at'])
    K[(kind, 'in point' if t0<=at<t1 else 'boot/teardown')].append(int(kv['late']))
print(f"point window in QEMU virtual ns: {t0}..{t1}")
for k,v in sorted(K.items(), key=lambda kv:-len(kv[1])):
    v.sort(); print(f"{len(v):4} {k[1]:14} {k[0]}: lateness p50 {v[len(v)//2]} max {v[-1]} ns")
