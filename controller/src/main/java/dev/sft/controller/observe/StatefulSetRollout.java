package dev.sft.controller.observe;

import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatus;
import java.util.Objects;

/**
 * Whether a StatefulSet's pods are all of its current template and ready. After a spec change on a retained cluster
 * the StatefulSet still counts the old pods as ready until its controller has rolled them, so {@code readyReplicas}
 * alone would let the harness start while pods roll.
 */
public final class StatefulSetRollout {
  private StatefulSetRollout() {}

  /** Null when {@code set} runs {@code wanted} ready pods of its latest template; otherwise what is still pending. */
  public static String pending(StatefulSet set, String name, int wanted) {
    if (set == null) {
      return name + " does not exist yet";
    }
    StatefulSetStatus status = set.getStatus();
    if (status == null) {
      return name + " has no status yet";
    }
    if (!observed(set)) {
      return name + ": generation " + set.getMetadata().getGeneration() + " not yet observed by its controller";
    }
    int replicas = count(status.getReplicas());
    int ready = count(status.getReadyReplicas());
    int updated = count(status.getUpdatedReplicas());
    if (replicas != wanted || ready != wanted || updated != wanted) {
      return name + ": " + ready + "/" + wanted + " ready, " + updated + "/" + wanted + " of the latest template"
          + (replicas == wanted ? "" : ", " + replicas + " pods");
    }
    if (status.getUpdateRevision() != null && !Objects.equals(status.getCurrentRevision(), status.getUpdateRevision())) {
      return name + ": rolling from revision " + status.getCurrentRevision() + " to " + status.getUpdateRevision();
    }
    return null;
  }

  /**
   * Whether every one of {@code wanted} pods of {@code set} was made from its latest template, ready or not: no pod of
   * an older template is left to serve. Its controller counts them ({@code updatedReplicas}) before they are ready.
   */
  public static boolean ofLatestTemplate(StatefulSet set, int wanted) {
    if (set == null || set.getStatus() == null) {
      return false;
    }
    StatefulSetStatus status = set.getStatus();
    return observed(set) && count(status.getReplicas()) == wanted && count(status.getUpdatedReplicas()) == wanted;
  }

  /** Whether its controller has seen the set's latest generation: before, its status speaks of the template before. */
  private static boolean observed(StatefulSet set) {
    Long generation = set.getMetadata().getGeneration();
    Long observed = set.getStatus().getObservedGeneration();
    return generation == null || (observed != null && observed >= generation);
  }

  private static int count(Integer value) {
    return value == null ? 0 : value;
  }
}
