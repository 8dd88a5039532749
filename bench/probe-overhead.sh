#!/usr/bin/env bash
# The probe's own cost: the same 48,000-row append with and without sft's probe, in one driver on one real Standalone
# cluster, warm, alternating (it/ProbeOverheadBench). Prints every round, both medians and the ratio; the figures also
# go to harness-job/target/bench/probe-overhead.txt, the build's log to probe-overhead.log beside it.
#   bench/probe-overhead.sh [ROUNDS=7] [WARMUPS=2]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-7}"
warmups="${2:-2}"
mkdir -p harness-job/target/bench
log=harness-job/target/bench/probe-overhead.log
if ! ./mvnw -B -ntp -pl contract,api,harness-job -am verify -Dit.test=ProbeOverheadBench -Dtest=NoUnitTests \
    -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
    -Dsft.bench.rounds="$rounds" -Dsft.bench.warmups="$warmups" > "$log" 2>&1; then
  grep 'ProbeOverheadBench:' "$log" || true
  echo "the benchmark did not complete; see $log" >&2
  exit 1
fi
grep 'ProbeOverheadBench:' "$log"
