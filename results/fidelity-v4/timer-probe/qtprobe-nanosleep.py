#!/usr/bin/env python3
# For the late nanosleep armings of a "qtprobe: stack" log: which dlgen job
# had just ended, when its task's next job was released, and how its next
# job started. Usage: qtprobe-nanosleep.py CONSOLE_LOG JOBS_CSV SYSTEM_MAP
import csv, collections, sys
from qtprobe_stack import symbolizer, stack_records
log, jobsf, smap = sys.argv[1:4]
sym = symbolizer(smap)
ev=[]
for kv, addrs in stack_records(log):
    pcs=[sym(x) for x in addrs]
    kind='inactive' if 'task_non_contending' in pcs else 'nanosleep' if 'do_nanosleep' in pcs else 'other'
    ev.append((int(kv['at']),int(kv['lead']),int(kv['late']),int(kv['vcpu']),kind))
jobs=list(csv.DictReader(open(jobsf)))
key=lambda j:(j['task'],j['instance'],int(j['job']))
J={key(j):j for j in jobs}
# QEMU virtual ns - guest CLOCK_MONOTONIC: the most common (arming - job
# end) within 0..100 ms, in 1 us bins, less 2 us: a job's end is followed
# by its sleep within a few us
h=collections.Counter()
for at,l_,la,v,k in ev:
    if k!='nanosleep': continue
    for j in jobs:
        d=at-int(j['end_ns'])
        if 0<d<100_000_000: h[d//1000]+=1
b=max(h,key=lambda x:h[x]+h[x-1]+h[x+1])
off=(b-2)*1000
print(f"virtual - monotonic offset ~{off} ns (median nanosleep arming - previous job end, less 3 us)")
rows=collections.Counter(); delays=[]
for at,lead,late,v,kind in ev:
    if kind!='nanosleep': continue
    a=at-off
    ends=[j for j in jobs if -3000 <= a-int(j['end_ns']) < 10000]
    if not ends: rows['no job ended just before']+=1; continue
    j=min(ends,key=lambda j:abs(a-int(j['end_ns'])))
    n=J.get((j['task'],j['instance'],int(j['job'])+1))
    if not n: rows['last job of its task']+=1; continue
    over=int(j['end_ns'])-int(n['release_ns'])
    rows['ended after its next release (overran)' if over>0 else 'ended before its next release']+=1
    delays.append((int(n['start_ns'])-max(int(n['release_ns']),int(j['end_ns'])), late, over, j['task']+'/'+j['job'], n['lateness_ns']))
for k,c in rows.items(): print(c, k)
delays.sort()
print("next job: start - max(release, previous end) [ns], probe lateness [ns], previous job's end - next release [ns]:")
for d in delays: print("  ", d)
# Upper bound of the shift the late wake-ups give a task's jobs: the sum of
# the probe lateness of its late wake-ups so far (a backlog carries each
# one into every later job until the task catches up); against the margin
# |lateness| of its jobs from its first late wake-up on.
per=collections.defaultdict(list)
for d,late,over,tj,nl in delays:
    per[tj.split('/')[0]].append((int(tj.split('/')[1])+1, late))
for t,v in sorted(per.items()):
    v.sort(); first=v[0][0]
    tj=[j for j in jobs if j['task']==t and int(j['job'])>=first]
    tot=sum(l for _,l in v)
    m=min(tj,key=lambda j:abs(int(j['lateness_ns'])))
    print(f"{t}: {len(v)} late wake-ups, sum {tot} ns; its jobs from job {first}: {len(tj)}, {sum(int(j['lateness_ns'])>0 for j in tj)} late; smallest |lateness| {abs(int(m['lateness_ns']))} ns (job {m['job']})")
