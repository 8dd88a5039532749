#!/usr/bin/env bash
# The image's class-data archive (bin/sft-class-data) and how the JVM maps it, on this host's SPARK_HOME: N Spark
# master starts each without the archive, with it as this JDK maps it by default (ArchiveRelocationMode=1, relocated),
# and with it at the address it was dumped for (mode 0, ImageClassData.JVM_FLAGS). Prints each start's time to the
# master's /json/ answering and its resident memory split into private (RssAnon) and file-backed (RssFile), then the
# medians.
#   bench/archive-relocation.sh [N=3]      needs curl; dumps the archive under target/bench-archive first (about 50 s)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-3}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/archive-relocation.sh [N=3]" >&2; exit 2; }
command -v curl >/dev/null || { echo "archive-relocation: needs curl" >&2; exit 1; }
"$root/sft" --version >/dev/null
spark_home="$root/harness-job/target/spark-home"
out="$root/target/bench-archive"
mkdir -p "$out"
class_path=$(find "$spark_home/jars" -maxdepth 1 -name '*.jar' -print | LC_ALL=C sort | paste -sd: -)
echo "archive-relocation: dumping $out/sft.jsa from docker/harness/classes.list"
java -Xshare:dump -XX:+UseSerialGC -XX:SharedClassListFile="$root/docker/harness/classes.list" \
  -XX:SharedArchiveFile="$out/sft.jsa" -cp "$class_path" >"$out/dump.log" 2>&1

start() { # LABEL FLAGS...: one master start; prints "seconds anon_kib file_kib"
  local label="$1"; shift
  local port ui pid t0 t1
  port=$((20000 + RANDOM % 1000)); ui=$((port + 1000))
  t0=$(date +%s%N)
  SPARK_HOME="$spark_home" java -Xmx512m -XX:+UseSerialGC "$@" -cp "$class_path" \
    org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port "$ui" >"$out/$label.log" 2>&1 &
  pid=$!
  until curl -s -o /dev/null "http://127.0.0.1:$ui/json/"; do sleep 0.05; done
  t1=$(date +%s%N)
  echo "$(( (t1 - t0) / 1000000 )) $(awk '/RssAnon/ {a=$2} /RssFile/ {f=$2} END {print a, f}' "/proc/$pid/status")"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

declare -A flags=(
  [none]=""
  [relocated]="-XX:SharedArchiveFile=$out/sft.jsa"
  [at-dump-address]="-XX:SharedArchiveFile=$out/sft.jsa -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0"
)
rm -f "$out/none.txt" "$out/relocated.txt" "$out/at-dump-address.txt"
for i in $(seq "$runs"); do
  for label in none relocated at-dump-address; do
    # shellcheck disable=SC2086 # a list of flags
    start "$label" ${flags[$label]} | tee -a "$out/$label.txt" | sed "s/^/run $i $label: ms, anon KiB, file KiB: /"
  done
done
printf '%-16s %10s %12s %12s\n' mapping "start ms" "anon MiB" "file MiB"
for label in none relocated at-dump-address; do
  printf '%-16s %10s %12s %12s\n' "$label" "$(cut -d' ' -f1 "$out/$label.txt" | median)" \
    "$(( $(cut -d' ' -f2 "$out/$label.txt" | median) / 1024 ))" "$(( $(cut -d' ' -f3 "$out/$label.txt" | median) / 1024 ))"
done
