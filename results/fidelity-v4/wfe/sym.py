#!/usr/bin/env python3
"""sym.py SYSTEM.MAP PC...: each PC as symbol+offset (kernel text)."""
import bisect, sys


class Syms:
    def __init__(self, path):
        s = []
        for line in open(path):
            a, t, n = line.split()[:3]
            if t in 'tTwW':
                s.append((int(a, 16), n))
        s.sort()
        self.syms, self.addrs = s, [a for a, _ in s]

    def sym(self, pc):
        i = bisect.bisect_right(self.addrs, pc) - 1
        if i < 0 or pc >> 48 != 0xffff:
            return 'user:%x' % pc
        return '%s+0x%x' % (self.syms[i][1], pc - self.syms[i][0])


if __name__ == '__main__':
    S = Syms(sys.argv[1])
    for p in sys.argv[2:]:
        print(p, S.sym(int(p, 16) & ~1))
