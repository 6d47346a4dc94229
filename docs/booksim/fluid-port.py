#!/usr/bin/env python3
"""converge3 as a fluid model (docs/noc-validation.md, "What holds BookSim's three sources apart").

k sources share one ejection port of rate 1 in equal shares (processor sharing, what every gridnoc rule gives
three flows by three input ports). Each source computes L, then writes V, blocking until the write is through;
a write starts only when the receiver has a free slot for its flow: items started on the flow minus items the
receiver has started < S (BookSim's replay: a slot of every flow frees when the receiver starts an item, i.e.
once the last flow has delivered it). The receiver computes R per item. Exact event by event, no packets.
Prints the period (each source's mean interval between write starts over the second half of the items, the
largest) for the starts and slot counts of the page; `--trace` prints the first items' write windows.

`packet` > 0 adds the packet skew of "Two writers and three" (docs/noc-validation.md): a write whose last
`packet` of volume is left is on its last packet, and writes on their last packets together are served one at a
time at their summed rate, the fewest left first, exact ties to the smallest source, so k writes in step end a
packet time apart (the last one when the fluid model ends them all), the one asymmetry BookSim's identical
sources have. It renews its kick each time writes come back in step.
"""
import random
import sys


def simulate(start, S, L=10.0, V=10.0, R=1.0, items=600, noise=0.0, seed=1, packet=0.0):
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
        rate = {j: 1.0 / n for j in active}
        last = [j for j in active if rem[j] <= packet + 1e-9] if packet > 0 else []
        if len(last) > 1:            # last packets in step: one at a time, at their summed rate
            first = min(last, key=lambda j: (round(rem[j], 9), j))
            for j in last:
                rate[j] = len(last) / n if j == first else 0.0
        nxt = [until[j] for j in range(k) if state[j] == 'compute']
        for j in active:
            if rate[j] > 0:
                nxt.append(t + rem[j] / rate[j])
                if packet > 0 and rem[j] > packet + 1e-9:   # reaches its last packet
                    nxt.append(t + (rem[j] - packet) / rate[j])
        if r_busy:
            nxt.append(r_until)
        te = min(nxt)
        for j in active:
            rem[j] -= (te - t) * rate[j]
        t = te
        for j in active:
            if rem[j] <= 1e-9:
                state[j], until[j] = 'compute', t + load()
                delivered[j] += 1
                we[j].append(t)
    h = items // 2
    period = max((ws[j][items - 1] - ws[j][h]) / (items - 1 - h) for j in range(k))
    return period, ws, we


def trace(start, S, items, packet=0.0):
    _, ws, we = simulate(start, S, items=items + 1, packet=packet)
    for i in range(items):
        t0 = min(ws[j][i] for j in range(len(start)))
        print(i, ' '.join('[%6.2f, %6.2f]' % (ws[j][i] - t0, we[j][i] - t0) for j in range(len(start))))


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--trace':
        trace((10.5, 40.0, 0.0), 2, 12)
        sys.exit(0)
    if len(sys.argv) > 1 and sys.argv[1] == '--trace-skew':
        trace((0.0, 0.0, 0.0), 2, 60, packet=0.08)
        sys.exit(0)
    print('first compute ends  S  period   (600 items, second half)')
    for start in [(0, 0, 0), (0, 1e-3, 1e-3), (10.5, 40, 0)]:
        for S in (1, 2, 3, 1000):
            print('%-19s %4d  %.4f' % (start, S, simulate(start, S)[0]))
    print('compute 10 + U(-0.01, 0.01), seeds 1-3, from (0, 0, 0)')
    for S in (1, 2, 3, 1000):
        print('%4d  %s' % (S, ' '.join('%.4f' % simulate((0, 0, 0), S, noise=0.01, seed=s)[0] for s in (1, 2, 3))))
    # A packet of 4 flits of a 500-flit message (BookSim's scale: 0.08) and of a 1,000,000-flit one (gridnoc's
    # default unit: 4e-5), k writers starting together.
    print('packet skew, k writers from in phase: packet  k  period for S = 1, 2, 3, 1000')
    for packet in (0.08, 4e-5):
        for k in (2, 3, 4, 6):
            print('%-7g %d  %s' % (packet, k, ' '.join('%.4f' % simulate((0,) * k, S, packet=packet)[0]
                                                       for S in (1, 2, 3, 1000))))
    print('packet skew, three writers: from (10.5, 40, 0) (S = 1, 2, 3, 1000); noisy from (0, 0, 0), S = 2, seeds 1-3')
    for packet in (0.08, 4e-5):
        print('%-7g %s | %s' % (packet,
                                ' '.join('%.4f' % simulate((10.5, 40, 0), S, packet=packet)[0] for S in (1, 2, 3, 1000)),
                                ' '.join('%.4f' % simulate((0, 0, 0), 2, noise=0.01, seed=s, packet=packet)[0]
                                         for s in (1, 2, 3))))
