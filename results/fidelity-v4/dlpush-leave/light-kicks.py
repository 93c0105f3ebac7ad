#!/usr/bin/env python3
# light-kicks.py KICK-GRID.csv TRACE.txt.gz... > light-kicks.csv: for the
# light traces (only timer:hrtimer_expire_entry, leave-trace.sh light;
# traces/light-*.txt.gz), one row per wake-up of a kicker: its timer's expiry
# from the probe's kick grid (kick-grid.csv: the #kick_grid line of each
# point's probe.csv), the wake-up's lateness (hrtimer_wakeup's now - exp), whether a
# dl_task_timer followed on that CPU before the next expiry of any other
# hrtimer there (throttled) and its now - exp; and, for the kicker, the
# largest lateness of its unthrottled wake-ups so far (max_direct_late_ns):
# the throttle's period start is that wake-up's time, so a wake-up earlier
# (relative to its timer) than that is throttled.
import csv, gzip, os, re, sys
pat = re.compile(r'^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+(\d+)\.(\d+):\s+hrtimer_expire_entry:\s*(.*)$')
kv = lambda r: dict(re.findall(r'(\w+)=(\S+)', r))
DLT, WAKE = '0xffffffc008066144', '0xffffffc00809a350'   # dl_task_timer, hrtimer_wakeup (System.map of the stock 6.1.192-3 build)
w = csv.writer(sys.stdout)
w.writerow(['point', 'cpu', 'kick', 'exp_ns', 'wake_late_ns', 'cpu_state', 'throttled', 'dl_timer_late_ns', 'max_direct_late_ns'])
grids = {r['point']: r for r in csv.DictReader(open(sys.argv[1]))}
for path in sys.argv[2:]:
    point = re.sub(r'\.txt(\.gz)?$', '', os.path.basename(path))
    g = grids[point]
    grid = {int(g['cpu_a']): int(g['a_first_ns']), int(g['cpu_b']): int(g['b_first_ns'])}
    kick = int(g['kick_ns'])
    ev = []
    for line in (gzip.open(path, 'rt') if path.endswith('.gz') else open(path)):
        m = pat.match(line)
        if m:
            comm, pid, cpu, s, us, rest = m.groups()
            x = kv(rest)
            ev.append((int(cpu), comm, x['function'], int(x['now'])))
    maxd = {}
    for i, (cpu, comm, fn, now) in enumerate(ev):
        if fn != WAKE or cpu not in grid:
            continue
        n = round((now - grid[cpu]) / kick)
        exp = grid[cpu] + n * kick
        if n < 0 or abs(now - exp) > kick // 4:
            continue            # not a kicker's wake-up (wait_start's polls)
        dl = ''
        for cpu2, comm2, fn2, now2 in ev[i + 1:i + 12]:
            if cpu2 != cpu:
                continue
            if fn2 == DLT and now2 - exp < 50000:
                dl = now2 - exp
            break
        throttled = dl != ''
        w.writerow([point, cpu, n, exp, now - exp, 'idle' if comm == '<idle>' else 'busy', int(throttled), dl, maxd.get(cpu, '')])
        if not throttled:
            maxd[cpu] = max(maxd.get(cpu, -10**9), now - exp)
