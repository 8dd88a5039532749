#!/usr/bin/env bash
# Builds the two sft images with podman on a Java 17 base image made from Debian packages (no public registry is
# needed), and prints each image's size and the time each step took.
#
#   docker/build-images.sh                       # localhost/sft/sft:e2e and localhost/sft/sft-controller:e2e
#   SFT_IMAGE_TAG=dev docker/build-images.sh     # other tag
#
# Environment (all optional):
#   SFT_IMAGE_TAG          tag of both images (default e2e)
#   SFT_HARNESS_IMAGE      full name of the harness/Spark image (default localhost/sft/sft:$SFT_IMAGE_TAG)
#   SFT_CONTROLLER_IMAGE   full name of the controller image (default localhost/sft/sft-controller:$SFT_IMAGE_TAG)
#   SFT_DEBIAN_MIRROR      Debian mirror for debootstrap (default: the first bookworm mirror in the apt sources)
#   SFT_MAVEN_FLAGS        extra flags for the Maven build of missing outputs (e.g. -o)
#
# The base image (localhost/sft/base-java17:<recipe hash>) is reused while its recipe is unchanged. Maven outputs
# (harness-job/target/spark-home, controller/target/quarkus-app) are built when missing and used as they are
# otherwise. podman runs with runc, cgroupfs and explicit ulimits (crun fails on cgroup hybrid mode, setrlimit is
# refused with podman's defaults), from a containers.conf this script writes under target/e2e-images/.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$repo/target/e2e-images"
tag="${SFT_IMAGE_TAG:-e2e}"
harness_image="${SFT_HARNESS_IMAGE:-localhost/sft/sft:$tag}"
controller_image="${SFT_CONTROLLER_IMAGE:-localhost/sft/sft-controller:$tag}"

die() { echo "build-images: $*" >&2; exit 1; }
step_start=0
step() { step_start=$(date +%s); echo "build-images: $*"; }
step_done() { echo "build-images:   done in $(( $(date +%s) - step_start )) s"; }

require() { # TOOL DEBIAN_PACKAGE
  command -v "$1" >/dev/null 2>&1 || die "'$1' is not on PATH: install the Debian package '$2' (apt-get install $2)"
}
require podman podman
require runc runc
require debootstrap debootstrap
[[ $(id -u) -eq 0 ]] || die "debootstrap and rootful podman need root (running as uid $(id -u))"

mkdir -p "$work"
export CONTAINERS_CONF="$work/containers.conf"
cat >"$CONTAINERS_CONF" <<'EOF'
# Written by docker/build-images.sh: crun fails on these machines, setrlimit is refused with podman's defaults.
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
podman_() { podman --runtime runc --cgroup-manager=cgroupfs "$@"; }
ulimits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

# --- Maven outputs ---------------------------------------------------------------------------------------------
if [[ ! -d "$repo/harness-job/target/spark-home/jars" || ! -f "$repo/k8s-cli/target/sft-k8s.jar" \
   || ! -f "$repo/controller/target/quarkus-app/quarkus-run.jar" ]]
then
  step "harness-job/target/spark-home, k8s-cli/target/sft-k8s.jar or controller/target/quarkus-app is missing: ./mvnw -B -ntp -DskipTests package"
  # shellcheck disable=SC2086 # SFT_MAVEN_FLAGS is a list of flags
  (cd "$repo" && ./mvnw -B -ntp -DskipTests ${SFT_MAVEN_FLAGS:-} package -pl harness-job,controller -am) \
    || die "the Maven build failed; the images need harness-job/target/spark-home and controller/target/quarkus-app"
  step_done
else
  echo "build-images: using the existing harness-job/target/spark-home and controller/target/quarkus-app" \
       "(rebuild them with ./mvnw -B -ntp -DskipTests package when the sources changed)"
fi

