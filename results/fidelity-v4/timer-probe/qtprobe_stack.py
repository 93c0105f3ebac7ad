# The "qtprobe: stack" lines of a console log and a guest kernel's
# System.map, read once for qtprobe-stacks.py, qtprobe-kinds.py and
# qtprobe-nanosleep.py.
import bisect


def symbolizer(system_map):
    """A function naming a guest address by the text symbol at or below it
    (its hex when below the first)."""
    syms = []
    for line in open(system_map):
        a, t, n = line.split()[:3]
        if t in 'tTwW':
            syms.append((int(a, 16), n))
    syms.sort()
    addrs = [a for a, _ in syms]

    def sym(x):
        i = bisect.bisect_right(addrs, x) - 1
        return syms[i][1] if i >= 0 else hex(x)
    return sym


def stack_records(log):
    """Per late arming: its fields (vcpu, at, lead, late; ns) and its guest
    PCs (the PC, the LR, then the frame-pointer chain)."""
    for line in open(log, errors='replace'):
        if 'qtprobe: stack ' not in line:
            continue
        p = line.split('qtprobe: stack ', 1)[1].split()
        yield dict(zip(p[0:8:2], p[1:8:2])), [int(x, 16) for x in p[9:]]
