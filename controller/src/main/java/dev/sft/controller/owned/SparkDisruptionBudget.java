package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import java.util.List;

/**
 * Keeps voluntary disruptions (a node drain, a cluster-autoscaler or Karpenter consolidation, the descheduler) away
 * from the master and worker pods while a run is on: {@code maxUnavailable: 0} refuses every eviction. A worker lost
 * to a drain would be an executor or host loss the scenarios score as their own. Covers the StatefulSets' pods only:
 * Kubernetes computes {@code maxUnavailable} from the owner's scale subresource, which a Job lacks; the harness pod is
 * kept from autoscalers by its annotations ({@link SparkPods#DO_NOT_DISRUPT}). Deleted when the run ends, whatever the
 * cleanup policy, so a retained cluster never blocks a drain.
 *
 * <p>{@code unhealthyPodEvictionPolicy: AlwaysAllow}: a pod that is not Ready (crash-looping, never started) gives the
 * run nothing to protect, and under the default policy it would block every drain of its node until the drain's own
 * time-out (AKS upgrades fail, EKS managed node groups fail with PodEvictionFailure after 15 minutes). Evicting it is
 * an unplanned loss the run reports, as any lost Spark pod.
 */
public final class SparkDisruptionBudget implements OwnedResource<PodDisruptionBudget> {

  @Override
  public Class<PodDisruptionBudget> type() {
    return PodDisruptionBudget.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.disruptionBudget(test);
  }

  /** Only during a run. */
  @Override
  public boolean survives(CleanupPolicy policy) {
    return false;
  }

  @Override
  public PodDisruptionBudget desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new PodDisruptionBudgetBuilder()
        .withNewMetadata().withName(name(test)).endMetadata()
        .withNewSpec()
          .withMaxUnavailable(new IntOrString(0))
          .withUnhealthyPodEvictionPolicy("AlwaysAllow")
          .withNewSelector()
            .addToMatchLabels(Names.TEST_LABEL, test.getMetadata().getName())
            .addNewMatchExpression()
              .withKey(Names.COMPONENT_LABEL).withOperator("In").withValues(List.of(Names.MASTER, Names.WORKER))
            .endMatchExpression()
          .endSelector()
        .endSpec()
        .build();
  }
}
