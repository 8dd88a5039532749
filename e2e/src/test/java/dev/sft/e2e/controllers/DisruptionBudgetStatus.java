package dev.sft.e2e.controllers;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.apimachinery.Timestamps;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The disruption controller's arithmetic (kube-controller-manager, {@code pkg/controller/disruption}: {@code trySync},
 * {@code getExpectedPodCount}, {@code countHealthyPods}, {@code buildDisruptedPodMap}, {@code updatePdbStatus}): the
 * status of a PodDisruptionBudget from the pods its selector matches. No I/O; {@link DisruptionController} reads and
 * writes.
 *
 * <ul>
 *   <li>{@code expectedPods}: with {@code maxUnavailable} or a percentage {@code minAvailable}, the sum of the scales
 *       ({@code spec.replicas}) of the matched pods' controllers, each counted once; pods without a controller are left
 *       out; with an integer {@code minAvailable}, the number of matched pods;</li>
 *   <li>{@code desiredHealthy}: {@code expectedPods - maxUnavailable} (a percentage rounded up, never below 0), or
 *       {@code minAvailable} (a percentage of {@code expectedPods}, rounded up);</li>
 *   <li>{@code currentHealthy}: matched pods that are Ready, not being deleted, and not in {@code disruptedPods} for
 *       less than {@link #DELETION_TIMEOUT};</li>
 *   <li>{@code disruptionsAllowed}: {@code currentHealthy - desiredHealthy}, 0 when that is negative or when no pod is
 *       expected;</li>
 *   <li>the {@code DisruptionAllowed} condition: True {@code SufficientPods} when disruptions are allowed, else False
 *       {@code InsufficientPods}; False {@code SyncFailed} when a pod's controller has no scale.</li>
 * </ul>
 */
public final class DisruptionBudgetStatus {
  /** How long an approved eviction keeps its pod out of {@code currentHealthy} while it is not yet deleted. */
  public static final Duration DELETION_TIMEOUT = Duration.ofMinutes(2);
  public static final String DISRUPTION_ALLOWED = "DisruptionAllowed";

  private DisruptionBudgetStatus() {}

  /** The scale ({@code spec.replicas}) of a pod's controller; empty when that kind has none (e.g. a Job). */
  public interface Scales {
    Optional<Integer> of(String namespace, OwnerReference controller);
  }

  /** The controller could not count the expected pods; its message is the condition's. */
  public static final class SyncFailed extends Exception {
    SyncFailed(String message) {
      super(message);
    }
  }

  /**
   * Whether the budget covers {@code pod}: same namespace and a selector that matches its labels. A budget with no
   * or an empty selector covers nothing (the eviction subresource and the controller agree on this).
   */
  public static boolean covers(PodDisruptionBudget pdb, Pod pod) {
    LabelSelector selector = pdb.getSpec() == null ? null : pdb.getSpec().getSelector();
    boolean empty = selector == null || ((selector.getMatchLabels() == null || selector.getMatchLabels().isEmpty())
        && (selector.getMatchExpressions() == null || selector.getMatchExpressions().isEmpty()));
    return !empty && pdb.getMetadata().getNamespace().equals(pod.getMetadata().getNamespace())
        && Selectors.matches(selector, pod.getMetadata().getLabels());
  }

  /** The status the controller writes for {@code pdb} over the pods it {@link #covers}. */
  public static PodDisruptionBudgetStatus compute(PodDisruptionBudget pdb, List<Pod> pods, Scales scales, Instant now)
      throws SyncFailed {
    int[] expectedAndDesired = expectedAndDesired(pdb, pods, scales);
    int expected = expectedAndDesired[0];
    int desired = expectedAndDesired[1];
    Map<String, String> disrupted = stillDisrupted(pdb, pods, now);
    int healthy = 0;
    for (Pod pod : pods) {
      if (!Selectors.terminating(pod) && !disrupted.containsKey(pod.getMetadata().getName())
          && Selectors.ready(pod)) {
        healthy++;
      }
    }
    int allowed = healthy - desired;
    if (expected <= 0 || allowed <= 0) {
      allowed = 0;
    }
    PodDisruptionBudgetStatus status = new PodDisruptionBudgetStatus();
    status.setCurrentHealthy(healthy);
    status.setDesiredHealthy(desired);
    status.setExpectedPods(expected);
    status.setDisruptionsAllowed(allowed);
    status.setDisruptedPods(disrupted);
    status.setObservedGeneration(pdb.getMetadata().getGeneration());
    status.setConditions(withCondition(pdb, allowed > 0 ? "True" : "False",
        allowed > 0 ? "SufficientPods" : "InsufficientPods", "", status.getObservedGeneration(), now));
    return status;
  }

  /**
   * What the controller writes when {@link #compute} failed ({@code failSafe}): no disruption allowed, the condition
   * False {@code SyncFailed} with the error; the rest of the old status kept.
   */
  public static PodDisruptionBudgetStatus failSafe(PodDisruptionBudget pdb, String error, Instant now) {
    PodDisruptionBudgetStatus old = pdb.getStatus() == null ? new PodDisruptionBudgetStatus() : pdb.getStatus();
    PodDisruptionBudgetStatus status = old.toBuilder().withDisruptionsAllowed(0).build();
    status.setConditions(withCondition(pdb, "False", "SyncFailed", error, old.getObservedGeneration(), now));
    return status;
  }

  /**
   * The budget's {@code status.disruptionsAllowed} decremented by one approved eviction ({@code checkAndDecrement}):
   * the pod is recorded in {@code disruptedPods} at {@code now}, and the condition turns False once none is left.
   */
  public static PodDisruptionBudgetStatus afterEviction(PodDisruptionBudget pdb, String podName, Instant now) {
    PodDisruptionBudgetStatus status = pdb.getStatus().toBuilder().build();
    status.setDisruptionsAllowed(status.getDisruptionsAllowed() - 1);
    Map<String, String> disrupted = new LinkedHashMap<>(
        status.getDisruptedPods() == null ? Map.of() : status.getDisruptedPods());
    disrupted.put(podName, Timestamps.time(now));
    status.setDisruptedPods(disrupted);
    if (status.getDisruptionsAllowed() == 0) {
      status.setConditions(withCondition(pdb, "False", "InsufficientPods", "", status.getObservedGeneration(), now));
    }
    return status;
  }

  /** {expectedPods, desiredHealthy}, as {@code getExpectedPodCount}. */
  private static int[] expectedAndDesired(PodDisruptionBudget pdb, List<Pod> pods, Scales scales) throws SyncFailed {
    IntOrString maxUnavailable = pdb.getSpec().getMaxUnavailable();
    IntOrString minAvailable = pdb.getSpec().getMinAvailable();
    if (maxUnavailable != null) {
      int expected = expectedScale(pods, scales);
      return new int[] {expected, Math.max(0, expected - scaled(maxUnavailable, expected))};
    }
    if (minAvailable != null && minAvailable.getStrVal() == null) {
      return new int[] {pods.size(), minAvailable.getIntVal()};
    }
    if (minAvailable != null) {
      int expected = expectedScale(pods, scales);
      return new int[] {expected, scaled(minAvailable, expected)};
    }
    return new int[] {0, 0};
  }

  /** The sum of the scales of the pods' controllers, each once (by uid); pods without a controller count nothing. */
  private static int expectedScale(List<Pod> pods, Scales scales) throws SyncFailed {
    Map<String, Integer> byController = new LinkedHashMap<>();
    for (Pod pod : pods) {
      Optional<OwnerReference> controller = controllerOf(pod);
      if (controller.isEmpty() || byController.containsKey(controller.get().getUid())) {
        continue;
      }
      Optional<Integer> scale = scales.of(pod.getMetadata().getNamespace(), controller.get());
      if (scale.isEmpty()) {
        throw new SyncFailed("found no controllers for pod \"" + pod.getMetadata().getName() + "\"");
      }
      byController.put(controller.get().getUid(), scale.get());
    }
    return byController.values().stream().mapToInt(Integer::intValue).sum();
  }

  private static Optional<OwnerReference> controllerOf(Pod pod) {
    List<OwnerReference> refs = pod.getMetadata().getOwnerReferences();
    return refs == null ? Optional.empty()
        : refs.stream().filter(r -> Boolean.TRUE.equals(r.getController())).findFirst();
  }

  /** {@code GetScaledValueFromIntOrPercent(value, total, roundUp=true)}. */
  static int scaled(IntOrString value, int total) {
    if (value.getStrVal() == null) {
      return value.getIntVal();
    }
    String text = value.getStrVal();
    if (!text.endsWith("%")) {
      throw new IllegalArgumentException("invalid value for IntOrString: invalid type: string is not a percentage");
    }
    int percent = Integer.parseInt(text.substring(0, text.length() - 1));
    return (int) Math.ceil(percent * (double) total / 100);
  }

  /**
   * {@code buildDisruptedPodMap}: the entries of {@code disruptedPods} whose pod still exists, is not being deleted,
   * and was approved less than {@link #DELETION_TIMEOUT} ago (an older one was never deleted and counts again).
   */
  private static Map<String, String> stillDisrupted(PodDisruptionBudget pdb, List<Pod> pods, Instant now) {
    Map<String, String> old = pdb.getStatus() == null || pdb.getStatus().getDisruptedPods() == null ? Map.of()
        : pdb.getStatus().getDisruptedPods();
    Map<String, String> kept = new LinkedHashMap<>();
    for (Pod pod : pods) {
      String at = old.get(pod.getMetadata().getName());
      if (at != null && !Selectors.terminating(pod) && !Instant.parse(at).plus(DELETION_TIMEOUT).isBefore(now)) {
        kept.put(pod.getMetadata().getName(), at);
      }
    }
    return kept;
  }

  /** The conditions with {@code DisruptionAllowed} set as {@code meta.SetStatusCondition} sets it. */
  private static List<Condition> withCondition(PodDisruptionBudget pdb, String status, String reason, String message,
      Long observedGeneration, Instant now) {
    List<Condition> conditions = new ArrayList<>();
    Condition previous = null;
    if (pdb.getStatus() != null && pdb.getStatus().getConditions() != null) {
      for (Condition condition : pdb.getStatus().getConditions()) {
        if (DISRUPTION_ALLOWED.equals(condition.getType())) {
          previous = condition;
        } else {
          conditions.add(condition);
        }
      }
    }
    String since = previous != null && status.equals(previous.getStatus()) && previous.getLastTransitionTime() != null
        ? previous.getLastTransitionTime() : Timestamps.time(now);
    conditions.add(new ConditionBuilder().withType(DISRUPTION_ALLOWED).withStatus(status).withReason(reason)
        .withMessage(message).withObservedGeneration(observedGeneration).withLastTransitionTime(since).build());
    return conditions;
  }
}
