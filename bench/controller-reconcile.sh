#!/usr/bin/env bash
# Benchmark of the operator: N SchedulerFailureTest resources (default 50) reconciled at once by the packaged
# controller (its own JVM) against a fabric8 CRUD mock server on loopback. Prints the median and p95 time from
# "cluster ready" to "harness Job created", and the controller process's peak RSS.
#   bench/controller-reconcile.sh [RESOURCES=50] [controller JVM options, default: -XX:+UseSerialGC -Xmx96m]
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-50}"
shift || true
jvm_options=("$@")
if [[ ${#jvm_options[@]} -eq 0 ]]; then
  # What the controller's Deployment uses (docs/operator.md): a small serial-GC heap.
  jvm_options=(-XX:+UseSerialGC -Xmx64m -Xss256k -XX:TieredStopAtLevel=1 -XX:ReservedCodeCacheSize=32m -XX:MaxMetaspaceSize=128m)
fi

./mvnw -B -ntp -q package -DskipTests -pl contract,controller
./mvnw -B -ntp -q test-compile dependency:build-classpath -pl contract,controller \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
classpath="controller/target/test-classes:controller/target/classes:$(cat controller/target/bench-classpath.txt)"
java -cp "$classpath" dev.sft.controller.bench.ControllerReconcileBenchmark \
  controller/target/quarkus-app/quarkus-run.jar crds/schedulerfailuretests.sft.dev-v1.yml "$count" "${jvm_options[@]}"
