// What the rendered chart must say, beyond schema validity: the properties the controller and the docs rely on.
//
//   node expect.mjs cluster-wide RENDERED.yaml
//   node expect.mjs namespaced RENDERED.yaml NAMESPACE[,NAMESPACE...]
// (the default values are "namespaced" to the release's namespace)
//
// Exit code 0 when every expectation holds, 1 otherwise.

import fs from "node:fs";
import yaml from "js-yaml";
import { expect, finish } from "./expectations.mjs";

const [mode, file, namespaceList] = process.argv.slice(2);
if (!["cluster-wide", "namespaced"].includes(mode) || !file) {
  console.error("usage: node expect.mjs cluster-wide|namespaced RENDERED.yaml [NAMESPACE,...]");
  process.exit(2);
}
// What an install creates; helm test hooks (templates/tests/) exist only while `helm test` runs and run.sh checks them.
const objects = yaml.loadAll(fs.readFileSync(file, "utf8")).filter(Boolean)
  .filter((o) => !o.metadata?.annotations?.["helm.sh/hook"]);
const ofKind = (kind) => objects.filter((o) => o.kind === kind);

// What the controller does (controller/src/main/java/dev/sft/controller: ChildResources, the owned-resource classes, the
// observers, StatusWriter, EventRecorder, the informers of SchedulerFailureTestReconciler).
const CONTROLLER_NEEDS = [
  ["sft.dev", "schedulerfailuretests", ["get", "list", "watch"]],
  ["sft.dev", "schedulerfailuretests/status", ["update"]],
  ["", "persistentvolumeclaims", ["get", "create", "update", "delete"]],
  ["", "services", ["get", "create", "update", "delete"]],
  ["", "serviceaccounts", ["get", "create", "update", "delete"]],
  ["rbac.authorization.k8s.io", "roles", ["get", "create", "update", "delete"]],
  ["rbac.authorization.k8s.io", "rolebindings", ["get", "create", "update", "delete"]],
  ["networking.k8s.io", "networkpolicies", ["get", "create", "update", "delete"]],
  ["policy", "poddisruptionbudgets", ["get", "create", "update", "delete"]],
  ["apps", "statefulsets", ["get", "list", "watch", "create", "update", "delete"]],
  ["batch", "jobs", ["get", "list", "watch", "create", "delete"]],
  ["", "pods", ["get", "list"]],
  ["", "resourcequotas", ["get", "list"]],
  ["", "events", ["get", "create", "update", "list"]],
];
// What the controller grants each test's harness (HarnessRole). Kubernetes refuses to let the controller
// create a Role with permissions it does not hold itself.
const HARNESS_ROLE = [
  ["", "pods", ["get", "list", "watch"]],
  ["", "pods/exec", ["create", "get"]],
];
// Owner references with blockOwnerDeletion need update on the owner's finalizers (OwnerReferencesPermissionEnforcement).
const OWNER_FINALIZERS = [["sft.dev", "schedulerfailuretests/finalizers", ["update"]]];
// Leader election (ops/LeaderLease): exactly these, on the release's Lease, in the release's namespace only.
const LEASE_RULES = [
  { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: ["create"] },
  { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: ["get", "update", "patch"] },
];
const CONTROLLER_LABEL = ["app.kubernetes.io/name", "sft-controller"];
const NAMESPACES_ENV = "QUARKUS_OPERATOR_SDK_CONTROLLERS__SCHEDULERFAILURETEST__NAMESPACES";

function allows(rules, group, resource, verb) {
  return (rules || []).some((rule) => !rule.resourceNames
    && (rule.apiGroups || []).includes(group)
    && (rule.resources || []).includes(resource)
    && (rule.verbs || []).some((v) => v === verb || v === "*"));
}
function expectRules(where, rules) {
  for (const [group, resource, verbs] of [...CONTROLLER_NEEDS, ...HARNESS_ROLE]) {
    const missing = verbs.filter((verb) => !allows(rules, group, resource, verb));
    expect(`${where} allows ${verbs.join(",")} on ${group || "core"}/${resource}`, missing.length === 0,
      `missing: ${missing.join(",")}`);
  }
  const wildcard = (rules || []).some((r) => [r.verbs, r.resources, r.apiGroups].some((l) => (l || []).includes("*")));
  expect(`${where} has no wildcard rule`, !wildcard);
  // Least privilege: every verb granted is one the controller uses or grants its harness.
  const needed = [...CONTROLLER_NEEDS, ...HARNESS_ROLE, ...OWNER_FINALIZERS];
  const extra = (rules || []).flatMap((r) => (r.apiGroups || []).flatMap((g) => (r.resources || []).flatMap((res) =>
    (r.verbs || []).filter((v) => !needed.some(([ng, nr, nv]) => ng === g && nr === res && nv.includes(v)))
      .map((v) => `${v} on ${g || "core"}/${res}`))));
  expect(`${where} grants no verb the controller never uses`, extra.length === 0, `unused: ${extra.join(", ")}`);
}

