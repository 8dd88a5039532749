package dev.sft.e2e.node;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.apimachinery.Timestamps;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.HostIP;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodIP;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A pod's status as a kubelet reports it, from what the {@link PodWorker} knows. Keeps each condition's
 * lastTransitionTime until its status changes, so an unchanged pod gives an equal status (and no write).
 */
final class PodStatusComposer {
  /** What the worker knows about its one container. {@code state} null means not created yet. */
  record Facts(String phase, boolean scheduled, String unschedulableMessage, String podIp, Instant startTime,
      String containerName, String image, String containerId, boolean ready, boolean started, int restartCount,
      ContainerState state, ContainerState lastState) {}

  private final Map<String, String[]> transitions = new HashMap<>();

  PodStatus compose(Facts facts) {
    List<PodCondition> conditions = new ArrayList<>();
    conditions.add(condition("PodScheduled", facts.scheduled(), facts.scheduled() ? null : "Unschedulable",
        facts.unschedulableMessage()));
    if (facts.scheduled()) {
      conditions.add(condition("Initialized", true, null, null));
      String notReady = facts.ready() ? null : "ContainersNotReady";
      String message = facts.ready() ? null : "containers with unready status: [" + facts.containerName() + "]";
      if (Selectors.finishedPhase(facts.phase())) {
        notReady = "PodCompleted";
        message = null;
      }
      conditions.add(condition("ContainersReady", facts.ready(), notReady, message));
      conditions.add(condition("Ready", facts.ready(), notReady, message));
    }
    PodStatusBuilder status = new PodStatusBuilder().withPhase(facts.phase()).withConditions(conditions)
        .withQosClass("Burstable");
    if (facts.scheduled()) {
      status.withHostIP(Kubelet.HOST_IP).withHostIPs(new HostIP(Kubelet.HOST_IP));
    }
    if (facts.startTime() != null) {
      status.withStartTime(Timestamps.time(facts.startTime()));
    }
    if (facts.podIp() != null) {
      status.withPodIP(facts.podIp()).withPodIPs(new PodIP(facts.podIp()));
    }
    if (facts.scheduled() && facts.state() != null) {
      ContainerStatus container = new ContainerStatusBuilder().withName(facts.containerName())
          .withImage(facts.image()).withImageID(facts.image())
          .withContainerID(facts.containerId() == null ? null : "podman://" + facts.containerId())
          .withReady(facts.ready()).withStarted(facts.started()).withRestartCount(facts.restartCount())
          .withState(facts.state()).withLastState(facts.lastState() == null ? new ContainerState() : facts.lastState())
          .build();
      status.withContainerStatuses(container);
    }
    return status.build();
  }

  private PodCondition condition(String type, boolean value, String reason, String message) {
    String status = value ? "True" : "False";
    String[] previous = transitions.get(type);
    if (previous == null || !previous[0].equals(status)) {
      previous = new String[] {status, Timestamps.time(Instant.now())};
      transitions.put(type, previous);
    }
    return new PodConditionBuilder().withType(type).withStatus(status).withReason(reason).withMessage(message)
        .withLastTransitionTime(previous[1]).build();
  }
}
