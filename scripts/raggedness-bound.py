#!/usr/bin/env python3
"""The least raggedness (sum of squared slack of non-final lines) any break set can reach on
Fixtures/texts/debian-reference.txt: an exact dynamic program per paragraph over the breaks after
spaces and every break the given layouts used, with the glyph advances of those (left-aligned,
one-column) layouts. Usage: raggedness-bound.py layout.json[,other.json] column-width"""
import json, sys
text = open('Fixtures/texts/debian-reference.txt', encoding='utf-8').read()
W = float(sys.argv[2])
adv = {}
breakpoints = set()
for path in sys.argv[1].split(','):
    d = json.load(open(path))
    for p in d['pages']:
        for c in p['containers']:
            for l in c['lines']:
                breakpoints.add(l['range'][1])
                for f in l['fragments']:
                    for g in f['glyphs']:
                        adv.setdefault(g[5], g[4])
starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == '\n']
total = 0.0
for s in starts:
    e = text.find('\n', s); e = len(text) if e < 0 else e
    # break opportunities: after spaces, and where layouts broke
    opps = sorted(set([i + 1 for i in range(s, e) if text[i] == ' '] + [b for b in breakpoints if s < b < e]))
    opps = [o for o in opps if o < e] + [e]
    def width(a, b):  # natural width of text[a:b] minus trailing spaces
        while b > a and text[b - 1] == ' ': b -= 1
        return sum(adv.get(i, 0) for i in range(a, b))
    pts = [s] + opps
    INF = float('inf'); best = [INF] * len(pts); best[0] = 0
    for j in range(1, len(pts)):
        for i in range(j - 1, -1, -1):
            w = width(pts[i], pts[j])
            if w > W + 1e-6 and j - i > 1: break
            cost = 0 if j == len(pts) - 1 else (W - w) ** 2
            if best[i] + cost < best[j]: best[j] = best[i] + cost
    total += best[-1]
print("min sum slack^2", round(total))
