#!/usr/bin/env python3
"""An independent, deliberately plain reading of the Oware family's rules (Ayo, Oware/Abapa,
Awari, Wari), written apart from the Rust engine to cross-check it: prints perft counts (the
number of move sequences of each depth) and the final captured seeds of fixed pseudo-random
games. `make test` compares data/oware_perft.tsv, which this script wrote, with the engine.

Usage: python3 scripts/oware_reference.py > data/oware_perft.tsv
"""

import sys


def new(game, n, s):
    return {"game": game, "n": n, "pits": [s] * (2 * n), "cap": [0, 0], "turn": 0, "over": False}


def side(p, who):
    n = p["n"]
    return p["pits"][who * n:(who + 1) * n]


def sow(p, i, grand_slam_nothing):
    """Sow pit i of the player to move; returns (new position, captured, grand slam)."""
    q = {**p, "pits": list(p["pits"]), "cap": list(p["cap"])}
    n, me = q["n"], q["turn"]
    ring = 2 * n
    origin = me * n + i
    seeds = q["pits"][origin]
    q["pits"][origin] = 0
    wari = q["game"] == "wari"
    k = origin if not wari else origin - 1
    while seeds:
        k = (k + 1) % ring
        if k == origin and not wari:
            continue
        q["pits"][k] += 1
        seeds -= 1
    mine = lambda x: x // n == me
    chain = []
    while (wari or not mine(k)) and q["pits"][k] in (2, 3) and len(chain) < ring:
        chain.append(k)
        k = (k - 1) % ring
    taken = sum(q["pits"][c] for c in chain)
    if not wari and taken and sum(side(q, 1 - me)) == taken and grand_slam_nothing:
        return q, 0, True
    for c in chain:
        q["pits"][c] = 0
    q["cap"][me] += taken
    return q, taken, False


def legal(p):
    if p["over"]:
        return []
    me, game = p["turn"], p["game"]
    least = 2 if game == "wari" else 1
    base = [i for i, x in enumerate(side(p, me)) if x >= least]
    if game == "wari":
        return base
    if game in ("ayo", "awari"):
        keeps = [i for i in base if sum(side(sow(p, i, False)[0], 1 - me)) > 0]
        if not keeps and game == "awari":
            return base
        return keeps
    # oware
    if sum(side(p, 1 - me)) == 0:
        return [i for i in base if sow(p, i, True)[2] or sum(side(sow(p, i, True)[0], 1 - me)) > 0]
    if p.get("gi"):
        plain = [i for i in base if not sow(p, i, True)[2]]
        return plain or base
    return base


def finish(p):
    me, game = p["turn"], p["game"]
    if game == "wari":
        can = lambda w: any(x >= 2 for x in side(p, w))
        if not can(me):
            if can(1 - me):
                p["turn"] = 1 - me
            else:
                p["over"] = True
    elif game == "ayo":
        if not legal(p):
            p["cap"][me] += sum(p["pits"])
            p["pits"] = [0] * len(p["pits"])
            p["over"] = True
    elif game == "awari":
        if sum(side(p, me)) == 0:
            p["cap"][1 - me] += sum(p["pits"])
            p["pits"] = [0] * len(p["pits"])
            p["over"] = True
    else:
        total = sum(p["pits"]) + sum(p["cap"])
        if 2 * max(p["cap"]) > total:
            p["over"] = True
        elif not legal(p):
            n = p["n"]
            p["cap"][0] += sum(p["pits"][:n])
            p["cap"][1] += sum(p["pits"][n:])
            p["pits"] = [0] * len(p["pits"])
            p["over"] = True
    return p


def play(p, i):
    q, _, _ = sow(p, i, p["game"] == "oware")
    q["turn"] = 1 - p["turn"]
    return finish(q)


def perft(p, d):
    if d == 0:
        return 1
    return sum(perft(play(p, i), d - 1) for i in legal(p))


def random_game(p, seed):
    """Plays the pseudo-random game the Rust test replays: an LCG picks each move."""
    x = seed
    moves = []
    for _ in range(400):
        ms = legal(p)
        if not ms:
            break
        x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        m = ms[(x >> 33) % len(ms)]
        moves.append(m)
        p = play(p, m)
    return p, moves


def main():
    out = sys.stdout
    out.write("# Perft counts and pseudo-random games of the Oware family, from scripts/oware_reference.py\n")
    out.write("# (an independent plain reading of the rules). kind\trules\tdepth or seed\tcount or final state\n")
    cases = [("oware", 6, 4, False), ("oware", 6, 4, True), ("awari", 6, 4, False), ("ayo", 6, 4, False),
             ("wari", 6, 4, False), ("oware", 3, 2, False), ("ayo", 4, 1, False), ("awari", 3, 3, False),
             ("wari", 4, 2, False)]
    for game, n, s, gi in cases:
        rid = f"{game}-{n}-{s}" + ("-gi" if gi else "")
        p = new(game, n, s)
        p["gi"] = gi
        finish(p)
        for d in range(1, 7 if n >= 6 else 9):
            out.write(f"perft\t{rid}\t{d}\t{perft(p, d)}\n")
        for seed in range(1, 6):
            q, moves = random_game(p, seed)
            letters = "".join("abcdefghijkl"[m] for m in moves)
            out.write(f"game\t{rid}\t{seed}\t{letters}\t{'.'.join(map(str, q['pits']))}\t{q['cap'][0]}.{q['cap'][1]}\t{'sn'[q['turn']]}\t{int(q['over'])}\n")


if __name__ == "__main__":
    main()
