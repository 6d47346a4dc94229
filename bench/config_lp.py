#!/usr/bin/env python3
"""config_lp: how far the configuration LP of the pipeline mapping with communication refutes periods
(docs/benchmarks.md, issue 27: what a bound stronger than gridnoc's own would reach).

A partition with period <= T is N stages, each a set S of tasks costing load(S) + comm_factor x the volume of the
edges leaving S <= T (the sender pays every edge whose head is in another stage: in a pipeline, a later one). So
the least number of such sets that partition the tasks, even fractionally, is at most N. That fractional number,
min sum_S x_S with sum_{S holding u} x_S = 1 for every task u, x >= 0, S over every set of cost <= T (convex or
not), is found by column generation: the master LP by HiGHS (scipy.optimize.linprog), each new column by a MIP
(max sum_{u in S} pi_u over the sets of cost <= T, scipy.optimize.milp, x_u binary, y_e >= x_u - x_v for each
edge e = u -> v). At every step sum(pi) / rho, rho the MIP's proven upper bound on that maximum, is a lower bound
on the fractional number (Farley's bound); T is refuted once it exceeds N. Benchmark only, slow (a MIP per column),
floating point (HiGHS's tolerances, about 1e-7): a measurement, not a certificate. Without scipy it exits 77.

Usage: bench/config_lp.py GRAPH.stg N T [T...]   (comm factor 1, gridnoc's default; the STG reader of
mip_confirm.py: volumes as written, the dummy tasks left out)
Prints per T: refuted / open / column limit, the lower bound, the master's value, columns, CPU seconds.
"""
import os
import sys
import time

try:
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, linprog, milp
    from scipy.sparse import csr_matrix, lil_matrix
except ImportError:
    print("config_lp: needs python3-scipy (HiGHS); skipped", file=sys.stderr)
    sys.exit(77)

sys.dont_write_bytecode = True  # importing mip_confirm must leave no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mip_confirm import read_stg  # noqa: E402

MAX_COLUMNS = int(os.environ.get("GN_CONFIG_LP_COLUMNS", "3000"))


def price(pi, load, edges, T):
    """The set of cost <= T with the largest sum of pi: (its value, a proven upper bound on the largest, the set)."""
    n, m = len(load), len(edges)
    a = lil_matrix((1 + m, n + m))
    a[0, :n] = load
    for j, (u, v, c) in enumerate(edges):
        a[0, n + j] = c
        a[1 + j, u], a[1 + j, v], a[1 + j, n + j] = 1, -1, -1  # x_u - x_v - y_e <= 0
    ub = np.zeros(1 + m)
    ub[0] = T
    res = milp(np.concatenate([-pi, np.zeros(m)]), constraints=LinearConstraint(csr_matrix(a), -np.inf, ub),
               integrality=np.concatenate([np.ones(n), np.zeros(m)]), bounds=Bounds(0, 1),
               options={"mip_rel_gap": 1e-9, "time_limit": 60})
    if res.x is None:
        sys.exit("config_lp: the pricing MIP found no set")
    return -res.fun, max(-res.fun, -res.mip_dual_bound), res.x[:n] > 0.5


def refute(load, edges, N, T):
    n = len(load)
    out = np.zeros(n)
    for u, _, c in edges:
        out[u] += c
    cols = [np.eye(n, dtype=bool)[u] for u in range(n) if load[u] + out[u] <= T]
    lower, value = 0.0, float("inf")
    while len(cols) < MAX_COLUMNS:
        a = np.hstack([np.array(cols, dtype=float).T.reshape(n, len(cols)), np.eye(n)])
        cost = np.concatenate([np.ones(len(cols)), np.full(n, 10.0 * n)])  # artificial columns: a task alone, dear
        lp = linprog(cost, A_eq=a, b_eq=np.ones(n), bounds=(0, None), method="highs")
        pi, value = lp.eqlin.marginals, lp.fun
        best, rho, s = price(pi, load, edges, T)
        if rho >= 1:
            lower = max(lower, pi.sum() / rho)
        if lower > N * (1 + 1e-6):
            return "refuted", lower, value, len(cols)
        if best <= 1 + 1e-7:  # no column prices out: the master is the fractional optimum
            return ("refuted" if value > N * (1 + 1e-6) else "open"), lower, value, len(cols)
        cols.append(s)
    return "column limit", lower, value, len(cols)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split("Usage: ")[1].split("\n")[0])
    load_by_task, edge_list = read_stg(sys.argv[1])
    tasks = sorted(load_by_task)
    index = {t: i for i, t in enumerate(tasks)}
    load = np.array([load_by_task[t] for t in tasks])
    edges = [(index[u], index[v], c) for u, v, c in edge_list]
    N = int(sys.argv[2])
    for T in map(float, sys.argv[3:]):
        t0 = time.process_time()
        verdict, lower, value, ncols = refute(load, edges, N, T)
        print(f"T={T:g} N={N}: {verdict}; stages needed >= {lower:.4f} (master {value:.4f}, {ncols} columns), "
              f"{time.process_time() - t0:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
