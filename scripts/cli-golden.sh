#!/usr/bin/env bash
# Runs every CLI command of the README's cheat sheet and a few more (errors, other families),
# text and --json, and writes their output with the timings masked to DIR: compare two builds
# with `diff -r`. `bench` (its figures are timings) is left out.
# Solves use every core; run both builds under `taskset -c 0` for node counts that repeat.
#   taskset -c 0 scripts/cli-golden.sh target/release/mancala-lab /tmp/golden-new
# GOLDEN_SKIP=REGEX leaves out the commands it matches (the README's Kalah(6,5) solve takes
# many minutes on one core: GOLDEN_SKIP='kalah-6-5').
set -uo pipefail
bin=$1 out=$2
mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd)
readme=()
while IFS= read -r line; do readme+=("$line"); done < <(
  awk '/^## The CLI/{cli=1} cli && /^```sh/{on=1; next} on && /^```/{exit} on && /^mancala-lab /' "$root/README.md" |
    sed -E 's/ +#.*$//; s/^mancala-lab //' | grep -v '^bench$')
cases=("${readme[@]}"
  "show kalah-6-4 --moves cf"
  "show dakon-8 --moves ahhf"
  "show tchoukaillon"
  "show sungka --moves a"
  "show ohvalhu"
  "show kalah-6-4 --moves zz"
  "show chess"
  "show kalah-6-4 --setup 4.4.4"
  "perft kalah-6-4 8"
  "perft dakon-4 5"
  "perft tchoukaillon 5"
  "analyze kalah-6-4 --depth 14"
  "analyze kalah-4-3 --depth 200"
  "analyze kalah-6-4-e --depth 10 --setup 4.4.4.4.4.4-4.4.4.4.4.4-0.0-s"
  "analyze dakon-4 --depth 6"
  "analyze tchoukaillon --depth 5"
  "solve kalah-5-3 --threads 1"
  "solve kalah-4-4 --value-only --threads 1"
  "dooley"
  "winning 24"
  "rules erickson"
  "rules dakon"
  "rules sungka"
  "rules tchoukaillon"
  "rules papegay"
  "rules dooley"
  "dakon count 4"
  "dakon survey 4"
  "dakon shortest 5"
  "dakon prove-shortest 5 --bound 12"
  "dakon min-laps 4"
  "dakon min-cycles 4"
  "dakon replay 4 1,4,2,4"
)
mask() { sed -E 's/[0-9]+\.[0-9]+ s\b/T s/g; s/"([a-z_]*seconds|elapsed_ms|millis|peak_memory_bytes|positions_per_second|nodes_per_second)":[0-9.e-]+/"\1":T/g; s/\([0-9.]+ s\)/(T s)/g; s/= [0-9.]+ M nodes\/s/= T M nodes\/s/g; s/ [0-9]+ positions\/s/ T positions\/s/g; s/peak memory [0-9]+ MiB/peak memory T MiB/g; s/(\["[^"]*",)[0-9.e-]+\]/\1T]/g; s/^( +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +-?[0-9]+ +)[0-9]+\.[0-9]+$/\1T/'; }
i=0
for c in "${cases[@]}"; do
  if [[ -n "${GOLDEN_SKIP:-}" && "$c" =~ $GOLDEN_SKIP ]]; then continue; fi
  i=$((i + 1))
  f=$(printf '%s/%02d' "$out" "$i")
  echo "$c" > "$f.cmd"
  # shellcheck disable=SC2086
  "$bin" $c 2>"$f.err" | mask > "$f.txt"; echo "exit $?" >> "$f.txt"
  case "$c" in rules*|"dakon replay"*) ;; *) "$bin" $c --json 2>>"$f.err" | mask > "$f.json" ;; esac
  mask < "$f.err" > "$f.err2" && mv "$f.err2" "$f.err"
done
echo "$i commands written to $out"
