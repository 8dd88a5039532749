// Offline validation of Kubernetes manifests (no API server is needed).
//
//   node validate.mjs --crd CRD.yaml [--crd ...] FILE.yaml [FILE.yaml ...]
//
// Every document of every FILE must be a known object:
//   - a kind served by one of the given CRDs: validated against that CRD's openAPIV3Schema (with Ajv), where, as the
//     API server would prune them silently, fields the schema does not declare are errors here;
//   - any other kind: validated with the kubernetes-models validators for its apiVersion and kind (Kubernetes' own
//     OpenAPI schemas, plus the Prometheus Operator's for monitoring.coreos.com and Argo CD's for argoproj.io, which
//     accepts fields it does not know: argocd.mjs checks the Application fields that matter). An apiVersion/kind with
//     no validator is an error, never a skip.
// A FILE without any object is an error, so an empty render cannot pass.
// Exit code: 0 when every object is valid, 1 otherwise, 2 on bad usage.
// (kubectl apply --dry-run=client is no offline alternative: it fetches the server's OpenAPI document and API group
// list, and fails without an API server.)

import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import Ajv from "ajv";

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function usage(message) {
  console.error(`validate.mjs: ${message}\nusage: node validate.mjs --crd CRD.yaml ... FILE.yaml ...`);
  process.exit(2);
}

function readDocuments(file) {
  return yaml.loadAll(fs.readFileSync(file, "utf8")).filter((doc) => doc !== null && doc !== undefined);
}

/**
 * The CRD's structural schema as a JSON schema for Ajv. Kubernetes extensions are dropped, except that objects
 * without x-kubernetes-preserve-unknown-fields get additionalProperties: false (the API server would prune the
 * unknown field; a typo in an example must fail here instead of vanishing there). CEL rules are counted, not
 * evaluated.
 */
function toJsonSchema(schema, celRules, where) {
  if (Array.isArray(schema)) return schema.map((s, i) => toJsonSchema(s, celRules, `${where}[${i}]`));
  if (schema === null || typeof schema !== "object") return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "x-kubernetes-validations") {
      for (const rule of value) celRules.push(`${where}: ${rule.rule}`);
    } else if (key.startsWith("x-kubernetes-")) {
      // int-or-string comes with its anyOf; preserve-unknown-fields is handled below; the others are list/map
      // semantics that a single document cannot violate.
    } else if (key === "properties" || key === "patternProperties") {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) =>
        [name, toJsonSchema(sub, celRules, `${where}.${name}`)]));
    } else if (key === "description" || key === "default" || key === "example") {
      // Not validation; a default also does not make a required field optional in Kubernetes.
    } else {
      out[key] = toJsonSchema(value, celRules, where);
    }
  }
  if (out.type === "object" && out.properties && out.additionalProperties === undefined
      && !schema["x-kubernetes-preserve-unknown-fields"]) {
    out.additionalProperties = false;
  }
  return out;
}

function loadCrd(file, registry) {
  for (const crd of readDocuments(file)) {
    if (crd.kind !== "CustomResourceDefinition") usage(`${file} holds a ${crd.kind}, not a CustomResourceDefinition`);
    for (const version of crd.spec.versions) {
      const celRules = [];
      const schema = toJsonSchema(version.schema.openAPIV3Schema, celRules, "");
      // Every object carries these; the API server validates metadata itself. A CRD may restrict only metadata's
      // name and generateName, and the API server never prunes metadata: its other fields stay allowed.
      schema.properties = {
        apiVersion: { type: "string" }, kind: { type: "string" }, metadata: { type: "object" },
        ...schema.properties,
      };
      delete schema.properties.metadata.additionalProperties;
      const ajv = new Ajv({ allErrors: true, strict: false });
      registry.set(`${crd.spec.group}/${version.name}/${crd.spec.names.kind}`, {
        validate: ajv.compile(schema), celRules, source: file,
      });
    }
  }
}

// The kubernetes-models package of each API group that is not Kubernetes' own.
const THIRD_PARTY_MODELS = {
  "monitoring.coreos.com": "@kubernetes-models/prometheus-operator",
  "argoproj.io": "@kubernetes-models/argo-cd",
};

async function kubernetesModelsValidator(apiVersion, kind) {
  const group = apiVersion.includes("/") ? apiVersion.split("/")[0] : "";
  const name = `${THIRD_PARTY_MODELS[group] ?? "kubernetes-models"}/${apiVersion}`;
  let module;
  try {
    module = await import(name);
  } catch {
    return null;
  }
  return typeof module[kind] === "function" ? (object) => new module[kind](object).validate() : null;
}

function checkMetadata(object) {
  const problems = [];
  const name = object.metadata?.name;
  if (!name) problems.push("metadata.name is missing");
  else if (!DNS_SUBDOMAIN.test(name) || name.length > 253) problems.push(`metadata.name "${name}" is not a DNS subdomain`);
  const namespace = object.metadata?.namespace;
  if (namespace !== undefined && !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(namespace)) {
    problems.push(`metadata.namespace "${namespace}" is not a DNS label`);
  }
  return problems;
}

async function main() {
  const args = process.argv.slice(2);
  const crds = new Map();
  const files = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--crd") {
      if (!args[i + 1]) usage("--crd needs a file");
      loadCrd(args[++i], crds);
    } else {
      files.push(args[i]);
    }
  }
  if (files.length === 0) usage("no files to validate");

  let valid = 0;
  let invalid = 0;
  const celNoted = new Set();
  for (const file of files) {
    const documents = readDocuments(file);
    if (documents.length === 0) {
      console.error(`FAIL ${file}: no objects`);
      invalid++;
      continue;
    }
    for (const object of documents) {
      const id = `${file}: ${object.apiVersion}/${object.kind} ${object.metadata?.namespace ? object.metadata.namespace + "/" : ""}${object.metadata?.name}`;
      const problems = checkMetadata(object);
      if (!object.apiVersion || !object.kind) {
        problems.push("apiVersion and kind are required");
      } else if (crds.has(`${object.apiVersion}/${object.kind}`)) {
        const crd = crds.get(`${object.apiVersion}/${object.kind}`);
        if (!crd.validate(object)) {
          for (const error of crd.validate.errors) {
            const extra = error.keyword === "additionalProperties" ? ` "${error.params.additionalProperty}"` : "";
            problems.push(`${error.instancePath || "/"} ${error.message}${extra}`);
          }
        }
        if (!celNoted.has(crd.source)) {
          celNoted.add(crd.source);
          console.log(`note: ${crd.celRules.length} CEL rule(s) of ${crd.source} are evaluated by the API server, not here`);
        }
      } else {
        const validate = await kubernetesModelsValidator(object.apiVersion, object.kind);
        if (!validate) {
          problems.push("no schema for this apiVersion/kind");
        } else {
          try {
            validate(object);
          } catch (error) {
            problems.push(error.message);
          }
        }
      }
      if (problems.length === 0) {
        valid++;
        console.log(`ok   ${id}`);
      } else {
        invalid++;
        console.error(`FAIL ${id}\n       ${problems.join("\n       ")}`);
      }
    }
  }
  console.log(`validate: ${valid} valid, ${invalid} invalid object(s) in ${files.length} file(s)`);
  process.exit(invalid === 0 ? 0 : 1);
}

await main();
