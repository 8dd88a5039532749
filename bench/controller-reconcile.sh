#!/usr/bin/env bash
# Benchmark of the operator: N SchedulerFailureTest resources (default 50) reconciled at once by the packaged
# controller (its own JVM) against a fabric8 CRUD mock server on loopback. Prints, per run and as medians over RUNS
# runs (default 3), the median and p95 time from "cluster ready" to "harness Job created", and the controller
# process's peak RSS.
#   bench/controller-reconcile.sh [RESOURCES=50] [RUNS=3] [controller JVM options, default: the chart's]
# By default the controller runs as the chart's Deployment runs it: the JAVA_TOOL_OPTIONS and MALLOC_ARENA_MAX that
# `helm template` renders from the chart's defaults, plus -XX:MaxRAM set to the rendered memory limit, so a heap given
# as a percentage of RAM is sized as it is in the container.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-50}"
runs="${2:-3}"
shift $(( $# < 2 ? $# : 2 ))
jvm_options=("$@")
die() { echo "bench/controller-reconcile.sh: $*" >&2; exit 2; }
[[ "$count" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] || die "RESOURCES and RUNS must be positive integers"

environment=()
if [[ ${#jvm_options[@]} -eq 0 ]]; then
  source charts/test/k8s-tools.sh
  k8s_tools_fetch target/k8s-tools
  rendered=$("$helm" template bench charts/sft-operator --show-only templates/deployment.yaml)
  env_value() {   # the value of the container env var $1 in the rendered Deployment
    awk -v name="$1" '$0 ~ "- name: " name "$" {getline; sub(/^ *value: */, ""); gsub(/^"|"$/, ""); print; exit}' \
      <<< "$rendered"
  }
  chart_options=$(env_value JAVA_TOOL_OPTIONS)
  arenas=$(env_value MALLOC_ARENA_MAX)
  limit=$(awk '/limits:/ {l = 1} l && /memory:/ {print $2; exit}' <<< "$rendered")
  [[ -n "$chart_options" && "$arenas" =~ ^[0-9]+$ && "$limit" =~ ^[0-9]+Mi$ ]] \
    || die "cannot read JAVA_TOOL_OPTIONS, MALLOC_ARENA_MAX and a limits.memory in Mi from the rendered chart"
  read -r -a jvm_options <<< "$chart_options"
  jvm_options+=("-XX:MaxRAM=${limit%Mi}m")
  environment=("MALLOC_ARENA_MAX=$arenas")
  echo "the chart's settings: MALLOC_ARENA_MAX=$arenas, memory limit $limit, JVM options ${jvm_options[*]}"
fi

./mvnw -B -ntp -q package -DskipTests -pl contract,api,controller
./mvnw -B -ntp -q test-compile dependency:build-classpath -pl contract,api,controller \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
classpath="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench-classpath.txt)"

mkdir -p target/bench
medians=() p95s=() peaks=()
for run in $(seq 1 "$runs"); do
  log="target/bench/controller-run-$run.log"
  env "${environment[@]}" java -cp "$classpath" dev.sft.controller.bench.ControllerReconcileBenchmark \
    controller/target/quarkus-app/quarkus-run.jar crds/schedulerfailuretests.sft.dev-v1.yml "$count" \
    "${jvm_options[@]}" > "$log" 2>&1 || { tail -20 "$log" >&2; die "run $run failed (log $log)"; }
  latency=$(grep '^cluster ready -> harness Job created' "$log")
  peak=$(grep '^controller peak RSS' "$log")
  echo "run $run: ${latency#cluster ready -> harness Job created: }; ${peak%% (JVM options*}"
  medians+=("$(sed 's/.*median \([0-9-]*\) ms.*/\1/' <<< "$latency")")
  p95s+=("$(sed 's/.*p95 \([0-9-]*\) ms.*/\1/' <<< "$latency")")
  peaks+=("$(sed 's/.*(VmHWM): \([0-9.]*\) MiB.*/\1/' <<< "$peak")")
done
source bench/sampled-run.sh   # median_of
echo "medians over $runs runs of $count resources: cluster ready -> harness Job created median $(median_of "${medians[@]}") ms," \
  "p95 $(median_of "${p95s[@]}") ms; controller peak RSS $(median_of "${peaks[@]}") MiB"
