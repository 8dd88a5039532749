package dev.sft.controller.owned;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import io.fabric8.kubernetes.api.model.HasMetadata;

/**
 * One kind of Kubernetes object a test owns, in the dependent-resource style: it knows the object's name and builds
 * its desired state, and nothing else. {@link ChildResources} applies and deletes it; the reconciler decides when,
 * so that the status can be written before each create or delete.
 */
public interface OwnedResource<R extends HasMetadata> {

  Class<R> type();

  String name(SchedulerFailureTest test);

  /** False when this test does not own such an object, e.g. it mounts an existing claim. */
  default boolean isOwned(ResolvedSpec spec) {
    return true;
  }

  /**
   * True for an object of a Spark cluster this spec no longer runs (a cluster at or above a lowered
   * {@code spec.parallelism}): it is deleted, not applied. Never true of an object the test may not own (a claim).
   */
  default boolean isLeftOver(ResolvedSpec spec) {
    return false;
  }

  /** Whether the object stays when a finished run is cleaned up by this policy; most go with the cluster. */
  default boolean survives(CleanupPolicy policy) {
    return policy == CleanupPolicy.Retain;
  }

  /**
   * Whether the object carries the test as its owner, so that Kubernetes deletes it with the test. An object that
   * holds evidence a cleanup policy keeps must outlive the test's deletion ({@code kubectl delete}, an Argo CD prune).
   */
  default boolean deletedWithTest(ResolvedSpec spec) {
    return true;
  }

  /** Whether an existing object may be updated in place when the desired state changes (a claim's spec may not). */
  default boolean updatable() {
    return true;
  }

  /** The desired object; {@link ChildResources} adds the owner reference, common labels and hash annotation. */
  R desired(SchedulerFailureTest test, ResolvedSpec spec);
}
