#!/usr/bin/env bash
# Smoke test of the harness image: a Spark master and two workers as containers, started as the controller's pod
# specs start them (controller/.../dependent/{Master,Worker}StatefulSetDependent.java, SparkPods.java): plain java on
# /opt/spark/jars, user 185 with fsGroup 185, read-only root with an emptyDir on /tmp, all capabilities dropped,
# host networking with a loopback pod IP each, the master's Service name in a hosts file. Passes when the master's
# /json/ lists both workers ALIVE; removes its containers either way. First checks that the sft launcher runs in the
# image as the harness Job runs it.
#
#   docker/smoke-spark.sh [IMAGE]        (default localhost/sft/sft:e2e; run docker/build-images.sh first)
# Addresses: 127.0.100.201 (master), .202 and .203 (workers).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
image="${1:-localhost/sft/sft:e2e}"
work="$repo/target/e2e-images/smoke"
namespace=smoke
master_ip=127.0.100.201
worker_ips=(127.0.100.202 127.0.100.203)
master_service="sft-smoke-master.$namespace.svc"
containers=(sft-e2e-smoke-launcher sft-e2e-smoke-master sft-e2e-smoke-worker-0 sft-e2e-smoke-worker-1)

die() { echo "smoke-spark: $*" >&2; exit 1; }
command -v podman >/dev/null 2>&1 || die "'podman' is not on PATH: install the Debian package 'podman'"
command -v runc >/dev/null 2>&1 || die "'runc' is not on PATH: install the Debian package 'runc'"
command -v curl >/dev/null 2>&1 || die "'curl' is not on PATH: install the Debian package 'curl'"
export CONTAINERS_CONF="$repo/target/e2e-images/containers.conf"
[[ -f "$CONTAINERS_CONF" ]] || die "no $CONTAINERS_CONF: run docker/build-images.sh first"
podman_() { podman --runtime runc --cgroup-manager=cgroupfs "$@"; }
podman_ image exists "$image" || die "no image $image: run docker/build-images.sh first"

cleanup() {
  for c in "${containers[@]}"; do podman_ rm -f -t 2 "$c" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT
cleanup
rm -rf "$work" && mkdir -p "$work/shared"
chmod 0777 "$work/shared"
printf '127.0.0.1 localhost\n%s %s sft-smoke-master.%s sft-smoke-master\n' \
  "$master_ip" "$master_service" "$namespace" >"$work/hosts"

daemon=(java -Xmx512m -XX:+UseSerialGC -Dspark.shuffle.service.enabled=false -Dspark.decommission.enabled=false
        -Dspark.shuffle.push.enabled=false -cp '/opt/spark/jars/*')
run_pod() { # NAME IP EXTRA_VOLUME_ARGS... -- COMMAND...
  local name="$1" ip="$2"; shift 2
  local extra=()
  while [[ "$1" != "--" ]]; do extra+=("$1"); shift; done
  shift
  mkdir -p "$work/$name-tmp" && chmod 0777 "$work/$name-tmp"
  podman_ run -d --name "$name" --network host --uts private --hostname "$name" --no-hosts \
    -v "$work/hosts:/etc/hosts:ro" --read-only --read-only-tmpfs=false -v "$work/$name-tmp:/tmp" \
    --user 185:185 --group-add 185 --cap-drop ALL --security-opt no-new-privileges \
    --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --pull never \
    -e POD_IP="$ip" -e SPARK_LOCAL_IP="$ip" -e SPARK_HOME=/opt/spark -e SPARK_SCALA_VERSION=2.13 \
    -e SPARK_LOCAL_DIRS=/tmp/spark-local "${extra[@]}" --entrypoint "$1" "$image" "${@:2}" >/dev/null
}

# The launcher as the harness Job runs it: read-only root, /tmp an emptyDir, user 185, no Maven in the image.
mkdir -p "$work/launcher-tmp" && chmod 0777 "$work/launcher-tmp"
podman_ run --rm --name sft-e2e-smoke-launcher --network host --read-only --read-only-tmpfs=false \
  -v "$work/launcher-tmp:/tmp" --user 185:185 --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --pull never \
  "$image" run --help >"$work/launcher.out" 2>&1 \
  || die "'sft run --help' failed in $image: $(tail -5 "$work/launcher.out")"
grep -q -- '--master' "$work/launcher.out" || die "'sft run --help' printed no usage: $(head -5 "$work/launcher.out")"
echo "smoke-spark: 'sft run --help' works in $image (read-only root, user 185)"

start=$(date +%s)
run_pod sft-e2e-smoke-master "$master_ip" -- "${daemon[@]}" org.apache.spark.deploy.master.Master \
  --host "$master_ip" --port 7077 --webui-port 8080
for i in 0 1; do
  run_pod "sft-e2e-smoke-worker-$i" "${worker_ips[$i]}" -v "$work/shared:/shared" -- "${daemon[@]}" \
    org.apache.spark.deploy.worker.Worker --host "${worker_ips[$i]}" --cores 2 --memory 2g --webui-port 8081 \
    --work-dir /tmp/spark-work "spark://$master_service:7077"
done

alive=0
json=""
for _ in $(seq 1 60); do
  json="$(curl -sf "http://$master_ip:8080/json/" || true)"
  alive=$(grep -o '"state" *: *"ALIVE"' <<<"$json" | wc -l || true)
  [[ "$alive" -ge 2 ]] && break
  sleep 1
done
if [[ "$alive" -lt 2 ]]; then
  for c in "${containers[@]}"; do echo "--- $c"; podman_ logs --tail 20 "$c" 2>&1 || true; done
  die "after 60 s the master's /json/ at http://$master_ip:8080/json/ lists $alive ALIVE workers, expected 2: $json"
fi
echo "smoke-spark: the master lists 2 ALIVE workers, $(( $(date +%s) - start )) s after the first container started"
