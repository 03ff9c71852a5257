#!/usr/bin/env bash
# The distributed engine's figures (BENCHMARKS.md, "Across processes"; docs/distributed.md):
# the Awari databases to SEEDS seeds by one process on one thread, then across 1, 2 and 4
# processes (PROCESSES), each with its memory peak, words sent and rounds; Kalah(RULES) solved
# by one process on one thread with the same shared layers, then across the same processes, with
# the nodes searched, the balance and the time. On a two-core host the processes share the
# cores: the figures are the engine's overhead; on a many-core host, its scaling.
# Usage: scripts/distributed.sh [BIN] [SEEDS] [RULES] [PROCESSES...]
#   (BIN: a release CLI built with `cargo build --release --features cli,distributed`)
set -u
BIN=${1:-target/release/mancala-lab}
SEEDS=${2:-16}
RULES=${3:-kalah-6-4}
shift $(( $# < 3 ? $# : 3 ))
PROCESSES=${*:-1 2 4}
echo "host: $(nproc) cpus,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(free -g | awk '/Mem/{print $2}') GiB"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
endgame() { # label [options]
  local label=$1; shift
  rm -rf "$work/db"
  /usr/bin/time -f "%e %M" -o "$work/time" "$BIN" endgame awari --seeds "$SEEDS" --out "$work/db" --json "$@" 2>"$work/err" >"$work/out" \
    || { echo "$label failed:"; tail -5 "$work/err"; return; }
  python3 - "$label" "$work/out" "$work/time" <<'PY'
import json, sys
label, out, t = sys.argv[1:]
d = json.load(open(out)); wall, peak = open(t).read().split()
p = d.get("processes", [])
words = sum(x["words"] for x in p); rounds = max((sum(x["rounds"] for x in p if x["process"] == i) for i in {x["process"] for x in p}), default=0)
print(f"awari-{d['seeds']} {label}: {float(wall):.1f} s wall, {d['positions']} positions, "
      f"{d['positions']/float(wall)/1e6:.2f} M/s, peak {int(peak)//1024} MiB a process, "
      f"{words} words sent ({8*words/max(d['positions'],1):.1f} bytes a position), {rounds} rounds")
PY
  sha256sum "$work"/db/layer-*.bin | awk '{print $1}' | sha256sum | cut -c1-16 | sed 's/^/  layer files sha256: /'
}
solve() { # label [options]
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time" "$BIN" solve "$RULES" --json "$@" 2>"$work/err" >"$work/out" \
    || { echo "$label failed:"; tail -5 "$work/err"; return; }
  python3 - "$label" "$work/out" "$work/time" <<'PY'
import json, sys
label, out, t = sys.argv[1:]
d = json.load(open(out)); wall, peak = open(t).read().split()
moves = " ".join(f"{m['move']}{m['value']:+d}" for m in d["moves"])
extra = ""
if "work" in d:
    extra = (f", {d['subtrees']} subtrees at {d['depth']} plies, {d['rounds']} rounds, {d['searches']} searches, "
             f"balance {d['balance']:.2f}, busy s " + "/".join(f"{w['busy_seconds']:.1f}" for w in d["work"]))
print(f"{d.get('rules', '')} {label}: value {d['value']:+d} ({moves}), {d['nodes']} nodes, {float(wall):.1f} s wall, peak {int(peak)//1024} MiB{extra}")
PY
}
endgame "one process, 1 thread" --threads 1
for p in $PROCESSES; do endgame "$p processes" --processes "$p"; done
rm -f "${TMPDIR:-/tmp}"/mancala-lab-"$RULES"-exact-16.bin
solve "one process, 1 thread (exact layers to 16 seeds)" --threads 1 --db-seeds 16 --exact-seeds 16
for p in $PROCESSES; do solve "$p processes" --processes "$p"; done