// The Deployment.
const deployments = ofKind("Deployment");
expect("exactly one Deployment", deployments.length === 1, `found ${deployments.length}`);
const deployment = deployments[0];
const pod = deployment?.spec?.template;
const container = pod?.spec?.containers?.[0];
const env = Object.fromEntries((container?.env || []).map((e) => [e.name, e.value]));
expect("one controller replica by default, rolled without stopping first (leader election)",
  deployment?.spec?.replicas === 1 && deployment?.spec?.strategy?.type === "RollingUpdate");
expect(`pods labelled ${CONTROLLER_LABEL.join("=")} (each test's NetworkPolicy admits the master probe from it)`,
  pod?.metadata?.labels?.[CONTROLLER_LABEL[0]] === CONTROLLER_LABEL[1]);
const selector = deployment?.spec?.selector?.matchLabels || {};
expect("the selector matches the pod template",
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => pod?.metadata?.labels?.[k] === v));
const port = (container?.ports || []).find((p) => p.name === "http");
expect("container port http is 8080", port?.containerPort === 8080);
for (const [probe, path] of [["startupProbe", "/q/health/started"], ["livenessProbe", "/q/health/live"],
  ["readinessProbe", "/q/health/ready"]]) {
  expect(`${probe} GETs ${path} on port http`,
    container?.[probe]?.httpGet?.path === path && container?.[probe]?.httpGet?.port === "http");
}
const podSecurity = pod?.spec?.securityContext || {};
const containerSecurity = container?.securityContext || {};
expect("restricted: runAsNonRoot with a non-zero UID", podSecurity.runAsNonRoot === true && podSecurity.runAsUser > 0);
expect("restricted: seccomp RuntimeDefault", podSecurity.seccompProfile?.type === "RuntimeDefault");
expect("restricted: no privilege escalation, every capability dropped",
  containerSecurity.allowPrivilegeEscalation === false
  && (containerSecurity.capabilities?.drop || []).includes("ALL"));
expect("read-only root filesystem with a writable /tmp", containerSecurity.readOnlyRootFilesystem === true
  && (container?.volumeMounts || []).some((m) => m.mountPath === "/tmp"));
expect("memory and CPU requests, memory limit",
  container?.resources?.requests?.memory && container?.resources?.requests?.cpu && container?.resources?.limits?.memory);
expect("the heap follows the memory limit (JAVA_TOOL_OPTIONS)", /MaxRAMPercentage/.test(env.JAVA_TOOL_OPTIONS || ""));
expect("the chart's JVM options are one line for the JVM (no newline from the folded YAML)",
  !/\n/.test(env.JAVA_TOOL_OPTIONS || "") && /-Xss256k/.test(env.JAVA_TOOL_OPTIONS || ""));
expect("glibc malloc arenas are bounded (MALLOC_ARENA_MAX, bench/RESULTS.md)", /^[1-9][0-9]*$/.test(env.MALLOC_ARENA_MAX || ""));
const controllerNamespace = (container?.env || []).find((e) => e.name === "SFT_CONTROLLER_NAMESPACE");
expect("SFT_CONTROLLER_NAMESPACE comes from the downward API (each test's NetworkPolicy admits that namespace)",
  controllerNamespace?.valueFrom?.fieldRef?.fieldPath === "metadata.namespace");
expect("SFT_LEADER_LEASE_NAME is the release's full name (two releases in a namespace never share a Lease)",
  env.SFT_LEADER_LEASE_NAME === deployment?.metadata?.name, `got ${env.SFT_LEADER_LEASE_NAME}`);
const serviceAccounts = ofKind("ServiceAccount");
expect("the pod runs as the chart's ServiceAccount",
  serviceAccounts.some((sa) => sa.metadata.name === pod?.spec?.serviceAccountName));

// The CRD read at start-up, in both modes.
const crdReader = ofKind("ClusterRole").find((r) => r.metadata.name.endsWith("-crd-reader"));
expect("a ClusterRole reads exactly the sft CRD", crdReader?.rules?.length === 1
  && crdReader.rules[0].resources.includes("customresourcedefinitions")
  && JSON.stringify(crdReader.rules[0].resourceNames) === JSON.stringify(["schedulerfailuretests.sft.dev"])
  && JSON.stringify(crdReader.rules[0].verbs) === JSON.stringify(["get"]));
