#!/usr/bin/env bash
# The Kubernetes end-to-end suite (docs/e2e.md), by one command.
#
#   e2e/run.sh                       on this machine: builds the images from docker/ with podman, then runs the suite
#                                    against the API server stand-in and the simulated kubelet (test code), where
#                                    every pod is a real container of those images
#   e2e/run.sh --kubeconfig FILE --spark-image IMG --controller-image IMG [--rollout-image IMG] [--storage-class C]
#                                    against a real cluster: images already pushed (or loaded: kind load), no simulator
#
# Options: --out DIR (default target/e2e/<time>; logs, timings and, on failure, artifacts), --keep-images.
# A missing prerequisite is a failure that names the package, never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

die() {
  echo "e2e: $*" >&2
  echo "e2e: 0 passed, 1 failed"
  exit 1
}

kubeconfig=""
spark_image="localhost/sft/sft:e2e"
rollout_image=""
controller_image="localhost/sft/sft-controller:e2e"
storage_class=""
out="$root/target/e2e/$(date -u +%Y%m%dT%H%M%SZ)"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kubeconfig) kubeconfig="$(realpath "$2")"; shift 2 ;;
    --spark-image) spark_image="$2"; shift 2 ;;
    --rollout-image) rollout_image="$2"; shift 2 ;;
    --controller-image) controller_image="$2"; shift 2 ;;
    --storage-class) storage_class="$2"; shift 2 ;;
    --out) out="$(realpath -m "$2")"; shift 2 ;;
    -h|--help) sed -n 2,12p "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see e2e/run.sh --help)" ;;
  esac
done
mkdir -p "$out"
started=$SECONDS
phase() { echo "e2e: [$((SECONDS - started))s] $*"; }

need() { command -v "$1" >/dev/null 2>&1 || die "'$1' is not on PATH: $2"; }
need java "install a Java 17 JDK (Debian: apt-get install openjdk-17-jdk-headless)"
need node "install Node.js 20 or newer (kubectl and helm come from an npm package)"
need npm "install npm"
if [[ -z "$kubeconfig" ]]; then
  need podman "install podman (Debian: apt-get install podman)"
  need runc "install runc (Debian: apt-get install runc)"
  need debootstrap "install debootstrap (Debian: apt-get install debootstrap)"
  [[ "$(id -u)" == 0 ]] || die "the simulated kubelet runs podman as root (rootless podman cannot give pods loopback addresses)"
  [[ -z "$rollout_image" ]] && rollout_image="localhost/sft/sft:e2e-rollout"
else
  [[ -f "$kubeconfig" ]] || die "no kubeconfig at $kubeconfig"
  [[ -n "$rollout_image" ]] || die "--rollout-image is required with --kubeconfig: the same image as --spark-image under another tag (the spec-change step rolls the Spark pods to it)"
fi

# kubectl and helm: the real binaries, pinned (charts/test/k8s-tools.sh).
source "$root/charts/test/k8s-tools.sh"
k8s_tools_fetch "$root/target/k8s-tools"

phase "building the harness, the controller and the contract (Maven, tests skipped: ./mvnw verify runs them)"
./mvnw -B -ntp -q -DskipTests install >"$out/maven-package.log" 2>&1 || { tail -40 "$out/maven-package.log"; die "the Maven build failed (log: $out/maven-package.log)"; }

if [[ -z "$kubeconfig" ]]; then
  phase "building the images from docker/ with podman"
  SFT_HARNESS_IMAGE="$spark_image" SFT_CONTROLLER_IMAGE="$controller_image" docker/build-images.sh 2>&1 \
    | tee "$out/images.log" || die "building the images failed (log: $out/images.log)"
  [[ "${PIPESTATUS[0]}" == 0 ]] || die "building the images failed (log: $out/images.log)"
  # The spec-change step rolls the Spark pods to a new image tag, as a GitOps image bump would.
  podman --runtime runc --cgroup-manager=cgroupfs tag "$spark_image" "$rollout_image"
fi

phase "running the suite (output: $out)"
set +e
./mvnw -B -ntp -Pe2e -pl e2e verify \
  "-Dsft.e2e.repository=$root" "-Dsft.e2e.output=$out" \
  "-Dsft.e2e.kubectl=$kubectl" "-Dsft.e2e.helm=$helm" "-Dsft.e2e.kubeconfig=$kubeconfig" \
  "-Dsft.e2e.sparkImage=$spark_image" "-Dsft.e2e.sparkImageRollout=$rollout_image" \
  "-Dsft.e2e.controllerImage=$controller_image" "-Dsft.e2e.storageClass=$storage_class" \
  "-Dsft.e2e.pullPolicy=$([[ -z "$kubeconfig" ]] && echo Never || echo IfNotPresent)" \
  2>&1 | tee "$out/suite.log"
status="${PIPESTATUS[0]}"
set -e
if [[ -z "$kubeconfig" ]]; then
  # The simulator removes every container it started; one left behind is a defect of the suite, not a detail.
  leftover="$(podman --runtime runc --cgroup-manager=cgroupfs ps -a --format '{{.Names}}' | grep '^sft-e2e-' || true)"
  if [[ -n "$leftover" ]]; then
    echo "e2e: containers left behind: $leftover" >&2
    podman --runtime runc --cgroup-manager=cgroupfs rm -f $leftover >/dev/null
    status=1
  fi
fi
phase "done (exit $status); timings: $out/timings.txt"
[[ -f "$out/timings.txt" ]] && cat "$out/timings.txt"
[[ "$status" == 0 ]] || echo "e2e: failed; artifacts (container logs, API objects, the shared folder) under $out"
exit "$status"
