#!/usr/bin/env bash
# Regenerates crds/ from the Java model (dev.sft.api, module api/) by pointing Quarkus's CRD output at it, and copies
# it to the chart (charts/sft-operator/crds/, which Helm installs before the templates).
# Commit the result; CrdDriftTest fails the build while crds/ differs from what the build generates.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
./mvnw -B -ntp -q ${MVN_OFFLINE:-} package -DskipTests -pl contract,api,controller \
  -Dquarkus.operator-sdk.crd.output-directory="$root/crds"
cp crds/schedulerfailuretests.sft.dev-v1.yml charts/sft-operator/crds/
git -C "$root" status --short crds/ charts/sft-operator/crds/