expect("the CRD is rendered (helm installs it from crds/)", ofKind("CustomResourceDefinition")
  .some((c) => c.metadata.name === "schedulerfailuretests.sft.dev"));

function bindsToServiceAccount(binding) {
  return (binding.subjects || []).some((s) => s.kind === "ServiceAccount"
    && s.name === pod?.spec?.serviceAccountName && s.namespace === deployment?.metadata?.namespace);
}

// The leader Lease's Role, in both modes; the other Roles are the controller's per watched namespace.
const leaseRoles = ofKind("Role").filter((r) => (r.rules || []).some((rule) => (rule.resources || []).includes("leases")));
const leaseRole = leaseRoles[0];
expect("one Role grants the Lease, in the release's namespace", leaseRoles.length === 1
  && leaseRole.metadata.namespace === deployment?.metadata?.namespace);
expect("the Lease Role grants exactly create, and get, update and patch on the release's Lease only",
  JSON.stringify((leaseRole?.rules || []).map(({ apiGroups, resources, verbs }) => ({ apiGroups, resources, verbs })))
    === JSON.stringify(LEASE_RULES)
  && !leaseRole.rules[0].resourceNames
  && JSON.stringify(leaseRole.rules[1].resourceNames) === JSON.stringify([env.SFT_LEADER_LEASE_NAME]),
  JSON.stringify(leaseRole?.rules));
expect("a RoleBinding of the Lease Role to the ServiceAccount", ofKind("RoleBinding")
  .some((b) => b.metadata.namespace === leaseRole?.metadata?.namespace && b.roleRef.kind === "Role"
    && b.roleRef.name === leaseRole?.metadata?.name && bindsToServiceAccount(b)));
const controllerRoles = ofKind("Role").filter((r) => r !== leaseRole);

if (mode === "cluster-wide") {
  const clusterRole = ofKind("ClusterRole").find((r) => !r.metadata.name.endsWith("-crd-reader"));
  expect("a ClusterRole for the controller", Boolean(clusterRole));
  expectRules("the ClusterRole", clusterRole?.rules);
  expect("a ClusterRoleBinding of it to the ServiceAccount", ofKind("ClusterRoleBinding")
    .some((b) => b.roleRef.name === clusterRole?.metadata?.name && bindsToServiceAccount(b)));
  expect("no namespaced Role but the Lease's", controllerRoles.length === 0);
  expect(`no ${NAMESPACES_ENV} (every namespace)`, !(NAMESPACES_ENV in env));
} else {
  const namespaces = (namespaceList || "").split(",").filter(Boolean);
  expect("namespaces to check were given", namespaces.length > 0);
  expect("no ClusterRole but the CRD reader", ofKind("ClusterRole").every((r) => r === crdReader));
  for (const namespace of namespaces) {
    const role = controllerRoles.find((r) => r.metadata.namespace === namespace);
    expect(`a Role in ${namespace}`, Boolean(role));
    expectRules(`the Role in ${namespace}`, role?.rules);
    expect(`a RoleBinding in ${namespace} to the ServiceAccount`, ofKind("RoleBinding")
      .some((b) => b.metadata.namespace === namespace && b.roleRef.kind === "Role"
        && b.roleRef.name === role?.metadata?.name && bindsToServiceAccount(b)));
  }
  expect("no Role outside the watched namespaces",
    controllerRoles.every((r) => namespaces.includes(r.metadata.namespace)));
  expect(`${NAMESPACES_ENV} lists exactly the watched namespaces`,
    env[NAMESPACES_ENV] === namespaces.join(","), `got ${env[NAMESPACES_ENV]}`);
}
if (mode === "namespaced" && namespaceList !== deployment?.metadata?.namespace) {
  expect("the master-probe URL template reaches the controller", /\{service\}/.test(env.SFT_MASTER_PROBE_URL_TEMPLATE || ""));
  const policy = ofKind("NetworkPolicy")[0];
  expect("the NetworkPolicy selects the controller's pods", Boolean(policy) && Object.entries(
    policy.spec.podSelector.matchLabels).every(([k, v]) => pod?.metadata?.labels?.[k] === v));
  const monitor = ofKind("PodMonitor")[0];
  expect("the PodMonitor selects the controller's pods and scrapes /q/metrics on port http", Boolean(monitor)
    && Object.entries(monitor.spec.selector.matchLabels).every(([k, v]) => pod?.metadata?.labels?.[k] === v)
    && monitor.spec.podMetricsEndpoints.some((e) => e.path === "/q/metrics" && e.port === "http"));
}

finish(`expect (${mode})`);
