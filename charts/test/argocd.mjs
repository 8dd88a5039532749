// What the Argo CD Applications under gitops/argocd/ must get right beyond their schema (validate.mjs checks that):
// a chart Application renders the chart from a path of this repository with its values, and a tests Application
// selects, by Argo CD's own rules, files holding only SchedulerFailureTests in a namespace the chart's controller
// watches, and follows the CRD.
//
//   node argocd.mjs REPO_ROOT HELM APPLICATION.yaml [APPLICATION.yaml ...]
//
// Exit code 0 when every expectation holds, 1 otherwise, 2 on bad usage.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import yaml from "js-yaml";
import { expect, finish } from "./expectations.mjs";

const [root, helm, ...files] = process.argv.slice(2);
if (!root || !helm || files.length === 0) {
  console.error("usage: node argocd.mjs REPO_ROOT HELM APPLICATION.yaml ...");
  process.exit(2);
}
const CHART_NAME = "sft-operator";
const TEST_API_VERSION = "sft.dev/v1alpha1";
const TEST_KIND = "SchedulerFailureTest";
// Kubernetes refuses an object whose annotations exceed 256 KiB; a client-side apply stores the whole object in one.
const ANNOTATIONS_LIMIT = 262144;
// The files a directory source reads (Argo CD's reposerver: manifestFile).
const MANIFEST_FILE = /\.(yaml|yml|json|jsonnet)$/;


/**
 * A directory source's include or exclude pattern as a RegExp. Argo CD matches it against the path relative to the
 * source's path with gobwas/glob and no separators: `*` also crosses `/`; `?`, `[...]`, `[!...]` and `{a,b}` as usual.
 */
function globToRegExp(pattern) {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\" && i + 1 < pattern.length) out += `\\${pattern[++i]}`;
    else if (c === "*") out += ".*";
    else if (c === "?") out += ".";
    else if (c === "{") out += "(?:";
    else if (c === "}") out += ")";
    else if (c === ",") out += pattern.lastIndexOf("{", i) > pattern.lastIndexOf("}", i) ? "|" : ",";
    else if (c === "[") {
      const end = pattern.indexOf("]", i + 1);
      const body = pattern.slice(i + 1, end);
      out += `[${body.startsWith("!") ? `^${body.slice(1)}` : body}]`;
      i = end;
    } else out += c.replace(/[.+^$()|]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** The files, relative to the source's path, that a directory source applies (Argo CD's findManifests). */
function selectedFiles(sourceDir, directory = {}) {
  const include = directory.include ? globToRegExp(directory.include) : null;
  const exclude = directory.exclude ? globToRegExp(directory.exclude) : null;
  const selected = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (directory.recurse) walk(full);
        continue;
      }
      const relative = path.relative(sourceDir, full);
      if (!MANIFEST_FILE.test(entry.name) || exclude?.test(relative) || (include && !include.test(relative))) continue;
      selected.push(relative);
    }
  };
  walk(sourceDir);
  return selected;
}

const syncOptions = (app) => app.spec?.syncPolicy?.syncOptions ?? [];
const wave = (app) => Number(app.metadata?.annotations?.["argocd.argoproj.io/sync-wave"] ?? 0);
// A source path inside the repository (Argo CD refuses one that leaves it), or null.
const inRepo = (relative) => {
  const top = path.resolve(root);
  const resolved = path.resolve(top, relative ?? "");
  return resolved === top || resolved.startsWith(top + path.sep) ? resolved : null;
};

const applications = files.flatMap((file) => yaml.loadAll(fs.readFileSync(file, "utf8")).filter(Boolean)
  .filter((o) => o.kind === "Application").map((app) => ({ app, file })));
const charts = applications.filter(({ app }) => app.spec?.source?.helm || app.spec?.source?.chart);
const tests = applications.filter(({ app }) => app.spec?.source?.directory);
expect("a chart Application and a tests Application", charts.length > 0 && tests.length > 0,
  `found ${charts.length} chart and ${tests.length} tests Application(s) in ${files.join(", ")}`);
expect("every Application is a chart or a tests Application", charts.length + tests.length === applications.length);

