#!/usr/bin/env python3
"""mip_confirm: an independent check of exact's proven optima with communication (docs/benchmarks.md).

Writes the pipeline mapping problem of an STG graph as a MIP in CPLEX LP format, in a formulation of its own
(x[t][s] = task t in stage s, not exact's y[t][s] = stage(t) <= s of mapper/exact_model.c), solves it with the
`cbc` or `glpsol` command-line solver, and compares the optimum with `gridnoc map GRAPH -n N -m exact`.
Benchmark only: when the solver's binary is absent it says so and exits 77 (a skip), nothing else needs it.

Usage: bench/mip_confirm.py GRIDNOC GRAPH.stg N [cbc|glpsol] [TIME_LIMIT_S]
Model: minimise P; each task in one stage; stage(u) <= stage(v) on every edge u -> v; every stage non-empty;
pay[e][s] >= x[u][s] - x[v][s] (the sender's stage pays edge e = u -> v when v is elsewhere, hence later);
load of stage s + comm_factor x sum of volume(e) pay[e][s] <= P. The comm factor is gridnoc's default, 1.
"""
import os
import shutil
import subprocess
import sys
import tempfile


def read_stg(path):
    """Loads and edges (u, v, volume) of the real tasks 1..n; the dummies 0 and n + 1 carry nothing."""
    rows = [line.split() for line in open(path) if line.strip() and not line.lstrip().startswith('#')]
    n = int(rows[0][0])
    load, edges = {}, []
    for f in rows[1:n + 3]:
        t, cost, npred = int(f[0]), float(f[1]), int(f[2])
        pairs = f[3:]
        preds = [(int(pairs[2 * i]), float(pairs[2 * i + 1])) if len(pairs) >= 2 * npred else (int(pairs[i]), 0.0)
                 for i in range(npred)]
        if 1 <= t <= n:
            load[t] = cost
        for u, vol in preds:
            if 1 <= u <= n and 1 <= t <= n:
                edges.append((u, t, vol))
            elif vol != 0:
                sys.exit(f"{path}: a dummy's edge {u} -> {t} carries volume {vol}: not modelled")
    return load, edges


def write_lp(load, edges, N, out):
    tasks = sorted(load)
    w = out.write
    w("Minimize\n obj: P\nSubject To\n")
    for t in tasks:
        w(f" one_{t}: " + " + ".join(f"x_{t}_{s}" for s in range(N)) + " = 1\n")
    for k, (u, v, _) in enumerate(edges):
        w(f" prec_{k}: " + " + ".join(f"{s} x_{v}_{s}" for s in range(1, N)) +
          "".join(f" - {s} x_{u}_{s}" for s in range(1, N)) + " >= 0\n")
    for s in range(N):
        w(f" nonempty_{s}: " + " + ".join(f"x_{t}_{s}" for t in tasks) + " >= 1\n")
        for k, (u, v, vol) in enumerate(edges):
            if vol > 0:
                w(f" pays_{k}_{s}: pay_{k}_{s} - x_{u}_{s} + x_{v}_{s} >= 0\n")
        terms = [f"{load[t]!r} x_{t}_{s}" for t in tasks if load[t] != 0]
        terms += [f"{vol!r} pay_{k}_{s}" for k, (u, v, vol) in enumerate(edges) if vol > 0]
        w(f" cost_{s}: " + " + ".join(terms) + " - P <= 0\n")
    w("Bounds\n P >= 0\n")
    for s in range(N):
        for k, (_, _, vol) in enumerate(edges):
            if vol > 0:
                w(f" 0 <= pay_{k}_{s} <= 1\n")
    w("Binary\n" + "".join(f" x_{t}_{s}\n" for t in tasks for s in range(N)) + "End\n")


def solve(solver, lp, limit):
    """(status, objective) from the solver's own report."""
    with tempfile.TemporaryDirectory() as tmp:
        sol = os.path.join(tmp, "sol.txt")
        if solver == "cbc":
            subprocess.run(["cbc", lp, "sec", str(limit), "ratioGap", "0", "allowableGap", "0", "solve",
                            "solu", sol], check=True, capture_output=True)
            head = open(sol).readline()
            status = "optimal" if head.startswith("Optimal") else head.split(" - ")[0].strip()
            return status, float(head.rsplit("objective value", 1)[1])
        subprocess.run(["glpsol", "--lp", lp, "--tmlim", str(int(limit)), "--mipgap", "0", "-o", sol], check=True,
                       capture_output=True)
        status, obj = "unknown", None
        for line in open(sol):
            if line.startswith("Status:"):
                status = "optimal" if "INTEGER OPTIMAL" in line else line.split(":", 1)[1].strip()
            if line.startswith("Objective:"):
                obj = float(line.split("=")[1].split()[0])
        return status, obj


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    gridnoc, graph, N = sys.argv[1], sys.argv[2], int(sys.argv[3])
    solver = sys.argv[4] if len(sys.argv) > 4 else "cbc"
    limit = float(sys.argv[5]) if len(sys.argv) > 5 else 600
    if not shutil.which(solver):
        print(f"skip: no `{solver}` binary (apt-get install coinor-cbc glpk-utils)")
        sys.exit(77)
    load, edges = read_stg(graph)
    with tempfile.NamedTemporaryFile("w", suffix=".lp", delete=False) as f:
        write_lp(load, edges, N, f)
    try:
        mip_status, mip_opt = solve(solver, f.name, limit)
    finally:
        os.unlink(f.name)
    row = subprocess.run([gridnoc, "map", graph, "-n", str(N), "-m", "exact", "--format", "csv"], check=True,
                         capture_output=True, text=True).stdout.strip().splitlines()[-1].split(",")
    # csv columns counted from the end (the graph's name may hold commas): period is 15th from the end, status 3rd
    period, status = float(row[-15]), row[-3]
    agree = mip_status == "optimal" and status == "optimal" and abs(period - mip_opt) <= 1e-5 * max(1, mip_opt)
    print(f"{graph},{N},exact={period!r},{status},{solver}={mip_opt!r},{mip_status},{'agree' if agree else 'DIFFER'}")
    sys.exit(0 if agree or mip_status != "optimal" or status != "optimal" else 1)


if __name__ == "__main__":
    main()
