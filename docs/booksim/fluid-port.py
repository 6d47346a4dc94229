#!/usr/bin/env python3
"""converge3 as a fluid model (docs/noc-validation.md, "What holds BookSim's three sources apart").

k sources share one ejection port of rate 1 in equal shares (processor sharing, what every gridnoc rule gives
three flows by three input ports). Each source computes L, then writes V, blocking until the write is through;
a write starts only when the receiver has a free slot for its flow: items started on the flow minus items the
receiver has started < S (BookSim's replay: a slot of every flow frees when the receiver starts an item, i.e.
once the last flow has delivered it). The receiver computes R per item. Exact event by event, no packets.
Prints the period (each source's mean interval between write starts over the second half of the items, the
largest) for the starts and slot counts of the page; `--trace` prints the first items' write windows.
"""
import random
import sys


def simulate(start, S, L=10.0, V=10.0, R=1.0, items=600, noise=0.0, seed=1):
    k = len(start)
    rnd = random.Random(seed)
    def load():
        return L + (rnd.uniform(-noise, noise) if noise else 0.0)
    t, eps = 0.0, 1e-12
    state, until, rem = ['compute'] * k, list(start), [0.0] * k
    started, delivered = [0] * k, [0] * k
    r_busy, r_until, r_started = False, 0.0, 0
    ws, we = [[] for _ in range(k)], [[] for _ in range(k)]
    while min(len(e) for e in we) < items:
        changed = True
        while changed:               # everything that happens at time t
            changed = False
            if r_busy and t >= r_until - eps:
                r_busy, changed = False, True
            if not r_busy and all(d > r_started for d in delivered):
                r_started += 1
                r_busy, r_until, changed = True, t + R, True
            for j in range(k):
                if state[j] == 'compute' and t >= until[j] - eps:
                    state[j], changed = 'ready', True
                if state[j] == 'ready' and started[j] - r_started < S:
                    started[j] += 1
                    state[j], rem[j], changed = 'write', V, True
                    ws[j].append(t)
        active = [j for j in range(k) if state[j] == 'write']
        n = len(active)
        nxt = [until[j] for j in range(k) if state[j] == 'compute'] + [t + rem[j] * n for j in active]
        if r_busy:
            nxt.append(r_until)
        te = min(nxt)
        for j in active:
            rem[j] -= (te - t) / n
        t = te
        for j in active:
            if rem[j] <= 1e-9:
                state[j], until[j] = 'compute', t + load()
                delivered[j] += 1
                we[j].append(t)
    h = items // 2
    period = max((ws[j][items - 1] - ws[j][h]) / (items - 1 - h) for j in range(k))
    return period, ws, we


def trace(start, S, items):
    _, ws, we = simulate(start, S, items=items + 1)
    for i in range(items):
        t0 = min(ws[j][i] for j in range(len(start)))
        print(i, ' '.join('[%6.2f, %6.2f]' % (ws[j][i] - t0, we[j][i] - t0) for j in range(len(start))))


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--trace':
        trace((10.5, 40.0, 0.0), 2, 12)
        sys.exit(0)
    print('first compute ends  S  period   (600 items, second half)')
    for start in [(0, 0, 0), (0, 1e-3, 1e-3), (10.5, 40, 0)]:
        for S in (1, 2, 3, 1000):
            print('%-19s %4d  %.4f' % (start, S, simulate(start, S)[0]))
    print('compute 10 + U(-0.01, 0.01), seeds 1-3, from (0, 0, 0)')
    for S in (1, 2, 3, 1000):
        print('%4d  %s' % (S, ' '.join('%.4f' % simulate((0, 0, 0), S, noise=0.01, seed=s)[0] for s in (1, 2, 3))))
