#!/usr/bin/env bash
# Compares `./sft local` (default settings) in two checkouts, run after run in turn (A, B, A, B, ...), so that both
# see the same machine: wall time on these shared machines drifts by up to a quarter within minutes. Prints each
# run's wall and CPU seconds (user + system of the whole process tree) and peak tree RSS, each pair's ratio B / A, then
# both medians and the median ratio (the figure the drift disturbs least). Each checkout is built first; a run that
# records the class-data archives (the first on a build) is not counted and is run again at once.
#   bench/compare.sh CHECKOUT_A CHECKOUT_B [PAIRS=3]
set -euo pipefail
bench="$(cd "$(dirname "$0")" && pwd)"
[[ $# -ge 2 ]] || { echo "usage: $0 CHECKOUT_A CHECKOUT_B [PAIRS=3]" >&2; exit 2; }
checkouts=("$(cd "$1" && pwd)" "$(cd "$2" && pwd)")
pairs="${3:-3}"
source "$bench/sampled-run.sh"
out="$(pwd)/target/bench/compare-$(date +%s)"
mkdir -p "$out"
declare -A walls cpus pair_wall
ratios=""
for side in 0 1; do
  (cd "${checkouts[$side]}" && ./sft --version >/dev/null)
done
run=0
for (( pair = 1; pair <= pairs; pair++ )); do
  for side in 0 1; do
    label=$([[ $side == 0 ]] && echo A || echo B)
    cd "${checkouts[$side]}"
    run_counted "$label" "$out" ./sft local
    cd - >/dev/null
    walls[$side]+="$elapsed "
    cpus[$side]+="$cpu "
    pair_wall[$side]=$elapsed
  done
  ratio=$(awk -v a="${pair_wall[0]}" -v b="${pair_wall[1]}" 'BEGIN {printf "%.3f", b / a}')
  ratios+="$ratio "
  echo "pair $pair: B / A = $ratio"
done
for side in 0 1; do
  # shellcheck disable=SC2086
  printf '%s %s: median %.1f s wall, %.1f CPU s over %d runs\n' "$([[ $side == 0 ]] && echo A || echo B)" \
    "${checkouts[$side]}" "$(median_of ${walls[$side]})" "$(median_of ${cpus[$side]})" "$pairs"
done
# shellcheck disable=SC2086
echo "median B / A over the pairs: $(median_of $ratios)"
