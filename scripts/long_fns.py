#!/usr/bin/env python3
"""Functions longer than a limit (default 120 lines), outside generated code: `fn` items found
by their signature and measured to their closing brace at the same indentation.

    python3 scripts/long_fns.py [LIMIT] [SRC_DIR]
"""
import os
import re
import sys

limit = int(sys.argv[1]) if len(sys.argv) > 1 else 120
src = sys.argv[2] if len(sys.argv) > 2 else "src"
found = []
for root, _, files in os.walk(src):
    for f in files:
        if not f.endswith(".rs"):
            continue
        path = os.path.join(root, f)
        lines = open(path, encoding="utf-8").read().split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)", line)
            if not m:
                continue
            indent = m.group(1)
            # The body ends at the first line that is the indentation's closing brace.
            for j in range(i + 1, len(lines)):
                if lines[j] == indent + "}":
                    n = j - i + 1
                    if n > limit:
                        found.append((n, f"{os.path.relpath(path, src)}:{i + 1}", m.group(7)))
                    break
                if lines[j].startswith(indent + "fn ") or (lines[j].strip() and not lines[j].startswith(indent + " ") and not lines[j].startswith(indent + "}") and not lines[j].startswith(indent + ")") and not lines[j].startswith(indent + "{")):
                    if lines[j].startswith(indent) and len(lines[j]) - len(lines[j].lstrip()) <= len(indent) and not lines[j].strip().startswith(("}", ")", "{", "where", "->")):
                        break
for n, where, name in sorted(found, reverse=True):
    print(f"{n:5} {where} {name}")
print(f"{len(found)} function(s) over {limit} lines")
sys.exit(1 if found else 0)
