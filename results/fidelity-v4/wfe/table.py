#!/usr/bin/env python3
"""table.py: wfe-count.csv (the headline numbers per boot and phase, from
summary.csv) and a markdown table of them on stdout."""
import csv
rows = list(csv.DictReader(open('summary.csv')))
out = []
for r in rows:
    g = float(r['guest_s'])
    if g <= 0:
        continue
    q, t = int(r['quanta']), int(r['turns'])
    f = lambda k: int(r[k])
    out.append({
        'boot': r['boot'], 'phase': r['phase'], 'guest_s': '%.3f' % g,
        'quanta': q, 'turns': t, 'ended_halt': f('end_halt'), 'ended_budget': f('end_budget'),
        'ended_wfe': f('end_wfe'), 'ended_yield': f('end_yield'),
        'wfe_per_guest_s': round(f('end_wfe') / g), 'yield_per_guest_s': round(f('end_yield') / g),
        'wfe_per_1k_turns': '%.3f' % (1000 * f('end_wfe') / t),
        'extra_passes': f('passes'), 'extra_passes_spin_only': f('spin_passes'),
        'extra_passes_per_100_quanta': '%.3f' % (100 * f('passes') / q),
        'quanta_at_spin_limit': f('maxpass_quanta'),
        'released_wfe': f('rel_wfe'), 'released_yield': f('rel_yield'),
        'effective_wfe': f('eff_wfe'), 'effective_yield': f('eff_yield'),
        'gap_wfe_p50_ns': r['gap_wfe_p50'], 'gap_wfe_p99_ns': r['gap_wfe_p99'], 'gap_wfe_max_ns': r['gap_wfe_max'],
        'gap_wfe_eff_p50_ns': r['gap_wfe_eff_p50'], 'gap_wfe_eff_p99_ns': r['gap_wfe_eff_p99'],
        'gap_wfe_eff_max_ns': r['gap_wfe_eff_max'], 'gap_wfe_eff_mean_ns': r['gap_wfe_eff_mean'],
        'gap_wfe_eff_sum_us_per_guest_s': '%.1f' % (float(r['gap_wfe_eff_sum_ns']) / 1e3 / g),
        'gap_yield_eff_p50_ns': r['gap_yield_eff_p50'], 'gap_yield_eff_p99_ns': r['gap_yield_eff_p99'],
        'gap_yield_eff_max_ns': r['gap_yield_eff_max'],
        'gap_yield_eff_sum_us_per_guest_s': '%.1f' % (float(r['gap_yield_eff_sum_ns']) / 1e3 / g),
    })
with open('wfe-count.csv', 'w', newline='') as fh:
    w = csv.DictWriter(fh, fieldnames=list(out[0]))
    w.writeheader()
    w.writerows(out)
cols = ['boot', 'phase', 'guest_s', 'quanta', 'turns', 'ended_halt', 'ended_wfe', 'ended_yield',
        'extra_passes', 'extra_passes_spin_only', 'effective_wfe',
        'gap_wfe_eff_p50_ns', 'gap_wfe_eff_p99_ns', 'gap_wfe_eff_max_ns', 'gap_wfe_eff_sum_us_per_guest_s',
        'effective_yield', 'gap_yield_eff_p50_ns', 'gap_yield_eff_p99_ns', 'gap_yield_eff_max_ns']
print('| ' + ' | '.join(cols) + ' |')
print('|' + '---|' * len(cols))
for o in out:
    if o['phase'] in ('all', 'points', 'boot', 'between') or o['phase'].startswith(('first100ms', 'rest', 'probe')):
        print('| ' + ' | '.join(str(o[c]) for c in cols) + ' |')

# per vCPU, for the phases named on the command line as BOOT,PHASE
import sys
pc = list(csv.DictReader(open('percpu.csv')))
for arg in sys.argv[1:]:
    boot, phase = arg.split(',')
    g = float(next(r['guest_s'] for r in rows if r['boot'] == boot and r['phase'] == phase))
    print('\n%s, %s (%.2f guest s): per vCPU\n' % (boot, phase, g))
    print('| vCPU | turns | ended halt | ended budget | ended WFE | WFE / guest s | WFE / 1k turns | ended YIELD | WFE released | effective | eff. gap sum us | eff. gap max ns |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for r in pc:
        if r['boot'] == boot and r['phase'] == phase:
            t = int(r['turns'])
            print('| %s | %s | %s | %s | %s | %.0f | %.2f | %s | %s | %s | %.1f | %s |' % (
                r['cpu'], t, r['end_halt'], r['end_budget'], r['end_wfe'], int(r['end_wfe']) / g,
                1000 * int(r['end_wfe']) / t, r['end_yield'], r['rel_wfe'], r['eff_wfe'],
                int(r['gapsum_eff_wfe']) / 1e3, r['gapmax_eff_wfe']))
