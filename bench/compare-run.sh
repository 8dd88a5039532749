#!/usr/bin/env bash
# A comparison of two builds against one run of the same cells, in turn on this host (issue 42): N times, `./sft local`
# (the default scenarios, one repetition), then `./sft local --compare --jar JAR` (the same cells, the released Iceberg
# jar against itself unless JAR is given: baseline and candidate each take their turn). Prints each run's wall and CPU
# seconds, each pair's ratio (comparison / one run), both medians and the median ratio (goal: at most 2). Runs
# without a build's class data yet or recording it (a build's first two) are reported but not counted, and run again.
#   bench/compare-run.sh [N=3] [JAR=the released iceberg-spark-runtime jar]
set -euo pipefail
cd "$(dirname "$0")/.."
pairs="${1:-3}"
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/compare-run.sh [N=3] [JAR]" >&2; exit 2; }
./sft --version >/dev/null   # builds the harness first, outside the timings
jar="${2:-$(ls harness-job/target/spark-home/jars/iceberg-spark-runtime-*.jar | head -1)}"
[[ -f "$jar" ]] || { echo "no such jar: $jar" >&2; exit 2; }
source bench/sampled-run.sh
out="$(pwd)/target/bench/compare-run-$(date +%s)"
mkdir -p "$out"
declare -A walls cpus pair_wall
ratios=""
run=0
for (( pair = 1; pair <= pairs; pair++ )); do
  for kind in one compare; do
    cmd=(./sft local)
    [[ $kind == compare ]] && cmd+=(--compare --jar "$jar")
    run_counted "$kind" "$out" "${cmd[@]}"
    walls[$kind]+="$elapsed "
    cpus[$kind]+="$cpu "
    pair_wall[$kind]=$elapsed
  done
  ratio=$(awk -v a="${pair_wall[one]}" -v b="${pair_wall[compare]}" 'BEGIN {printf "%.3f", b / a}')
  ratios+="$ratio "
  echo "pair $pair: comparison / one run = $ratio"
done
for kind in one compare; do
  # shellcheck disable=SC2086
  printf '%s: median %.1f s wall, %.1f CPU s over %d runs\n' \
    "$([[ $kind == one ]] && echo "one run   " || echo "comparison")" \
    "$(median_of ${walls[$kind]})" "$(median_of ${cpus[$kind]})" "$pairs"
done
# shellcheck disable=SC2086
echo "median comparison / one run over the pairs: $(median_of $ratios) (issue 42's goal: at most 2)"
