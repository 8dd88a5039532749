#!/usr/bin/env bash
# Repetitions per minute at spec.parallelism 1 and 2 on the simulator (issue "Answers at cluster scale"): one loss
# scenario repeated R times at each parallelism in turn, apply to verdict and cluster ready to completion.
#   bench/parallelism.sh [R=6]      results: target/e2e/<time>/parallelism.txt
# Needs what e2e/run.sh needs (root, podman, runc, debootstrap, Node.js 20, a JDK); builds the images first.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
repeat="${1:-6}"
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/parallelism.sh [R=6]" >&2; exit 2; }
out="$root/target/e2e/bench-parallelism-$(date -u +%Y%m%dT%H%M%SZ)"
"$root/e2e/run.sh" --bench-parallelism "$repeat" --out "$out"
echo
cat "$out/parallelism.txt"
