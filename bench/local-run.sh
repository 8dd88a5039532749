#!/usr/bin/env bash
# Times `./sft local` N times and reports each wall time and CPU time (user + system of the whole process tree), their
# medians, and the peak RSS of the tree (orchestrator, master, workers, executors, drivers), sampled every 0.5 s from
# /proc; then where the seconds went, phase by phase (bench/phases.awk over each run's progress lines), as the median
# over the runs. A run that records the class-data archives (the first on a build) is reported but not counted, and
# another run takes its place.
#   bench/local-run.sh [RUNS=3] [SCENARIOS=the default set]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
scenarios="${2:-}"
./sft --version >/dev/null   # builds the harness first, outside the timings

source bench/sampled-run.sh

mkdir -p target/bench
times=()
cpus=()
peaks=()
counted_runs=()
run=0
while (( ${#times[@]} < runs )); do
  run=$((run + 1))
  out="target/bench/run-$run-$(date +%s)"
  cmd=(./sft local --out "$out")
  [[ -n "$scenarios" ]] && cmd+=(--scenarios "$scenarios")
  run_sampled "target/bench/run-$run.log" "${cmd[@]}"
  say_sampled "run $run" "target/bench/run-$run.log"
  [[ $status -eq 0 ]] || { echo "run $run did not pass; see its log" >&2; exit 1; }
  if recorded_class_data "target/bench/run-$run.log"; then
    echo "run $run recorded the class-data archives (the first run on this build): not counted"
    continue
  fi
  times+=("$elapsed")
  cpus+=("$cpu")
  peaks+=("$peak")
  counted_runs+=("$run")
  awk -v wall="$elapsed" -f bench/phases.awk "target/bench/run-$run.log" > "target/bench/run-$run.phases"
done
echo "where the seconds went (median over $runs runs, seconds; each run's figures in target/bench/run-N.phases):"
for counted in "${counted_runs[@]}"; do cat "target/bench/run-$counted.phases"; done | awk -F '\t' '
  !($1 in n) { order[++phases] = $1 }
  { n[$1]++; v[$1, n[$1]] = $2 }
  END {
    for (i = 1; i <= phases; i++) {
      p = order[i]; k = n[p]
      for (a = 1; a <= k; a++) s[a] = v[p, a]
      for (a = 1; a <= k; a++) for (b = a + 1; b <= k; b++) if (s[b] < s[a]) { t = s[a]; s[a] = s[b]; s[b] = t }
      median = (k % 2) ? s[(k + 1) / 2] : (s[k / 2] + s[k / 2 + 1]) / 2
      printf "  %6.1f  %s\n", median, p
    }
  }'
median=$(median_of "${times[@]}")
median_cpu=$(median_of "${cpus[@]}")
peak_max=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)
printf 'median wall time over %d runs: %.1f s; median CPU time: %.1f s; highest peak tree RSS: %d MiB\n' "$runs" \
  "$median" "$median_cpu" $((peak_max / 1024))