// The chart: the namespaces its controller watches, from what it renders.
const watched = [];
for (const { app, file } of charts) {
  const name = `${file} (${app.metadata.name})`;
  const source = app.spec.source;
  const chartDir = inRepo(source.path);
  const chartYaml = chartDir && path.join(chartDir, "Chart.yaml");
  const chart = chartYaml && fs.existsSync(chartYaml) ? yaml.load(fs.readFileSync(chartYaml, "utf8")) : null;
  expect(`${name}: path ${source.path} is the ${CHART_NAME} chart of this repository`, chart?.name === CHART_NAME,
    chart ? `the chart there is ${chart.name}` : "no Chart.yaml there");
  const namespace = app.spec.destination?.namespace;
  expect(`${name}: CreateNamespace=true (the release namespace ${namespace} need not exist)`,
    syncOptions(app).includes("CreateNamespace=true"));
  if (!chart) continue;

  // Argo CD renders with helm template: the values must pass the chart's schema and render the CRD.
  const valuesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "argocd-values-")), "values.yaml");
  fs.writeFileSync(valuesFile, yaml.dump(source.helm?.valuesObject ?? {}));
  let rendered = [];
  try {
    rendered = yaml.loadAll(execFileSync(helm, ["template", source.helm?.releaseName ?? app.metadata.name, chartDir,
      "--namespace", namespace, "--include-crds", "--skip-tests", "--values", valuesFile],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })).filter(Boolean);
    expect(`${name}: the chart renders with the Application's values`, true);
  } catch (error) {
    expect(`${name}: the chart renders with the Application's values`, false, String(error.stderr || error.message));
  }
  const crd = rendered.find((o) => o.kind === "CustomResourceDefinition");
  expect(`${name}: the render holds the CRD`, Boolean(crd));
  const crdBytes = Buffer.byteLength(JSON.stringify(crd ?? {}));
  expect(`${name}: ServerSideApply=true, or the CRD (${crdBytes} bytes) fits a client-side apply's annotation`,
    syncOptions(app).includes("ServerSideApply=true") || crdBytes < ANNOTATIONS_LIMIT,
    `the last-applied annotation would exceed ${ANNOTATIONS_LIMIT} bytes: add ServerSideApply=true`);

  const env = rendered.find((o) => o.kind === "Deployment")?.spec?.template?.spec?.containers?.[0]?.env ?? [];
  const listed = env.find((e) => e.name === "QUARKUS_OPERATOR_SDK_CONTROLLERS__SCHEDULERFAILURETEST__NAMESPACES");
  const clusterWide = rendered.some((o) => o.kind === "ClusterRoleBinding" && !o.metadata.name.endsWith("-crd-reader"));
  watched.push({ app, all: clusterWide && !listed, namespaces: listed ? listed.value.split(",") : [namespace] });
}

for (const { app, file } of tests) {
  const name = `${file} (${app.metadata.name})`;
  const source = app.spec.source;
  const sourceDir = inRepo(source.path);
  const isDir = sourceDir !== null && fs.existsSync(sourceDir) && fs.statSync(sourceDir).isDirectory();
  expect(`${name}: path ${source.path} is a folder of this repository`, isDir);
  if (!isDir) continue;
  const selected = selectedFiles(sourceDir, source.directory);
  expect(`${name}: selects at least one file`, selected.length > 0);
  const namespace = app.spec.destination?.namespace;
  for (const relative of selected) {
    const where = `${source.path}/${relative}`;
    let objects = [];
    try {
      objects = yaml.loadAll(fs.readFileSync(path.join(sourceDir, relative), "utf8")).filter(Boolean);
    } catch (error) {
      expect(`${name}: ${where} parses`, false, error.message);
      continue;
    }
    const others = objects.filter((o) => o.apiVersion !== TEST_API_VERSION || o.kind !== TEST_KIND);
    expect(`${name}: ${where} holds only ${TEST_KIND}s`, objects.length > 0 && others.length === 0,
      objects.length === 0 ? "no object" : `also: ${others.map((o) => `${o.apiVersion}/${o.kind}`).join(", ")}`);
    // A status in Git is no desired state: the API server drops it (status subresource) and the controller owns it.
    expect(`${name}: ${where} carries no status`, objects.every((o) => o.status === undefined));
    expect(`${name}: ${where} names no namespace but the destination's (${namespace})`,
      objects.every((o) => o.metadata?.namespace === undefined || o.metadata.namespace === namespace));
  }
  expect(`${name}: the destination namespace ${namespace} is watched by a chart Application's controller`,
    watched.some((w) => w.all || w.namespaces.includes(namespace)),
    `watched: ${watched.map((w) => (w.all ? "every namespace" : w.namespaces.join(","))).join("; ") || "none"}`);
  expect(`${name}: SkipDryRunOnMissingResource=true (the CRD may not be installed yet)`,
    syncOptions(app).includes("SkipDryRunOnMissingResource=true"));
  expect(`${name}: an automated sync retries (a sync before the CRD exists fails)`,
    !app.spec.syncPolicy?.automated || Boolean(app.spec.syncPolicy.retry));
  expect(`${name}: a later sync wave than the chart Application(s)`, charts.every(({ app: c }) => wave(c) < wave(app)));
}

finish(`argocd`);
