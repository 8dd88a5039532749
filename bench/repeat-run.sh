#!/usr/bin/env bash
# Race stability and steady-state cost: one `./sft local --repeat N` run (every scenario of the default set N times),
# then per cell how many repetitions passed both verdicts, the failure rate with its 95 % interval, and their
# durations (min / median / max, from report.json's stats), the whole run's wall time, and the peak RSS of its
# process tree (orchestrator, master, workers, executors, drivers), sampled every 0.5 s from /proc.
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
import json, sys
print(f"{'cell':48} {'passed':>7}  {'failure rate [95 %]':24} min / median / max")
for c in json.load(open(sys.argv[1]))["stats"]:
    rate = c["failureRate"]
    interval = f"{rate['estimate']*100:.1f} % [{rate['low']*100:.1f} %, {rate['high']*100:.1f} %]"
    print(f"{c['name'] + '/' + c['operation']:48} {c['passed']:>3}/{c['runs']:<3}  {interval:24} "
          f"{c['durationMinMs']/1000:.1f} / {c['durationMedianMs']/1000:.1f} / {c['durationMaxMs']/1000:.1f} s")
PY
exit "$status"
