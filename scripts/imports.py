#!/usr/bin/env python3
"""The house's import graph: which top-level modules of src/ use which, and the cycles.

    python3 scripts/imports.py [SRC_DIR]      # default: src

A module "uses" another when one of its files names `crate::OTHER` (a `use` or a path) or,
inside `src/web/`, `super::..`-free paths are ignored (they stay within the module). Files
pulled into a module with `include!` count for the module that includes them. Prints the
edges with one example each, then every cycle (strongly connected component of more than one
module); exits 1 when there is one, so `make lint` can keep the house acyclic.
"""
import os
import re
import sys

src = sys.argv[1] if len(sys.argv) > 1 else "src"
TOP = sorted(
    n[:-3] if n.endswith(".rs") else n
    for n in os.listdir(src)
    if (n.endswith(".rs") and n not in ("lib.rs", "main.rs")) or (os.path.isdir(os.path.join(src, n)) and n != "bin")
)

# A file included into another module counts for that module: `include!(... "labs/<lab>/page.rs")`.
included_into = {}
for root, _, files in os.walk(src):
    for f in files:
        if f.endswith(".rs"):
            path = os.path.join(root, f)
            text = open(path, encoding="utf-8").read()
            for m in re.finditer(r'include!\(concat!\(.*?"/src/([a-z_]+)/"', text):
                owner = os.path.relpath(path, src).split(os.sep)[0].removesuffix(".rs")
                included_into[m.group(1) + "/page"] = owner


def module_of(path):
    rel = os.path.relpath(path, src)
    parts = rel.split(os.sep)
    top = parts[0].removesuffix(".rs")
    # A lab's page (page.rs, and the page_*.rs files it includes) is compiled into the module
    # that includes it.
    if parts[-1].startswith("page") and len(parts) >= 3 and (top + "/page") in included_into:
        return included_into[top + "/page"]
    return top


edges = {}
for root, _, files in os.walk(src):
    for f in files:
        if not f.endswith(".rs"):
            continue
        path = os.path.join(root, f)
        if os.path.relpath(path, src).startswith("bin"):
            continue
        me = module_of(path)
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            code = line.split("//")[0]
            for m in re.finditer(r"\bcrate::([a-z_]+)", code):
                other = m.group(1)
                if other != me and other in TOP:
                    edges.setdefault((me, other), f"{os.path.relpath(path, src)}:{n}")
            # `use crate::{a, b::c}` groups.
            for m in re.finditer(r"\bcrate::\{([^}]*)\}", code):
                for other in re.findall(r"(?:^|,)\s*([a-z_]+)", m.group(1)):
                    if other != me and other in TOP:
                        edges.setdefault((me, other), f"{os.path.relpath(path, src)}:{n}")

graph = {t: sorted({b for (a, b) in edges if a == t}) for t in TOP}
for (a, b), where in sorted(edges.items()):
    print(f"{a:>10} -> {b:<10} e.g. {where}")

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in graph.get(v, []):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        sccs.append(comp)


for v in TOP:
    if v not in index:
        visit(v)
cycles = [sorted(c) for c in sccs if len(c) > 1]
print(f"{len(TOP)} modules, {len(edges)} edges, {len(cycles)} cycle(s)")
for c in cycles:
    print("cycle:", " <-> ".join(c))
    for a in c:
        for b in c:
            if (a, b) in edges:
                print(f"    {a} -> {b}: {edges[(a, b)]}")
sys.exit(1 if cycles else 0)
