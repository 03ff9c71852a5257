#!/usr/bin/env bash
# The issue-30 scaling figures on a many-core host, in one short run (BENCHMARKS.md, "Solvers
# on every core"): Kalah(6,4) on 1-16 threads with each young-brothers wait, the build before
# beside it, Kalah(6,5) on 16 threads, the Awari databases to 20 seeds on 2-16 threads, and
# .37 to 10^7 on one thread. Binaries: NEW (this build) and OLD (the build before), release.
# Usage: scripts/scaling.sh NEW OLD > figures.txt
set -u
NEW=${1:-target/release/mancala-lab}
OLD=${2:-}
T="timeout 300"
echo "host: $(nproc) cpus, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(free -g | awk '/Mem/{print $2}') GiB"
kalah() { # binary threads [env]
  local bin=$1 t=$2; shift 2
  env "$@" $T "$bin" solve kalah-6-4 --value-only --threads "$t" --json |
    python3 -c "import sys,json; d=json.load(sys.stdin); print('kalah-6-4', '$*', 'threads', d['threads'], 'value', d['value'], 'nodes', d['nodes'], 'seconds', round(d['seconds'],2))"
}
kalah "$NEW" 1
for w in 1 2 3; do for t in 2 4 8 16; do kalah "$NEW" $t MANCALA_LAB_SPLIT_WAIT=$w; done; done
if [ -n "$OLD" ]; then for t in 1 16; do kalah "$OLD" $t OLD=1; done; fi
for t in 4 8 16; do
  $T "$NEW" endgame awari --seeds 20 --threads $t --json | python3 -c "import sys,json; d=json.load(sys.stdin); print('awari-20 threads $t', {k: d[k] for k in d if k in ('seconds','positions','bytes')})"
done
/usr/bin/time -f "%e s %M KB" $T "$NEW" solve kalah-6-5 --value-only --threads 16 --table-mib 8192 --db-seeds 24 --json 2>&1 | tail -2
/usr/bin/time -f "%e s %M KB" $T "$NEW" octal .37 10000000 --json 2>&1 | tail -1 | cut -c1-300
