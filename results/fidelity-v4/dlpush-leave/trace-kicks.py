#!/usr/bin/env python3
# trace-kicks.py TRACE.txt.gz... > kicks.csv: one row per wake-up of a dlpush
# kicker (hrtimer_wakeup of a dlprobe thread) in a guest ftrace of
# leave-trace.sh (functions already named: trace-*.txt.gz here), with
#   exp_ns         the kicker's timer expiry (its hrtimer_start's expires)
#   wake_late_ns   hrtimer_expire_entry's now - exp (timer interrupt lateness)
#   cpu_state      idle or busy (the task the interrupt came in on)
#   path           direct: woken and enqueued; throttled-same-irq: enqueue
#                  refused (dl_check_constrained_dl: woken after its deadline,
#                  before its next period) and its dl_task_timer run in the same
#                  interrupt; throttled-later-irq: that timer run in a later one
#   period_start_minus_exp_ns  the throttle's end (dl_task_timer expires) - exp
#   dl_timer_late_ns           dl_task_timer's now - exp
#   switch_in_us   the kicker's sched_switch - the wake-up's trace time, us
#                  (ftrace prints us; both under tracing, so slower than untraced)
import gzip, re, sys, csv
pat = re.compile(r'^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+(\d+)\.(\d+):\s+(\w+):\s*(.*)$')
kv = lambda r: dict(re.findall(r'(\w+)=(\S+)', r))
w = csv.writer(sys.stdout)
w.writerow(['trace', 'cpu', 'kicker_pid', 'exp_ns', 'wake_late_ns', 'cpu_state', 'path',
            'period_start_minus_exp_ns', 'dl_timer_late_ns', 'switch_in_us'])
for path in sys.argv[1:]:
    name = re.sub(r'\.txt(\.gz)?$', '', path.split('/')[-1])
    ev = []
    with (gzip.open(path, 'rt') if path.endswith('.gz') else open(path)) as f:
        for line in f:
            m = pat.match(line)
            if m:
                comm, pid, cpu, s, us, ename, rest = m.groups()
                ev.append(dict(comm=comm, cpu=int(cpu), t=int(s) * 1000000 + int(us), name=ename, d=kv(rest)))
    armed = {}
    for i, e in enumerate(ev):
        if e['name'] == 'hrtimer_start':
            armed[e['d']['hrtimer']] = int(e['d']['expires'])
        if e['name'] != 'hrtimer_expire_entry' or e['d'].get('function') != 'hrtimer_wakeup':
            continue
        cpu, exp = e['cpu'], armed.get(e['d']['hrtimer'])
        seq = [x for x in ev[i + 1:i + 80] if x['cpu'] == cpu]
        wk = next((x for x in seq[:3] if x['name'] == 'sched_wakeup'), None)
        if exp is None or not wk or wk['d']['comm'] != 'dlprobe':
            continue
        pid = wk['d']['pid']
        dls = next((x for x in seq[:3] if x['name'] == 'hrtimer_start' and x['d']['function'] == 'dl_task_timer'), None)
        pathk, dl_late, irqs, sw = 'direct', '', 0, ''
        for x in seq:
            if x['name'] == 'irq_handler_entry':
                irqs += 1
            if x['name'] == 'sched_switch' and x['d']['next_pid'] == pid:
                sw = x['t'] - e['t']
                break
            if dls and x['name'] == 'hrtimer_expire_entry' and x['d']['function'] == 'dl_task_timer':
                dl_late = int(x['d']['now']) - exp
                pathk = 'throttled-same-irq' if irqs == 0 else 'throttled-later-irq'
        if dls and not dl_late:
            pathk = 'throttled-unresolved'
        w.writerow([name, cpu, pid, exp, int(e['d']['now']) - exp, 'idle' if e['comm'] == '<idle>' else 'busy',
                    pathk, int(dls['d']['expires']) - exp if dls else '', dl_late, sw])
