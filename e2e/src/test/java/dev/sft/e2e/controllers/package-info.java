/**
 * The simulated controller manager: test code, openly a simulation, never part of the product. Each controller is a
 * client of an API server that lists what it owns and writes what Kubernetes' own controller would: the
 * StatefulSet, Job and Deployment controllers, the disruption controller (PodDisruptionBudget status, which the API
 * server stand-in's eviction subresource reads), the garbage collector (ownerReferences) and the claim binder (with
 * the provisioner of {@link dev.sft.e2e.storage.ClaimFolders}).
 *
 * <p>Not simulated: ControllerRevision and ReplicaSet objects, StatefulSet partitions and volumeClaimTemplates, Job
 * suspend, indexes, pod failure policies and restarts counted towards backoffLimit under restartPolicy OnFailure,
 * foreground/orphan deletion, and namespace deletion of contents.
 */
package dev.sft.e2e.controllers;
