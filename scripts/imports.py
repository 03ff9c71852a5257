#!/usr/bin/env python3
"""The house's import graph at every module depth, and its cycles.

    python3 scripts/imports.py [SRC_DIR]      # default: src

Every file of the library (`src/`, not `src/bin/`) is a module: `a/b.rs` and `a/b/mod.rs` are
`a::b`; inline modules (`mod tests { .. }`) count for the file that holds them. A module uses
another when it names a path into it: `use crate::a::b::C`, `super::x`, `self::y`, a child
`z::W`, or an inline `crate::a::b::f(..)`. Re-exports are followed (`crate::families::AnyMove`
is `families::any`), so a path names the module that defines what it reaches.

At each depth d the modules are cut to their first d names, and the edges between two cut
modules neither of which holds the other (a parent and its child are one unit) form a graph;
its strongly connected components of more than one module are the cycles. Prints the cycles of
every depth, each edge with one example; exits 1 when there is one, so `make lint` keeps the
house acyclic at every depth. `-v` prints the edges too.
"""
import os
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith("-")]
verbose = "-v" in sys.argv
src = args[0] if args else "src"


def strip(text):
    """The code without comments, strings and chars (kept as blanks, lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else "")
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and not re.match(r"\w", text[i - 1] if i else " "):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append("\n" * text.count("\n", i, end) + '""')
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append("\n" * text.count("\n", i, j) + '""')
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:i + 12]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:i + 12])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


# The modules: a path of names per file.
files, paths = {}, {}
for root, _, names in os.walk(src):
    for f in names:
        if not f.endswith(".rs"):
            continue
        path = os.path.join(root, f)
        rel = os.path.relpath(path, src)
        if rel.startswith("bin" + os.sep) or rel in ("lib.rs", "main.rs"):
            continue
        parts = rel[:-3].split(os.sep)
        if parts[-1] == "mod":
            parts = parts[:-1]
        files[tuple(parts)] = strip(open(path, encoding="utf-8").read())
        paths[tuple(parts)] = rel
modules = set(files)
for m in list(modules):
    for k in range(1, len(m)):
        modules.add(m[:k])


def children(m):
    return {x[len(m)] for x in modules if len(x) == len(m) + 1 and x[:len(m)] == m}


IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def use_paths(tree, prefix=()):
    """The paths of a use tree (`a::{b, c::d as e}`), each a list of names (`*` kept)."""
    tree = tree.strip()
    if not tree:
        return []
    if tree.startswith("::"):
        tree = tree[2:]
    m = re.match(r"^((?:" + IDENT + r"\s*::\s*)*)\{(.*)\}$", tree, re.S)
    if m:
        head = [s.strip() for s in m.group(1).split("::") if s.strip()]
        body, parts, depth, cur = m.group(2), [], 0, ""
        for ch in body:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        parts.append(cur)
        out = []
        for p in parts:
            out += use_paths(p, prefix + tuple(head))
        return out
    tree = re.sub(r"\s+as\s+" + IDENT + "$", "", tree)
    segs = [s.strip() for s in tree.split("::") if s.strip()]
    if segs == ["self"]:
        return [list(prefix)]
    return [list(prefix) + segs]


def start(m, segs):
    """Where a path starts from in module `m`, and its remaining names (None: outside)."""
    if not segs:
        return None
    if segs[0] == "crate":
        return (), segs[1:]
    if segs[0] in ("super", "self"):
        at = m
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                at = at[:-1]
            segs = segs[1:]
        return at, segs
    if segs[0] in children(m):
        return m, segs
    return None


reexports = {}  # module -> {name: (module it was resolved from, path)}
globs = {}  # module -> [paths]
USE = re.compile(r"\b(pub(?:\s*\([^)]*\))?\s+)?use\s+([^;]+);")
for m, code in files.items():
    for u in USE.finditer(code):
        if not u.group(1):
            continue
        for segs in use_paths(u.group(2)):
            if segs and segs[-1] == "*":
                globs.setdefault(m, []).append(segs[:-1])
            elif segs:
                alias = re.search(r"\bas\s+(" + IDENT + r")\s*$", u.group(2))
                reexports.setdefault(m, {})[segs[-1]] = segs


def resolve(m, segs, seen=0):
    """The module a path written in `m` reaches (None: outside the crate, or not a module)."""
    s = start(m, list(segs))
    if s is None or seen > 20:
        return None
    at, rest = s
    while rest and at + (rest[0],) in modules:
        at, rest = at + (rest[0],), rest[1:]
    if rest and rest[0] in reexports.get(at, {}):
        deeper = resolve(at, reexports[at][rest[0]], seen + 1)
        if deeper is not None:
            return deeper
    if rest:
        for g in globs.get(at, []):
            target = resolve(at, g, seen + 1)
            if target is not None and target != at and (rest[0] in reexports.get(target, {}) or target + (rest[0],) in modules):
                deeper = resolve(target, ["self"] + rest, seen + 1)
                if deeper is not None:
                    return deeper
    return at


edges = {}


def add(a, b, where):
    if b is not None and a != b:
        edges.setdefault((a, b), where)


INLINE = re.compile(r"(?<![A-Za-z0-9_:])((?:crate|super|self)(?:\s*::\s*" + IDENT + r")+)")
for m, code in files.items():
    rel = paths[m]
    # Inline modules shift `super`/`self`: track them by braces.
    inline, depth, starts = [], 0, {}
    lines = code.split("\n")
    for n, line in enumerate(lines, 1):
        here = m + tuple(name for name, _ in inline)
        for u in USE.finditer(line):
            for segs in use_paths(u.group(2)):
                segs = [s for s in segs if s != "*"]
                add(m, resolve(here, segs), f"{rel}:{n}")
        for p in INLINE.finditer(line):
            segs = [s.strip() for s in p.group(1).split("::")]
            add(m, resolve(here, segs), f"{rel}:{n}")
        for p in re.finditer(r"(?<![A-Za-z0-9_:])(" + IDENT + r")\s*::\s*" + IDENT, line):
            if p.group(1) in children(here) and p.group(1) not in ("crate", "super", "self"):
                segs = [s.strip() for s in line[p.start():].split("(")[0].split("<")[0].split("::")]
                segs = [s for s in segs if re.fullmatch(IDENT, s)]
                add(m, resolve(here, segs), f"{rel}:{n}")
        for ch_i, ch in enumerate(line):
            if ch == "{":
                opened = re.search(r"\bmod\s+(" + IDENT + r")\s*$", line[:ch_i])
                if opened:
                    inline.append((opened.group(1), depth))
                depth += 1
            elif ch == "}":
                depth -= 1
                if inline and inline[-1][1] == depth:
                    inline.pop()


def tarjan(nodes, graph):
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

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return [sorted(c) for c in sccs if len(c) > 1]


def name(m):
    return "::".join(m)


found, seen = 0, set()
deepest = max(len(m) for m in modules)
for d in range(1, deepest + 1):
    cut = {}
    for (a, b), w in edges.items():
        a2, b2 = a[:d], b[:d]
        if a2[: len(b2)] == b2 or b2[: len(a2)] == a2:
            continue
        cut.setdefault((a2, b2), w)
    nodes = {x for e in cut for x in e}
    graph = {}
    for a, b in cut:
        graph.setdefault(a, []).append(b)
    if verbose:
        for (a, b), w in sorted(cut.items()):
            print(f"depth {d}: {name(a)} -> {name(b)} e.g. {w}")
    for c in tarjan(nodes, graph):
        if tuple(c) in seen:
            continue
        seen.add(tuple(c))
        found += 1
        print(f"depth {d} cycle: " + " <-> ".join(name(x) for x in c))
        for a in c:
            for b in c:
                if (a, b) in cut:
                    print(f"    {name(a)} -> {name(b)}: {cut[(a, b)]}")
print(f"{len(files)} files, {len(edges)} edges, {found} cycle(s) over depths 1..{deepest}")
sys.exit(1 if found else 0)
