#!/usr/bin/env bash
# Builds the end-to-end suite's custom build the way a user builds theirs (examples/custom-build/Dockerfile, FROM the
# sft image), with a distinct build of the Iceberg Spark runtime: the released jar re-packed with one extra entry
# (META-INF/sft-e2e-custom-build.txt) by Java's zip file system, which keeps the released jar's duplicated LICENSE and
# NOTICE entries once: the same classes under another SHA-256 and another file name. It proves the
# derived-image route (the released jar gone, the replacement loaded by every JVM of a run); it says nothing about
# Iceberg itself.
#
#   e2e/custom-build-image.sh FROM_IMAGE IMAGE     re-packs into target/e2e-custom-build/context, builds IMAGE with
#                                                  podman as docker/build-images.sh does (its containers.conf must
#                                                  exist) and checks what IMAGE holds
#   e2e/custom-build-image.sh --repack-only DIR    only writes the re-packed jar into DIR (for docker build, e.g. kind)
#
# Prints JAR=<file name> and SHA256=<hex> of the re-packed jar (e2e/run.sh passes the SHA-256 to the suite).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: e2e/custom-build-image.sh FROM_IMAGE IMAGE | --repack-only DIR"
work="$root/target/e2e-custom-build"
module=iceberg-spark-runtime-4.1_2.13

die() { echo "custom-build-image: $*" >&2; exit 1; }
if [[ "${1:-}" == --repack-only ]]; then
  context="$(realpath -m "${2:?$usage}")"
  from=""; image=""
else
  from="${1:?$usage}"; image="${2:?$usage}"
  context="$work/context"
fi
command -v javac >/dev/null 2>&1 || die "'javac' is not on PATH: install a Java 17 JDK (apt-get install openjdk-17-jdk-headless); the re-pack runs a Java source file"

# The released jar, as the sft image was built from it.
shopt -s nullglob
released=("$root"/harness-job/target/spark-home/jars/"$module"-[0-9]*.jar)
[[ ${#released[@]} -eq 1 ]] || die "expected one $module-<version>.jar in harness-job/target/spark-home/jars, found ${#released[@]}"
version="$(basename "${released[0]}" .jar)"; version="${version#"$module"-}"
name="$module-$version-sft-e2e-repack.jar"

rm -rf "$work/entry" "$work/AddEntry.java" && mkdir -p "$context" "$work/entry/META-INF"
rm -f "$context"/"$module"-*.jar
cp "${released[0]}" "$context/$name"
printf 'sft e2e custom build: %s re-packed with this one entry; same classes, another SHA-256.\n' \
  "$(basename "${released[0]}")" >"$work/entry/META-INF/sft-e2e-custom-build.txt"
# The jar tool refuses the runtime's duplicate entries (LICENSE, NOTICE); Java's zip file system re-writes them once.
cat >"$work/AddEntry.java" <<'JAVA'
import java.net.URI;
import java.nio.file.*;
import java.util.Map;
public class AddEntry {
  public static void main(String[] args) throws Exception {
    try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + Path.of(args[0]).toUri()), Map.of())) {
      Path entry = zip.getPath(args[1]);
      if (Files.exists(entry)) throw new IllegalStateException(args[1] + " is already in " + args[0]);
      Files.copy(Path.of(args[2]), entry);
    }
  }
}
JAVA
java "$work/AddEntry.java" "$context/$name" META-INF/sft-e2e-custom-build.txt \
  "$work/entry/META-INF/sft-e2e-custom-build.txt" || die "could not add an entry to $context/$name"
sha="$(sha256sum "$context/$name" | cut -d' ' -f1)"
[[ "$sha" != "$(sha256sum "${released[0]}" | cut -d' ' -f1)" ]] || die "the re-packed jar has the released jar's SHA-256"
if [[ -z "$image" ]]; then
  echo "JAR=$name"
  echo "SHA256=$sha"
  exit 0
fi

export CONTAINERS_CONF="$root/target/e2e-images/containers.conf"
[[ -f "$CONTAINERS_CONF" ]] || die "$CONTAINERS_CONF is missing: run docker/build-images.sh first"
podman_() { podman --runtime runc --cgroup-manager=cgroupfs "$@"; }
ulimits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

previous=$(podman_ image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
podman_ build "${ulimits[@]}" --network none --build-arg "SFT_IMAGE=$from" --build-arg "JAR=$name" \
  -f "$root/examples/custom-build/Dockerfile" -t "$image" "$context" >"$work/build.log" 2>&1 \
  || die "podman build of examples/custom-build/Dockerfile failed (log: $work/build.log): $(tail -15 "$work/build.log")"
if [[ -n "$previous" && "$previous" != "$(podman_ image inspect --format '{{.Id}}' "$image")" ]] \
    && [[ -z "$(podman_ image inspect --format '{{join .RepoTags ","}}' "$previous" 2>/dev/null)" ]]; then
  podman_ rmi "$previous" >/dev/null 2>&1 || true
fi

# What the image holds: exactly the re-packed jar of the module, the released one gone.
inside="$(podman_ run --rm --name sft-e2e-custom-build-check "${ulimits[@]}" --network none --entrypoint sh "$image" -c \
  "cd /opt/spark/jars && for f in $module-*.jar; do echo \"\$f \$(sha256sum \"\$f\" | cut -d' ' -f1)\"; done")"
[[ "$inside" == "$name $sha" ]] || die "$image should hold exactly $name ($sha) of $module in /opt/spark/jars; it holds: $inside"
echo "JAR=$name"
echo "SHA256=$sha"
