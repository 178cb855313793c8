#!/usr/bin/env python3
"""Times kiwisolver and KumikiSolver on the same workloads in the same run, prints the ratios,
and checks that both solvers reach the same optimum.

    compare_kiwi.py [--repeats N] [--bench PATH] [--kumiki PATH] [FILE.json ...]

Both sides build each system once per repeat from prebuilt constraint objects (building
kiwi's expressions in Python is left out of its time) and then run one cycle per step:
suggest every edit variable's value, then update the variable values (kiwi:
updateVariables(); Kumiki: values are updated by suggestValue and read back). Times are
medians over the repeats. Ratios are kiwi time / Kumiki time: above 1 means Kumiki is faster.

The check solves every step with both solvers and compares: every required constraint holds
(within 1e-6 relative), the objective (sum over preferences and edits of strength x
violation) agrees within 1e-7 relative, and how many variable values differ (optima may tie,
so differing values are reported, not failed, when the objectives agree).
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:
    sys.exit("compare_kiwi.py: kiwisolver is missing: python3 -m pip install kiwisolver")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NAMED = {"required": 1001001000.0, "strong": 1e6, "medium": 1e3, "weak": 1.0}


def weight(strength):
    return NAMED[strength] if isinstance(strength, str) else min(float(strength), NAMED["required"])


def load(path):
    with open(path) as f:
        system = json.load(f)
    system.setdefault("edits", [])
    for con in system["constraints"]:
        con.setdefault("constant", 0)
        con["weight"] = weight(con.get("strength", "required"))
    for edit in system["edits"]:
        edit["weight"] = weight(edit.get("strength", "strong"))
    return system


def kiwi_objects(system):
    variables = {name: kiwi.Variable(name) for name in system["variables"]}
    constraints = []
    for con in system["constraints"]:
        expr = kiwi.Expression([kiwi.Term(variables[n], k) for k, n in con["terms"]], con["constant"])
        rel = {"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[con["op"]]
        constraints.append(rel | con["weight"])
    return variables, constraints


def steps(system):
    return len(system["edits"][0]["values"]) if system["edits"] else 0


def time_kiwi(system, repeats):
    builds, cycles = [], []
    n = steps(system)
    for _ in range(repeats):
        variables, constraints = kiwi_objects(system)
        edits = [(variables[e["variable"]], e["weight"], e["values"]) for e in system["edits"]]
        start = time.perf_counter()
        solver = kiwi.Solver()
        for con in constraints:
            solver.addConstraint(con)
        for var, w, _ in edits:
            solver.addEditVariable(var, w)
        builds.append((time.perf_counter() - start) * 1e3)
        if n:
            start = time.perf_counter()
            for step in range(n):
                for var, _, values in edits:
                    solver.suggestValue(var, values[step])
                solver.updateVariables()
            cycles.append((time.perf_counter() - start) * 1e6 / n)
    return statistics.median(builds), (statistics.median(cycles) if cycles else 0.0)


def kiwi_solutions(system):
    variables, constraints = kiwi_objects(system)
    solver = kiwi.Solver()
    for con in constraints:
        solver.addConstraint(con)
    for e in system["edits"]:
        solver.addEditVariable(variables[e["variable"]], e["weight"])
    out = []
    for step in range(max(steps(system), 1)):
        for e in system["edits"]:
            solver.suggestValue(variables[e["variable"]], e["values"][step])
        solver.updateVariables()
        out.append({name: v.value() for name, v in variables.items()})
    return out


def violation(con, values):
    total = con["constant"] + sum(k * values[n] for k, n in con["terms"])
    scale = max([abs(con["constant"])] + [abs(k * values[n]) for k, n in con["terms"]] + [1.0])
    if con["op"] == "==":
        return abs(total), scale
    if con["op"] == "<=":
        return max(total, 0.0), scale
    return max(-total, 0.0), scale


def objective(system, values, step):
    total, worst_required = 0.0, 0.0
    for con in system["constraints"]:
        v, scale = violation(con, values)
        if con["weight"] >= NAMED["required"]:
            worst_required = max(worst_required, v / scale)
        else:
            total += con["weight"] * v
    for e in system["edits"]:
        total += e["weight"] * abs(values[e["variable"]] - e["values"][step])
    return total, worst_required


def check(system, ours, theirs):
    worst_objective, worst_required, differing = 0.0, 0.0, 0
    for step, (a, b) in enumerate(zip(ours, theirs)):
        oa, ra = objective(system, a, step)
        ob, rb = objective(system, b, step)
        worst_required = max(worst_required, ra, rb)
        worst_objective = max(worst_objective, abs(oa - ob) / max(abs(oa), abs(ob), 1.0))
        differing += sum(1 for n in a if abs(a[n] - b[n]) > 1e-6 * max(abs(a[n]), abs(b[n]), 1.0))
    ok = worst_objective <= 1e-7 and worst_required <= 1e-6 and len(ours) == len(theirs)
    return ok, worst_objective, worst_required, differing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build/release/kumiki-bench-solver"))
    parser.add_argument("--kumiki", default=os.path.join(ROOT, ".build/release/kumiki"))
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(HERE, "Workloads", "*.json")))

    ours = {}
    result = subprocess.run([args.bench, "--repeats", str(args.repeats)] + files,
                            check=True, capture_output=True, text=True)
    for line in result.stdout.splitlines():
        record = json.loads(line)
        ours[record["workload"]] = record

    print(f"kiwisolver {kiwi.__version__} vs KumikiSolver, medians of {args.repeats} runs; ratio = kiwi / Kumiki (>1: Kumiki faster)")
    print(f"{'workload':<10} {'kiwi build':>12} {'ours build':>12} {'ratio':>7}   {'kiwi cycle':>12} {'ours cycle':>12} {'ratio':>7}   check")
    failures = 0
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        system = load(path)
        kiwi_build, kiwi_cycle = time_kiwi(system, args.repeats)
        mine = ours[name]
        solved = subprocess.run([args.kumiki, "solve-system", path], capture_output=True, text=True)
        if solved.returncode != 0:
            status = f"kumiki solve-system exited {solved.returncode}"
            failures += 1
        else:
            ok, d_obj, d_req, differing = check(system, json.loads(solved.stdout)["solutions"], kiwi_solutions(system))
            failures += 0 if ok else 1
            status = ("same optimum" if ok else "MISMATCH") + f" (objective diff {d_obj:.1e}, required residual {d_req:.1e}, {differing} values differ)"
        cycle = (f"{kiwi_cycle:>9.1f} us {mine['cycle_us']:>9.1f} us {kiwi_cycle / mine['cycle_us']:>7.2f}"
                 if mine["cycle_us"] else f"{'-':>12} {'-':>12} {'-':>7}")
        print(f"{name:<10} {kiwi_build:>9.3f} ms {mine['build_ms']:>9.3f} ms {kiwi_build / mine['build_ms']:>7.2f}   {cycle}   {status}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
