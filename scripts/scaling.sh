#!/usr/bin/env bash
# The issue-30 scaling figures on a many-core host, in one short run (BENCHMARKS.md, "Solvers
# on every core"): Kalah(6,4) on 1-16 threads with each young-brothers wait, the build before
# on 16 threads beside it, the Awari databases to 20 seeds on 4-16 threads, Kalah(6,5) on 16
# threads, and the Awari databases to 24 seeds on 16 threads.
# Usage: scripts/scaling.sh NEW [OLD] (release binaries of mancala-lab)
set -u
NEW=${1:-target/release/mancala-lab}
OLD=${2:-}
echo "host: $(nproc) cpus,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(free -g | awk '/Mem/{print $2}') GiB"
kalah() { # binary threads [VAR=value]
  local bin=$1 t=$2; shift 2
  env "$@" timeout 120 "$bin" solve kalah-6-4 --value-only --threads "$t" --json |
    python3 -c "import sys,json; d=json.load(sys.stdin); print('kalah-6-4 $*', 'threads', d['threads'], 'value', d['value'], 'nodes', d['nodes'], 'seconds', round(d['seconds'],2), flush=True)"
}
awari() { # seeds threads
  /usr/bin/time -f "peak %M KB" timeout 200 "$NEW" endgame awari --seeds "$1" --threads "$2" --json |
    python3 -c "import sys,json; d=json.load(sys.stdin); print('awari-$1 threads $2', 'seconds', round(d['seconds'],2), 'positions', d['positions'], 'per_s', round(d['positions_per_second']), 'last layers s', [round(l['millis']/1e3,1) for l in d['layers'][-3:]], flush=True)"
}
kalah "$NEW" 1
for t in 2 4 8 16; do kalah "$NEW" $t MANCALA_LAB_SPLIT_WAIT=1; done
for t in 8 16; do kalah "$NEW" $t MANCALA_LAB_SPLIT_WAIT=2; done
for t in 2 4 8 16; do kalah "$NEW" $t MANCALA_LAB_SPLIT_WAIT=3; done
[ -n "$OLD" ] && kalah "$OLD" 16 OLD=1
for t in 4 8 16; do awari 20 $t; done
/usr/bin/time -f "peak %M KB" timeout 200 "$NEW" solve kalah-6-5 --value-only --threads 16 --table-mib 8192 --db-seeds 24 --json 2>&1 | cut -c1-400
awari 24 16
