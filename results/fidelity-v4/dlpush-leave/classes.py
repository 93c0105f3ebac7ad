#!/usr/bin/env python3
# classes.py moves.csv > classes.csv: each direction's moves (gap up to 1 ms,
# matched to a kick) by class, from the kicker's timer expiry (exp) and its
# first reading after it (woke), both relative to the mover's last reading:
#   late      exp < -2 us: the mover read the clock on that CPU more than 2 us
#             after the kicker's timer expired (its push came about a quantum later)
#   same-irq  woke - exp >= 5.2 us (the kicker throttled at its wake-up and
#             released by its replenishment timer in the same interrupt)
#   direct    woke - exp < 5.2 us (woken and run without a throttle)
# and all; per class: moves, share, leave (= woke) p5/p50/p95, exp p50,
# woke - exp p5/p50/p95, the whole move's p50, the mover's loop p50, and
# how many moves had an interruption (gap over 1 us on the CPU left) ending
# within -2..12 us of exp, with its gap and end - exp p50 (second boot on).
import csv, sys, collections
def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p * len(v)))] if v else ''
def cls(m):
    e, w = int(m['kick_exp_ns']), int(m['kick_woke_ns'])
    return 'late' if e < -2000 else ('direct' if w - e < 5200 else 'same-irq')
groups = collections.OrderedDict()
for m in csv.DictReader(open(sys.argv[1])):
    if int(m['whole_ns']) > 1000000 or not m['kick_woke_ns']:
        continue
    groups.setdefault((m['boot'], m['point'], m['from'], m['to']), []).append(m)
out = csv.writer(sys.stdout)
out.writerow(['boot', 'point', 'cpu_from', 'cpu_to', 'class', 'moves', 'share', 'leave_p5_ns', 'leave_p50_ns',
              'leave_p95_ns', 'exp_p50_ns', 'woke_minus_exp_p5_ns', 'woke_minus_exp_p50_ns',
              'woke_minus_exp_p95_ns', 'whole_p50_ns', 'loop_p50_ns', 'interrupted_at_exp',
              'int_gap_p50_ns', 'int_end_minus_exp_p50_ns'])
for (boot, point, fr, to), ms in groups.items():
    for c in ('late', 'same-irq', 'direct', 'all'):
        g = [m for m in ms if c == 'all' or cls(m) == c]
        if not g:
            continue
        lv = [int(m['kick_woke_ns']) for m in g]
        ex = [int(m['kick_exp_ns']) for m in g]
        wl = [int(m['kick_woke_ns']) - int(m['kick_exp_ns']) for m in g]
        ig = [m for m in g if m['int_gap_ns'] and -2000 < int(m['int_end_ns']) - int(m['kick_exp_ns']) < 12000]
        first_boot_probe = boot == 'out-q10'  # its probe had no int_gap columns
        out.writerow([boot, point, fr, to, c, len(g), f'{len(g) / len(ms):.3f}', pct(lv, .05), pct(lv, .5),
                      pct(lv, .95), pct(ex, .5), pct(wl, .05), pct(wl, .5), pct(wl, .95),
                      pct([int(m['whole_ns']) for m in g], .5), pct([int(m['loop_ns']) for m in g], .5),
                      '' if first_boot_probe else len(ig),
                      pct([int(m['int_gap_ns']) for m in ig], .5) if ig else '',
                      pct([int(m['int_end_ns']) - int(m['kick_exp_ns']) for m in ig], .5) if ig else ''])
