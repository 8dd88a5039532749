package dev.sft.e2e.controllers;

import dev.sft.e2e.apimachinery.Selectors;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatus;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simulated StatefulSet controller: pods {@code NAME-0 .. NAME-(n-1)} with {@code hostname} and {@code subdomain}
 * (the governing Service), labelled with their revision ({@code controller-revision-hash}, {@link RevisionHash} of
 * the template). OrderedReady creates pod i only when pods below i are ready; Parallel creates all at once. A changed
 * template rolls the pods one at a time, highest ordinal first, each only when all others are ready (RollingUpdate;
 * OnDelete leaves them). Finished pods are replaced, surplus ones removed highest first. Status: replicas,
 * readyReplicas, availableReplicas, currentReplicas, updatedReplicas, currentRevision, updateRevision,
 * observedGeneration. No ControllerRevision objects, no partitions, no volumeClaimTemplates.
 */
public final class StatefulSetController {
  private final KubernetesClient client;
  private final EventWriter events;
  private final CreateBackoff backoff = new CreateBackoff();

  public StatefulSetController(KubernetesClient client) {
    this.client = client;
    this.events = new EventWriter(client, "statefulset-controller");
  }

  public void sync() {
    List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
    for (StatefulSet set : client.apps().statefulSets().inAnyNamespace().list().getItems()) {
      if (!Selectors.terminating(set)) {
        reconcile(set, pods.stream().filter(p -> Selectors.controlledBy(p, set)).toList());
      }
    }
  }

