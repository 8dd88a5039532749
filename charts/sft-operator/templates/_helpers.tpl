{{/* Name prefix of every object of this release. */}}
{{- define "sft-operator.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/*
Name of an object that may live outside the release's namespace (ClusterRoles and their bindings, the Roles in
watched namespaces): prefixed with the release's namespace, so two releases of one name in two namespaces (a staging
and a production operator) never claim the same object. RBAC names may be 253 characters long.
*/}}
{{- define "sft-operator.sharedName" -}}
{{- printf "%s-%s" .Release.Namespace (include "sft-operator.fullname" .) -}}
{{- end -}}

{{- define "sft-operator.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "sft-operator.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
Selector labels. app.kubernetes.io/name must stay "sft-controller": each test's NetworkPolicy admits the
controller's readiness probe (to the Spark master's port 8080) only from pods with that label
(Names.CONTROLLER_NAME_LABEL / CONTROLLER_NAME in the controller).
*/}}
{{- define "sft-operator.selectorLabels" -}}
app.kubernetes.io/name: sft-controller
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/*
The namespaces the controller watches, comma-separated: watchNamespaces, else the release's namespace; empty when
watchAllNamespaces (every namespace).
*/}}
{{- define "sft-operator.watchNamespaces" -}}
{{- if .Values.watchAllNamespaces -}}
{{- if .Values.watchNamespaces -}}
{{- fail "set either watchAllNamespaces or watchNamespaces, not both" -}}
{{- end -}}
{{- else -}}
{{- join "," (.Values.watchNamespaces | default (list .Release.Namespace)) -}}
{{- end -}}
{{- end -}}

{{- define "sft-operator.labels" -}}
{{ include "sft-operator.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/component: controller
app.kubernetes.io/part-of: sft
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/*
What the controller does, as RBAC rules; the same list serves the ClusterRole (every namespace) and each
namespace's Role (watchNamespaces). Kept in step with controller/src/main/java/dev/sft/controller (docs/operator.md,
"What the controller creates").
*/}}
{{- define "sft-operator.rules" -}}
# Watches tests; writes only their status (StatusWriter: update on /status).
- apiGroups: [sft.dev]
  resources: [schedulerfailuretests]
  verbs: [get, list, watch]
- apiGroups: [sft.dev]
  resources: [schedulerfailuretests/status]
  verbs: [update]
# Children carry an owner reference with blockOwnerDeletion; clusters enforcing OwnerReferencesPermissionEnforcement
# require update on the owner's finalizers for that.
- apiGroups: [sft.dev]
  resources: [schedulerfailuretests/finalizers]
  verbs: [update]
# The objects each test owns, read by name and created, updated or deleted one by one (ChildResources), never listed.
- apiGroups: [""]
  resources: [services, persistentvolumeclaims, serviceaccounts]
  verbs: [get, create, update, delete]
- apiGroups: [networking.k8s.io]
  resources: [networkpolicies]
  verbs: [get, create, update, delete]
- apiGroups: [rbac.authorization.k8s.io]
  resources: [roles, rolebindings]
  verbs: [get, create, update, delete]
# The run's PodDisruptionBudget over its master and worker pods (SparkDisruptionBudget).
- apiGroups: [policy]
  resources: [poddisruptionbudgets]
  verbs: [get, create, update, delete]
# StatefulSets and Jobs are also watched (the reconciler's informers) and Jobs listed (a test's Jobs of other runs);
# a Job is never updated, only created once and deleted.
- apiGroups: [apps]
  resources: [statefulsets]
  verbs: [get, list, watch, create, update, delete]
- apiGroups: [batch]
  resources: [jobs]
  verbs: [get, list, watch, create, delete]
# Reads harness and storage-check pods' termination messages. Also what the harness Role grants (watch: fabric8's exec
# waits for the pod with a list and a watch): Kubernetes lets the controller create
# a Role only with permissions it holds itself (no escalate/bind verbs are granted here).
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list, watch]
# Held only so that it can be granted to each test's harness, on that test's worker pod names; the controller
# never execs into a pod itself.
- apiGroups: [""]
  resources: [pods/exec]
  verbs: [create, get]
# Before a run starts, the namespace's ResourceQuotas are read to refuse a run that cannot fit (QuotaCheck); never
# changed.
- apiGroups: [""]
  resources: [resourcequotas]
  verbs: [get, list]
# One Event per transition or failure (EventRecorder creates core/v1 Events, and reads and updates one by name to
# count a repeat); the Events of the test's own claim, StatefulSets and Jobs are listed, selected by involvedObject,
# for ClaimPending and PodsNotStarting/PodsCannotStart (ObjectEvents).
- apiGroups: [""]
  resources: [events]
  verbs: [get, list, create, update]
{{- end -}}
