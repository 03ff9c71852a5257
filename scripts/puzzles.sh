#!/usr/bin/env bash
# Makes the shipped puzzles, data/puzzles/RULES.tsv, with the release CLI: one command a rule
# set, the command written in its file's header. The same commands give the same files (make
# test proves every line again: tests/native/puzzles.rs).
#   scripts/puzzles.sh [RULES...]     (default: every rule set below)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MANCALA_LAB:-$root/target/release/mancala-lab}
# rules, then the options of `mancala-lab puzzles generate`.
sets=(
  "kalah-4-3 --count 100 --plies 0-24"
  "kalah-4-4 --count 100 --plies 0-30"
  "kalah-5-4 --count 120 --plies 4-36"
  "kalah-6-3 --count 200 --plies 6-40"
  "kalah-6-4 --count 300 --plies 12-44"
  "kalah-6-4-e --count 120 --plies 12-44"
  "awari-6-4 --count 150 --db-seeds 15"
  "oware-6-4 --count 120 --db-seeds 15"
  "ayo-6-4 --count 80 --db-seeds 15"
  "wari-6-4 --count 80 --db-seeds 15 --tries 20000"
  "sowing-8-3 --count 60 --plies 0-12"
  "atomic-6-3 --count 100 --plies 0-30"
  "reaping-7-2 --count 60 --plies 0-30"
  "ratomic-7-3 --count 80 --plies 0-12"
  "colour-7-1 --count 80 --plies 0-16 --tries 6000"
  "grid-4-6-1 --count 100 --plies 0-30"
  "tchoukaillon --count 60 --plies 0-40 --tries 4000 --start 0.1.3.1.5.2.4.6.8.10-0"
  "tchouka-4-2 --count 20 --plies 0-6 --tries 2000"
  "tchouka-7-5 --count 60 --plies 0-20 --tries 3000"
  "tchouka-8-4 --count 60 --plies 0-25 --tries 4000"
  "dakon-4 --count 40 --plies 0-14 --tries 2000"
  "dakon-5 --count 40 --plies 0-26 --tries 2000"
  "dakon-6 --count 120 --plies 0-36 --tries 6000"
)
want=("$@")
for s in "${sets[@]}"; do
  rules=${s%% *}
  if [ ${#want[@]} -gt 0 ] && [[ ! " ${want[*]} " == *" $rules "* ]]; then continue; fi
  began=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$bin" puzzles generate $s --seed 1 > "$root/data/puzzles/$rules.tsv"
  took=$(awk -v a="$began" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  echo "$rules: $(grep -vc '^#' "$root/data/puzzles/$rules.tsv") puzzles in $took s"
done
