#!/usr/bin/env python3
"""Writes data/erickson_families.tsv: the smallest rows of 2^-n, n.^, +_n and *n that
`mancala-lab search families` finds for each game of Erickson's paper, with its limits.
Run from the repository root after `cargo build --release --features cli`:
    python3 scripts/erickson_families.py [path/to/mancala-lab]
The header's conjectures are written by hand below; check them with `mancala-lab value`."""
import json
import subprocess
import sys

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/mancala-lab"
GAMES = ["sowing", "sowing-i", "atomic", "atomic-i", "reaping", "reaping-i", "ratomic"]
SEEDS, POTS = 12, 12

HEADER = f"""# The smallest rows found of the values 2^-n, n.^, +_n and *n (Erickson, "Sowing Games", §2: "Do Sowing
# positions exist with values 2^-n, n.^, +_n, *n? How can they be constructed?"), by exhaustive search in order of
# size: every row of at most {SEEDS} seeds and {POTS} pots, fewest seeds first, then fewest pots, then lexicographic; rows no
# player can move from are not candidates. Made by `mancala-lab search families --game GAME --max-seeds {SEEDS} --max-pots {POTS}`
# (scripts/erickson_families.py writes this file); a value not listed was not met within the limits.
# Reaping's rows keep their empty end pots (its row is bounded).
# Columns: game, family, n, row (link notation), seeds, pots, rows of that value met, limits (seeds/pots), seconds.
#
# Conjectures the rows suggest (evidence: `mancala-lab value`):
# - Reaping: (01)^n 20 = 2^-n, the smallest row of 2^-n for n <= 5 here, and 2^-n for every n <= 10 checked.
# - Atomic Wari: (1300)^(n-1) 13 = n.^, the smallest row of n.^ for n <= 3 here, and n.^ for n <= 6 checked
#   (Erickson's (01300)^n = n.^ without the empty pots)."""

lines = HEADER.split("\n")
for game in GAMES:
    out = subprocess.run(
        [BIN, "search", "families", "--game", game, "--max-seeds", str(SEEDS), "--max-pots", str(POTS), "--json"],
        capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    for f in d["finds"]:
        lines.append("\t".join([game, f["family"], str(f["n"]), f["row"], str(f["seeds"]), str(f["pots"]),
                                str(f["count"]), f"{SEEDS}/{POTS}", "%.1f" % d["seconds"]]))
with open("data/erickson_families.tsv", "w") as fh:
    fh.write("\n".join(lines) + "\n")
