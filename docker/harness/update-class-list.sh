#!/usr/bin/env bash
# Rewrites docker/harness/classes.list, the names of the classes the sft image archives at build time
# (bin/sft-class-data), from what sft local's JVMs really loaded: the archives it keeps per role under
# harness-job/target/class-data/<key>/ (master, worker, driver, executor; ClassDataSharing). Run `./sft local` once
# first, on the same jars, so that all four exist.
#
#   docker/harness/update-class-list.sh
#
# The list is the union of the four roles' classes: one archive serves every JVM of the image. Generated classes
# (lambda proxies, method-handle species) are left out: each JVM makes its own.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$repo/docker/harness/classes.list"
archives=$(ls -d "$repo"/harness-job/target/class-data/*/ 2>/dev/null | head -n 1 || true)
[[ -n "$archives" ]] || { echo "update-class-list: no archives under harness-job/target/class-data: run ./sft local first" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for role in master worker driver executor; do
  jsa="$archives$role.jsa"
  [[ -f "$jsa" ]] || { echo "update-class-list: $jsa is missing: run ./sft local once more" >&2; exit 1; }
  # The archive names the class path it was dumped with (the JVM exits 1 on any other, after printing it); only with
  # that class path does the JVM print its classes.
  class_path=$( (java -XX:SharedArchiveFile="$jsa" -XX:+PrintSharedArchiveAndExit -version 2>&1 || true) \
    | sed -n 's/.*Expecting -Djava.class.path=//p')
  [[ -n "$class_path" ]] || { echo "update-class-list: $jsa names no class path" >&2; exit 1; }
  # Lines of the dictionaries: "  N: a.b.C loader".
  java -XX:SharedArchiveFile="$jsa" -XX:+PrintSharedArchiveAndExit -cp "$class_path" -version 2>/dev/null \
    | awk '$1 ~ /^[0-9]+:$/ && NF == 3 { print $2 }' >"$tmp/$role"
  echo "update-class-list: $role: $(wc -l <"$tmp/$role") classes"
done
cat "$tmp"/* | grep -v -e '\$\$Lambda\$' -e '/0x' -e 'BoundMethodHandle\$Species_' | tr . / | LC_ALL=C sort -u >"$out"
echo "update-class-list: $(wc -l <"$out") classes in $out"
