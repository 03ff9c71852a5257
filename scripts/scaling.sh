#!/usr/bin/env bash
# The issue-30 figures on a many-core host, in one short run (BENCHMARKS.md, "Solvers on every
# core"): .37 on one and two threads (this build; the one before, alternated, as it runs by
# default), Kalah(6,4) on 1, 2, 4, 8 and 16 threads (16 also with the build before, between
# two runs of this one),
# Kalah(6,5) on 16 threads, and the Awari databases to 20 and 24 seeds on every core.
# Usage: scripts/scaling.sh NEW [OLD] (release binaries of mancala-lab)
set -u
NEW=${1:-target/release/mancala-lab}
OLD=${2:-}
echo "host: $(nproc) cpus,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(free -g | awk '/Mem/{print $2}') GiB"
octal() { # binary label n [options]
  local bin=$1 label=$2 n=$3; shift 3
  timeout 120 "$bin" octal .37 "$n" "$@" --json |
    python3 -c "import sys,json; d=json.load(sys.stdin); print('octal .37 $n $label $*', 'seconds', round(d['seconds'],3), 'sum', d['sum'], 'largest', d['largest'], 'at', d['largest_first_at'], flush=True)"
}
kalah() { # binary threads [rules and options]
  local bin=$1 t=$2; shift 2
  local rules=${1:-kalah-6-4}; shift
  timeout 300 "$bin" solve "$rules" "$@" --value-only --threads "$t" --json |
    python3 -c "import sys,json; d=json.load(sys.stdin); print('$rules $* $bin', 'threads', d['threads'], 'value', d['value'], 'nodes', d['nodes'], 'seconds', round(d['seconds'],2), flush=True)"
}
awari() { # seeds threads
  /usr/bin/time -f "peak %M KB" timeout 300 "$NEW" endgame awari --seeds "$1" --threads "$2" --json |
    python3 -c "import sys,json; d=json.load(sys.stdin); print('awari-$1 threads $2', 'seconds', round(d['seconds'],2), 'positions', d['positions'], 'per_s', round(d['positions_per_second']), 'last layers s', [round(l['millis']/1e3,1) for l in d['layers'][-3:]], flush=True)"
}
for i in 1 2 3; do
  octal "$NEW" new 1000000 --threads 1
  octal "$NEW" new 1000000 --threads 2
  [ -n "$OLD" ] && octal "$OLD" old 1000000
done
octal "$NEW" new 10000000 --threads 1
octal "$NEW" new 10000000 --threads 2
[ -n "$OLD" ] && octal "$OLD" old 10000000
for t in 1 2 4 8 16; do kalah "$NEW" "$t"; done
[ -n "$OLD" ] && kalah "$OLD" 16
kalah "$NEW" 16
kalah "$NEW" 16 kalah-6-5 --table-mib 8192 --db-seeds 24
awari 20 "$(nproc)"
awari 24 "$(nproc)"
