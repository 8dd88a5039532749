package dev.sft.e2e.controllers;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.apimachinery.Timestamps;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentCondition;
import io.fabric8.kubernetes.api.model.apps.DeploymentConditionBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatus;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simulated Deployment controller, without ReplicaSets (the pods are owned by the Deployment itself): keeps
 * {@code replicas} pods of the current template ({@code pod-template-hash} label), replacing pods that are deleted
 * or finished. A changed template starts the new pods first and deletes the old ones once the new are all ready
 * (a surge of 100 %, none unavailable). Status: replicas, updatedReplicas, readyReplicas, availableReplicas,
 * unavailableReplicas, observedGeneration, conditions Available and Progressing. A pod refused by the API server is a
 * {@code FailedCreate} Event on the Deployment, retried after a back-off. (A container that exits is restarted in its
 * pod by the kubelet, as restartPolicy Always says.)
 */
public final class DeploymentController {
  static final String HASH_LABEL = "pod-template-hash";
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private final KubernetesClient client;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, String[]> transitions = new java.util.HashMap<>();
  /** Refusals as the ReplicaSet controller reports them, but on the Deployment: there are no ReplicaSets here. */
  private final EventWriter events;
  private final CreateBackoff backoff = new CreateBackoff();

  public DeploymentController(KubernetesClient client) {
    this.client = client;
    this.events = new EventWriter(client, "replicaset-controller");
  }

  public void sync() {
    List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
    for (Deployment deployment : client.apps().deployments().inAnyNamespace().list().getItems()) {
      if (!Selectors.terminating(deployment)) {
        reconcile(deployment, pods.stream().filter(p -> Selectors.controlledBy(p, deployment)
            && !Selectors.terminating(p)).toList());
      }
    }
  }

  private void reconcile(Deployment deployment, List<Pod> owned) {
    int replicas = deployment.getSpec().getReplicas() == null ? 1 : deployment.getSpec().getReplicas();
    String hash = RevisionHash.of(deployment.getSpec().getTemplate());
    for (Pod pod : owned) {
      if (Selectors.finished(pod)) {
        delete(pod);
      }
    }
    List<Pod> live = owned.stream().filter(p -> !Selectors.finished(p)).toList();
    List<Pod> current = live.stream().filter(p -> hash.equals(label(p))).toList();
    List<Pod> old = live.stream().filter(p -> !hash.equals(label(p))).toList();
    String uid = deployment.getMetadata().getUid();
    Long generation = deployment.getMetadata().getGeneration();
    for (int i = current.size(); i < replicas && backoff.mayTry(uid, generation, Instant.now()); i++) {
      create(deployment, hash);
    }
    for (int i = current.size() - 1; i >= replicas; i--) {
      delete(current.get(i));
    }
    long readyCurrent = current.stream().filter(Selectors::ready).count();
    if (readyCurrent >= replicas) {
      old.forEach(this::delete);
    }
    int ready = (int) live.stream().filter(Selectors::ready).count();
    boolean available = readyCurrent >= replicas;
    String key = Selectors.key(deployment);
    DeploymentStatus status = new DeploymentStatusBuilder()
        .withObservedGeneration(deployment.getMetadata().getGeneration())
        .withReplicas(live.size()).withUpdatedReplicas(current.size())
        .withReadyReplicas(ready == 0 ? null : ready).withAvailableReplicas(ready == 0 ? null : ready)
        .withUnavailableReplicas(live.size() - ready <= 0 ? null : live.size() - ready)
        .withConditions(condition(key, "Available", available,
                available ? "MinimumReplicasAvailable" : "MinimumReplicasUnavailable",
                available ? "Deployment has minimum availability." : "Deployment does not have minimum availability."),
            condition(key, "Progressing", true, available && old.isEmpty() ? "NewReplicaSetAvailable"
                : "ReplicaSetUpdated", "Deployment " + deployment.getMetadata().getName() + " is progressing."))
        .build();
    if (status.equals(deployment.getStatus())) {
      return;
    }
    deployment.setStatus(status);
    try {
      client.apps().deployments().inNamespace(deployment.getMetadata().getNamespace()).resource(deployment)
          .updateStatus();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409 && e.getCode() != 404) {
        throw e;
      }
    }
  }

  private DeploymentCondition condition(String key, String type, boolean value, String reason, String message) {
    String status = value ? "True" : "False";
    String[] previous = transitions.get(key + "/" + type + "/" + reason);
    if (previous == null || !previous[0].equals(status)) {
      previous = new String[] {status, Timestamps.time(Instant.now())};
      transitions.put(key + "/" + type + "/" + reason, previous);
    }
    return new DeploymentConditionBuilder().withType(type).withStatus(status).withReason(reason).withMessage(message)
        .withLastUpdateTime(previous[1]).withLastTransitionTime(previous[1]).build();
  }

  private void create(Deployment deployment, String hash) {
    Map<String, String> labels = new LinkedHashMap<>();
    var template = deployment.getSpec().getTemplate();
    if (template.getMetadata() != null && template.getMetadata().getLabels() != null) {
      labels.putAll(template.getMetadata().getLabels());
    }
    labels.put(HASH_LABEL, hash);
    Pod pod = new PodBuilder()
        .withNewMetadata().withName(deployment.getMetadata().getName() + "-" + hash + "-" + suffix())
          .withNamespace(deployment.getMetadata().getNamespace()).withLabels(labels)
          .withAnnotations(template.getMetadata() == null ? null : template.getMetadata().getAnnotations())
          .withOwnerReferences(Selectors.controllerRef(deployment))
        .endMetadata()
        .withSpec(template.getSpec())
        .build();
    try {
      client.pods().inNamespace(deployment.getMetadata().getNamespace()).resource(pod).create();
      backoff.succeeded(deployment.getMetadata().getUid());
    } catch (KubernetesClientException e) {
      backoff.failed(deployment.getMetadata().getUid(), deployment.getMetadata().getGeneration(), Instant.now());
      events.warning(deployment, "FailedCreate", "Error creating: " + ApiErrors.message(e));
    }
  }

  private void delete(Pod pod) {
    client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName()).delete();
  }

  private static String label(Pod pod) {
    return pod.getMetadata().getLabels() == null ? null : pod.getMetadata().getLabels().get(HASH_LABEL);
  }

  private String suffix() {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      out.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return out.toString();
  }
}
