#!/usr/bin/env bash
# Time to verdict on Kubernetes against sft local, measured in turn on this host (issue "Time to verdict on
# Kubernetes"): N times, ./sft local of the reference suite's four scenarios, then kubectl apply of
# examples/minimal.yaml (the same four) on the simulator (e2e/run.sh's API server stand-in and simulated kubelet, every
# pod a real container), each to its verdict (the apply's waited for with sft k8s wait, one watch). Prints the wall times, the machine's busy CPU seconds of each side (and
# of the stand-in at rest), their medians and the median ratio, and a phase table per Kubernetes run (claim and storage
# check, master and workers started and Ready, workers ALIVE, each harness Job from creation through its pod, JVM,
# executors, scenarios and report to the controller's record, then the verdict).
#   bench/k8s-run.sh [N=3]          results: target/e2e/<time>/k8s-run.txt
# Needs what e2e/run.sh needs (root, podman, runc, debootstrap, Node.js 20, a JDK); builds the images first.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-3}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/k8s-run.sh [N=3]" >&2; exit 2; }
out="$root/target/e2e/bench-$(date -u +%Y%m%dT%H%M%SZ)"
# ./sft builds itself when its sources are newer than its last build: build it here, not inside the timed runs.
"$root/sft" --version >/dev/null
"$root/e2e/run.sh" --bench "$runs" --out "$out"
echo
cat "$out/k8s-run.txt"
