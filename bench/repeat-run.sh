#!/usr/bin/env bash
# Race stability and steady-state cost: one `./sft local --repeat N` run (every scenario of the default set N times),
# then per scenario how many repetitions passed both verdicts and their durations (min / median / max, from
# report.json), the whole run's wall time, and the peak RSS of its process tree (orchestrator, master, workers,
# executors, drivers), sampled every 0.5 s from /proc.
#   bench/repeat-run.sh [REPEAT=20]
set -euo pipefail
cd "$(dirname "$0")/.."
repeat="${1:-20}"
./sft --version >/dev/null   # builds the harness first, outside the timing

source bench/sampled-run.sh

mkdir -p target/bench
out="target/bench/repeat-$repeat-$(date +%s)"
log="target/bench/repeat-$repeat.log"
run_sampled "$log" ./sft local --repeat "$repeat" --out "$out"
report=$(ls "$out"/shared/*/report.json 2>/dev/null | head -1)
[[ -n "$report" ]] || { echo "no report.json under $out/shared (exit $status); see $log" >&2; exit 1; }
say_sampled "sft local --repeat" "$log"
python3 - "$report" <<'PY'
import json, statistics, sys
scenarios = {}
for s in json.load(open(sys.argv[1]))["scenarios"]:
    scenarios.setdefault(s["name"], []).append(s)
print(f"{'scenario':32} {'passed':>7}  min / median / max")
for name, runs in scenarios.items():
    passed = sum(1 for r in runs if r["scheduler"] == "Passed" and r["storage"] == "Passed")
    seconds = sorted(r["durationMs"] / 1000 for r in runs)
    print(f"{name:32} {passed:>3}/{len(runs):<3}  {seconds[0]:.1f} / {statistics.median(seconds):.1f} / {seconds[-1]:.1f} s")
PY
exit "$status"