# --- Java 17 base from Debian packages -------------------------------------------------------------------------
debian_mirror() {
  if [[ -n "${SFT_DEBIAN_MIRROR:-}" ]]; then echo "$SFT_DEBIAN_MIRROR"; return; fi
  local found
  # One-line format: "deb [options] URL bookworm main".
  found=$(grep -hsE '^\s*deb\s' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    | sed -E 's/\[[^]]*\]//' | awk '$3 == "bookworm" { print $2; exit }')
  if [[ -z "$found" ]]; then # deb822 format: a stanza with "URIs:" and "Suites: bookworm ..."
    found=$(awk '/^URIs:/ { uri = $2 } /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == "bookworm") { print uri; exit } }
                /^$/ { uri = "" }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  fi
  [[ -n "$found" ]] || die "no bookworm mirror in /etc/apt/sources.list{,.d}: set SFT_DEBIAN_MIRROR"
  echo "$found"
}
mirror="$(debian_mirror)"
arch="$(dpkg --print-architecture)"
suite=bookworm
packages=openjdk-17-jre-headless,procps
java_home="/usr/lib/jvm/java-17-openjdk-$arch"
base_env=("ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
          "ENV JAVA_HOME=$java_home" "ENV LANG=C.UTF-8")
# The base image is rebuilt when any part of its recipe changes; bump recipe_version when the steps below change.
recipe_version=1
recipe_hash=$(printf '%s\n' "$recipe_version" "$suite" "$packages" "$mirror" "$arch" "${base_env[@]}" \
  | sha256sum | cut -c1-12)
base_image="localhost/sft/base-java17:$recipe_hash"

if podman_ image exists "$base_image"; then
  echo "build-images: base image $base_image exists (same recipe): reused"
else
  step "debootstrap $suite ($packages) from $mirror"
  rootfs="$work/rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase --include="$packages" "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || die "debootstrap failed (log: $work/debootstrap.log): $(tail -3 "$work/debootstrap.log")"
  # Package caches and lists are of no use in an image that never runs apt.
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/lib/apt/lists/*
  [[ -x "$rootfs$java_home/bin/java" ]] || die "debootstrap gave no $java_home/bin/java"
  step_done
  step "importing the root filesystem as $base_image"
  changes=()
  for change in "${base_env[@]}" "LABEL dev.sft.recipe=$recipe_hash"; do changes+=(--change "$change"); done
  tar -C "$rootfs" -c . | podman_ import -q "${changes[@]}" - "$base_image" >/dev/null
  rm -rf "$rootfs"
  step_done
fi

# --- The two images --------------------------------------------------------------------------------------------
build() { # DOCKERFILE IMAGE
  step "building $2 from $1"
  local previous
  previous=$(podman_ image inspect --format '{{.Id}}' "$2" 2>/dev/null || true)
  podman_ build "${ulimits[@]}" --network host --build-arg "BASE_IMAGE=$base_image" -f "$repo/$1" -t "$2" "$repo" \
    >"$work/build-$(basename "$(dirname "$1")").log" 2>&1 \
    || die "podman build of $1 failed (log: $work/build-$(basename "$(dirname "$1")").log):
$(tail -15 "$work/build-$(basename "$(dirname "$1")").log")"
  # The image this tag named before is left untagged by a rebuild: remove it (only it; podman refuses if in use).
  if [[ -n "$previous" && "$previous" != "$(podman_ image inspect --format '{{.Id}}' "$2")" ]] \
      && [[ -z "$(podman_ image inspect --format '{{join .RepoTags ","}}' "$previous" 2>/dev/null)" ]]; then
    podman_ rmi "$previous" >/dev/null 2>&1 || true
  fi
  step_done
}
build docker/harness/Dockerfile "$harness_image"
build docker/controller/Dockerfile "$controller_image"

echo "build-images: sizes"
for image in "$base_image" "$harness_image" "$controller_image"; do
  printf '  %-50s %s\n' "$image" "$(podman_ image inspect --format '{{.Size}}' "$image" \
    | awk '{ printf "%.0f MiB (%d bytes)", $1 / 1048576, $1 }')"
done
