/**
 * Admission, as the API server runs it on every pod create (test code under the e2e suite's API server stand-in and
 * fabric8's CRUD mock): {@link dev.sft.e2e.admission.PodAdmission} chains Pod Security (the Pod Security Standards'
 * baseline and restricted checks for namespaces labelled {@code pod-security.kubernetes.io/enforce}), OpenShift's
 * restricted-v2 SecurityContextConstraints, LimitRanger and ResourceQuota, each refusing with the real Status.
 */
package dev.sft.e2e.admission;
