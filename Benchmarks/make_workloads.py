#!/usr/bin/env python3
"""Writes the three solver benchmark workloads (W1 form, W2 chain, W3 row) as interchange JSON.

Run from anywhere: the files go to Benchmarks/Workloads/. The output is deterministic.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def c(terms, constant=0, op="==", strength="required"):
    return {"terms": [[float(k) if k != int(k) else int(k), v] for k, v in terms],
            "constant": constant, "op": op, "strength": strength}


def form():
    """W1: a settings form in a resizable window (edit W, H).

    A title, seven label + text-field rows, a notes area that takes the spare
    height, and Cancel / OK buttons at the bottom right. Views have left, top,
    width, height. Margins are required; widths prefer intrinsic sizes
    (medium / weak); the OK button prefers to sit 20 pt above the window's bottom (strong).
    """
    names, cons = ["W", "H"], []

    def view(name, stretchable=False):
        for part in ("l", "t", "w", "h"):
            names.append(f"{name}.{part}")
        if stretchable:  # sizes nothing else pins must not go negative
            cons.append(c([(1, f"{name}.w")], op=">="))
            cons.append(c([(1, f"{name}.h")], op=">="))
        return name

    def right(v):
        return [(1, f"{v}.l"), (1, f"{v}.w")]

    def bottom(v):
        return [(1, f"{v}.t"), (1, f"{v}.h")]

    margin = 20
    title = view("title")
    cons += [c([(1, "title.l")], -margin), c([(1, "title.t")], -margin),
             c(right(title) + [(-1, "W")], margin, "<="),
             c([(1, "title.w")], -300, strength="weak"), c([(1, "title.h")], -30)]
    previous = title
    for i in range(7):
        label, field = view(f"label{i}"), view(f"field{i}")
        cons += [
            c([(1, f"{label}.l")], -margin),
            c([(1, f"{label}.w")], -60, ">="),
            c([(1, f"{label}.w")], -100, strength="medium"),
            c([(1, f"{label}.h")], -24),
            c([(1, f"{field}.l"), (-1, f"{label}.l"), (-1, f"{label}.w")], -12),
            c(right(field) + [(-1, "W")], margin, "<="),
            c(right(field) + [(-1, "W")], margin, strength="medium"),
            c([(1, f"{field}.w")], -80, ">="),
            c([(1, f"{field}.w")], -480, "<=", strength="strong"),
            c([(1, f"{field}.h")], -28),
            c([(1, f"{label}.t"), (-1, f"{field}.t")], -2),
            c([(1, f"{field}.t")] + [(-k, n) for k, n in bottom(previous)], -10),
        ]
        previous = field
    notes = view("notes", stretchable=True)
    ok, cancel = view("ok"), view("cancel")
    cons += [
        c([(1, "notes.l")], -margin), c(right(notes) + [(-1, "W")], margin),
        c([(1, "notes.t")] + [(-k, n) for k, n in bottom(previous)], -16),
        c(bottom(notes) + [(-1, "ok.t")], 16, "<="),
        c(bottom(notes) + [(-1, "ok.t")], 16, strength="medium"),
        c([(1, "notes.h")], -60, ">=", strength="strong"),
        c(right(ok) + [(-1, "W")], margin),
        c(bottom(ok) + [(-1, "H")], margin, strength="strong"),
        c([(1, "ok.w")], -80, ">="), c([(1, "ok.w")], -100, strength="weak"), c([(1, "ok.h")], -32),
        c(right(cancel) + [(-1, "ok.l")], 12), c([(1, "cancel.t"), (-1, "ok.t")]),
        c([(1, "cancel.w")], -80, ">="), c([(1, "cancel.w")], -100, strength="weak"), c([(1, "cancel.h")], -32),
        c([(1, "cancel.l")], -margin, ">="),
    ]
    sizes = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)] * 10
    edits = [{"variable": "W", "strength": "strong", "values": [w for w, _ in sizes]},
             {"variable": "H", "strength": "strong", "values": [h for _, h in sizes]}]
    return {"variables": names, "constraints": cons, "edits": edits}


def chain(n=1000):
    """W2: x0 edit (strong); x0 >= 0; x[i] = x[i-1] + 10; 100 suggestions x0 = 1 + 7 (k mod 13)."""
    names = [f"x{i}" for i in range(n)]
    cons = [c([(1, "x0")], 0, ">=")]
    cons += [c([(1, f"x{i}"), (-1, f"x{i - 1}")], -10) for i in range(1, n)]
    edits = [{"variable": "x0", "strength": "strong", "values": [1 + 7 * (k % 13) for k in range(100)]}]
    return {"variables": names, "constraints": cons, "edits": edits}


def row(n=333):
    """W3: n views in a row inside W; widths prefer 100 (weak), at least 10, 5 apart."""
    names = ["W"] + [f"l{i}" for i in range(n)] + [f"w{i}" for i in range(n)]
    cons = [c([(1, "W")], 0, ">="), c([(1, "l0")])]
    cons += [c([(1, f"w{i}")], -10, ">=") for i in range(n)]
    cons += [c([(1, f"w{i}")], -100, strength="weak") for i in range(n)]
    cons += [c([(1, f"l{i}"), (-1, f"l{i - 1}"), (-1, f"w{i - 1}")], -5) for i in range(1, n)]
    cons += [c([(1, f"l{n - 1}"), (1, f"w{n - 1}"), (-1, "W")], 0, "<=")]
    cycle = [5000, 20000, 34960, 40000, 10000, 30000]
    edits = [{"variable": "W", "strength": "strong", "values": [cycle[k % len(cycle)] for k in range(100)]}]
    return {"variables": names, "constraints": cons, "edits": edits}


def write(name, system):
    path = os.path.join(HERE, "Workloads", name)
    with open(path, "w") as out:
        out.write('{"variables": ' + json.dumps(system["variables"]) + ',\n "constraints": [\n')
        out.write(",\n".join("  " + json.dumps(x) for x in system["constraints"]))
        out.write('],\n "edits": [\n' + ",\n".join("  " + json.dumps(e) for e in system["edits"]) + "]}\n")
    print(f"{path}: {len(system['constraints'])} constraints, {len(system['variables'])} variables")


if __name__ == "__main__":
    write("w1-form.json", form())
    write("w2-chain.json", chain())
    write("w3-row.json", row())