  private void reconcile(StatefulSet set, List<Pod> owned) {
    String name = set.getMetadata().getName();
    String ns = set.getMetadata().getNamespace();
    int replicas = set.getSpec().getReplicas() == null ? 1 : set.getSpec().getReplicas();
    String updateRevision = name + "-" + RevisionHash.of(set.getSpec().getTemplate());
    Map<Integer, Pod> byOrdinal = new HashMap<>();
    for (Pod pod : owned) {
      int ordinal = ordinal(name, pod.getMetadata().getName());
      if (ordinal >= 0) {
        byOrdinal.put(ordinal, pod);
      }
    }
    boolean parallel = "Parallel".equals(set.getSpec().getPodManagementPolicy());
    for (int i = 0; i < replicas; i++) {
      Pod pod = byOrdinal.get(i);
      if (pod == null) {
        if ((parallel || allReady(byOrdinal, i))
            && backoff.mayTry(set.getMetadata().getUid(), set.getMetadata().getGeneration(), Instant.now())) {
          create(set, i, updateRevision);
        }
        if (!parallel) {
          break;
        }
      } else if (Selectors.finished(pod) && !Selectors.terminating(pod)) {
        delete(pod); // replaced on a later sync
      }
    }
    for (int i = byOrdinal.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1); i >= replicas; i--) {
      Pod surplus = byOrdinal.get(i);
      if (surplus != null && !Selectors.terminating(surplus)) {
        delete(surplus);
        break;
      }
    }
    String strategy = set.getSpec().getUpdateStrategy() == null ? null : set.getSpec().getUpdateStrategy().getType();
    if (!"OnDelete".equals(strategy) && byOrdinal.size() >= replicas
        && byOrdinal.values().stream().noneMatch(Selectors::terminating)) {
      for (int i = replicas - 1; i >= 0; i--) {
        Pod pod = byOrdinal.get(i);
        if (pod != null && !updateRevision.equals(revision(pod))) {
          if (byOrdinal.values().stream().filter(p -> p != pod).allMatch(Selectors::ready)) {
            delete(pod);
          }
          break;
        }
      }
    }
    writeStatus(set, byOrdinal, replicas, updateRevision);
  }

  private void writeStatus(StatefulSet set, Map<Integer, Pod> byOrdinal, int replicas, String updateRevision) {
    StatefulSetStatus old = set.getStatus();
    String currentRevision = old == null || old.getCurrentRevision() == null ? updateRevision
        : old.getCurrentRevision();
    List<Pod> live = byOrdinal.values().stream().filter(p -> !Selectors.terminating(p)).toList();
    long updated = live.stream().filter(p -> updateRevision.equals(revision(p))).count();
    if (updated == replicas && live.size() == replicas) {
      currentRevision = updateRevision;
    }
    String current = currentRevision;
    int ready = (int) live.stream().filter(Selectors::ready).count();
    StatefulSetStatus status = new StatefulSetStatusBuilder()
        .withObservedGeneration(set.getMetadata().getGeneration())
        .withReplicas(live.size()).withReadyReplicas(ready).withAvailableReplicas(ready)
        .withCurrentReplicas((int) live.stream().filter(p -> current.equals(revision(p))).count())
        .withUpdatedReplicas((int) updated).withCurrentRevision(currentRevision).withUpdateRevision(updateRevision)
        .withCollisionCount(0).build();
    if (status.equals(old)) {
      return;
    }
    set.setStatus(status);
    try {
      client.apps().statefulSets().inNamespace(set.getMetadata().getNamespace()).resource(set).updateStatus();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409 && e.getCode() != 404) {
        throw e;
      }
    }
  }

  private void create(StatefulSet set, int ordinal, String revision) {
    String podName = set.getMetadata().getName() + "-" + ordinal;
    Map<String, String> labels = new LinkedHashMap<>();
    if (set.getSpec().getTemplate().getMetadata() != null
        && set.getSpec().getTemplate().getMetadata().getLabels() != null) {
      labels.putAll(set.getSpec().getTemplate().getMetadata().getLabels());
    }
    labels.put("controller-revision-hash", revision);
    labels.put("statefulset.kubernetes.io/pod-name", podName);
    labels.put("apps.kubernetes.io/pod-index", String.valueOf(ordinal));
    Pod pod = new PodBuilder()
        .withNewMetadata().withName(podName).withNamespace(set.getMetadata().getNamespace()).withLabels(labels)
          .withAnnotations(set.getSpec().getTemplate().getMetadata() == null ? null
              : set.getSpec().getTemplate().getMetadata().getAnnotations())
          .withOwnerReferences(Selectors.controllerRef(set))
        .endMetadata()
        .withSpec(new io.fabric8.kubernetes.api.model.PodSpecBuilder(set.getSpec().getTemplate().getSpec())
            .withHostname(podName).withSubdomain(set.getSpec().getServiceName()).build())
        .build();
    String what = "Pod " + podName + " in StatefulSet " + set.getMetadata().getName();
    try {
      client.pods().inNamespace(set.getMetadata().getNamespace()).resource(pod).create();
      backoff.succeeded(set.getMetadata().getUid());
      events.normal(set, "SuccessfulCreate", "create " + what + " successful");
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) { // 409: still there from before (being deleted); created on a later sync
        // As the real controller: a Warning on the StatefulSet, and a retry after a growing back-off.
        backoff.failed(set.getMetadata().getUid(), set.getMetadata().getGeneration(), Instant.now());
        events.warning(set, "FailedCreate", "create " + what + " failed error: " + ApiErrors.message(e));
      }
    }
  }

  private void delete(Pod pod) {
    client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName()).delete();
  }

  private static boolean allReady(Map<Integer, Pod> byOrdinal, int below) {
    for (int i = 0; i < below; i++) {
      Pod pod = byOrdinal.get(i);
      if (pod == null || !Selectors.ready(pod)) {
        return false;
      }
    }
    return true;
  }

  static int ordinal(String setName, String podName) {
    String prefix = setName + "-";
    if (!podName.startsWith(prefix)) {
      return -1;
    }
    try {
      return Integer.parseInt(podName.substring(prefix.length()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String revision(Pod pod) {
    return pod.getMetadata().getLabels() == null ? null : pod.getMetadata().getLabels().get("controller-revision-hash");
  }
}
