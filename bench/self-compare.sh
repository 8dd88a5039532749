#!/usr/bin/env bash
# The released jars compared with themselves, and the default run's outcome, from one `./sft local --repeat N` run
# (N = 2 × PER_SIDE × PAIRS): its repetitions are dealt into 2 × PAIRS slices of PER_SIDE in order, each slice judged
# on its own by `sft judge` (a folder of links to its repetitions' evidence; nothing in the evidence changes), and
# slice 2k-1 compared with slice 2k by `sft compare`: PAIRS comparisons of one build with itself at --repeat PER_SIDE,
# each with its counts of cells regressed and fixed (goal: none). Unlike `--compare`, both sides ran on one cluster
# one after the other, not in turns.
# Then every repetition number as one run of the default set (all its scenarios), judged with the shipped known
# findings (examples/known-findings.json): how many such runs would have exited 0, and what the others failed by.
#   bench/self-compare.sh [PER_SIDE=4] [PAIRS=5] [EXISTING_RUN_FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
per_side="${1:-4}"
pairs="${2:-5}"
repeat=$((2 * per_side * pairs))
known="$PWD/examples/known-findings.json"
./sft --version >/dev/null   # builds the harness first

if [[ -n "${3:-}" ]]; then
  run="$(cd "$3" && pwd)"
else
  mkdir -p target/bench
  out="$PWD/target/bench/self-compare-$repeat-$(date +%s)"
  set +e
  ./sft local --repeat "$repeat" --out "$out" > "$out.log" 2>&1
  echo "sft local --repeat $repeat: exit $? (log $out.log)"
  set -e
  run=$(dirname "$(ls "$out"/shared/*/report.json | head -1)")
fi
work=$(mktemp -d)

# One slice: links to the repetitions first..last of every cell, and to the driver runs' folders.
slice() {
  local name="$1" first="$2" last="$3" dir="$work/$1"
  mkdir -p "$dir"
  for d in "$run"/driver-*; do ln -s "$d" "$dir/"; done
  for rep in "$run"/*-r*; do
    local n="${rep##*-r}"
    if [[ -d "$rep" && "$n" =~ ^[0-9]+$ && "$n" -ge "$first" && "$n" -le "$last" ]]; then ln -s "$rep" "$dir/"; fi
  done
  ./sft judge "$dir" --known-findings "$known" --out "$work/judged-$name" -o json > "$work/$name.json" 2>/dev/null \
    || true
}

echo "comparisons of the build with itself, --repeat $per_side each:"
for ((p = 0; p < pairs; p++)); do
  a=$((2 * p * per_side + 1)); b=$((a + per_side))
  slice "a$p" "$a" $((b - 1))
  slice "b$p" "$b" $((b + per_side - 1))
  set +e
  ./sft compare "$work/judged-a$p/report.json" "$work/judged-b$p/report.json" > "$work/compare-$p.txt" 2>&1
  exit_code=$?
  set -e
  counts=$(grep '^COMPARISON:' "$work/compare-$p.txt" || echo "COMPARISON: none ($(head -1 "$work/compare-$p.txt"))")
  echo "  repetitions $a-$((b - 1)) against $b-$((b + per_side - 1)): ${counts#COMPARISON: }, exit $exit_code"
  grep -E '^  why: ' "$work/compare-$p.txt" | sed 's/^/    /' || true
done

echo "the default run's outcome per repetition number, with the shipped known findings:"
slice all 1 "$repeat"
python3 - "$work/all.json" <<'PY'
import json, sys, collections
report = json.load(open(sys.argv[1]))
runs = collections.defaultdict(list)
for r in report["scenarios"]:
    runs[r["repetition"]].append(r)
def outcome(r):
    s, t = r.get("scheduler") or "Unknown", r.get("storage") or "Unknown"
    order = ["Failed", "Unknown", "Known", "Passed"]
    return min((s, t), key=order.index)
passed = known = 0
others = collections.Counter()
for n, results in sorted(runs.items()):
    outcomes = [outcome(r) for r in results]
    if all(o == "Passed" for o in outcomes):
        passed += 1
    elif all(o in ("Passed", "Known") for o in outcomes):
        known += 1
    else:
        for r in results:
            if outcome(r) in ("Failed", "Unknown"):
                others[r["name"] + " " + outcome(r) + ": " + ", ".join(r.get("findings") or ["(no finding)"])] += 1
print(f"  {len(runs)} runs: {passed} PASSED, {known} PASSED WITH KNOWN FINDINGS, "
      f"{len(runs) - passed - known} NOT PASSED")
for what, n in others.most_common():
    print(f"    {n} x {what}")
PY
echo "slices, judged reports and comparisons: $work"
