package dev.sft.controller.owned;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every pod has resources (requests = limits) even when the spec names none, and during a run no voluntary
 * disruption takes a Spark pod or the harness.
 */
class PodResourcesTest {
  private static final PodSecurity SECURITY = RenderedPods.SECURITY;
  final SchedulerFailureTest test = TestResources.valid("ns1", "t1");

  @Test
  void withoutResourcesInTheSpecEveryPodGetsRequestsEqualToLimitsFromTheMemoryBudget() {
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    List<Container> containers = RenderedPods.all(test, spec).stream().map(p -> p.getContainers().get(0)).toList();
    // Master, worker, harness, storage check: memory from MemoryBudget, cpu from the cores Spark is told about.
    assertGuaranteed(containers.get(0).getResources(), "1024Mi", "1");
    // The defaults (2 cores, 2g): the worker daemon (768Mi) and two executors of 1152Mi.
    assertGuaranteed(containers.get(1).getResources(), "3072Mi", "2");
    // The default driver heap (1024Mi) with its overhead (384Mi) and the kill JVM (256Mi).
    assertGuaranteed(containers.get(2).getResources(), "1664Mi", "1");
    assertGuaranteed(containers.get(3).getResources(), "64Mi", "100m");
  }

  @Test
  void theWorkerDefaultFollowsCoresMemoryAndWriter() {
    test.getSpec().spark.coresPerWorker = 4;
    test.getSpec().spark.memory = "4g";
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    Container worker = new WorkerStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate().getSpec()
        .getContainers().get(0);
    // 768Mi + 4 executors × 1152Mi.
    assertGuaranteed(worker.getResources(), "5376Mi", "4");
  }

  @Test
  void whatTheSpecNamesIsKeptAndOnlyTheResourceItNamesNowhereIsDefaulted() {
    test.getSpec().spark.resources = new ResourceRequirementsBuilder()
        .addToRequests("memory", new Quantity("4Gi")).addToLimits("memory", new Quantity("4Gi")).build();
    test.getSpec().harness.resources = new ResourceRequirementsBuilder()
        .addToRequests("cpu", new Quantity("250m")).build();
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    Container worker = new WorkerStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate().getSpec()
        .getContainers().get(0);
    assertThat(worker.getResources().getRequests()).containsEntry("memory", new Quantity("4Gi"))
        .containsEntry("cpu", new Quantity("2"));
    assertThat(worker.getResources().getLimits()).containsEntry("memory", new Quantity("4Gi"))
        .containsEntry("cpu", new Quantity("2"));
    Container harness = harnessPod(spec).getSpec().getContainers().get(0);
    assertThat(harness.getResources().getRequests()).containsEntry("cpu", new Quantity("250m"))
        .containsEntry("memory", new Quantity("1664Mi"));
    assertThat(harness.getResources().getLimits()).doesNotContainKey("cpu")
        .containsEntry("memory", new Quantity("1664Mi"));
  }

  @Test
  void masterWorkerAndHarnessPodsAskAutoscalersNotToEvictThem() {
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    Map<String, String> expected = Map.of("cluster-autoscaler.kubernetes.io/safe-to-evict", "false",
        "karpenter.sh/do-not-disrupt", "true");
    for (PodTemplateSpec template : List.of(
        new MasterStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate(),
        new WorkerStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate(),
        harnessPod(spec))) {
      assertThat(template.getMetadata().getAnnotations()).containsAllEntriesOf(expected);
    }
  }

  @Test
  void theDisruptionBudgetAllowsNoEvictionOfThisTestsMasterAndWorkers() {
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    SparkDisruptionBudget dependent = new SparkDisruptionBudget();
    PodDisruptionBudget budget = dependent.desired(test, spec);
    assertThat(budget.getMetadata().getName()).isEqualTo("t1-spark");
    assertThat(budget.getSpec().getMaxUnavailable().getIntVal()).isZero();
    assertThat(budget.getSpec().getMinAvailable()).isNull();
    // A pod that is not Ready is evicted at once: it never blocks a drain.
    assertThat(budget.getSpec().getUnhealthyPodEvictionPolicy()).isEqualTo("AlwaysAllow");
    assertThat(budget.getSpec().getSelector().getMatchLabels()).isEqualTo(Map.of("sft.dev/test", "t1"));
    assertThat(budget.getSpec().getSelector().getMatchExpressions()).singleElement()
        .extracting(LabelSelectorRequirement::getKey, LabelSelectorRequirement::getOperator,
            LabelSelectorRequirement::getValues)
        .containsExactly("sft.dev/component", "In", List.of("master", "worker"));
    // Only during a run: a retained cluster must not block a node drain.
    for (var policy : dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy.values()) {
      assertThat(dependent.survives(policy)).isFalse();
    }
    assertThat(ChildResources.cluster("sft-system", SECURITY))
        .anyMatch(d -> d instanceof SparkDisruptionBudget);
  }

  private PodTemplateSpec harnessPod(ResolvedSpec spec) {
    DriverRun run = HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    return HarnessJobManifest.desired(test, spec, SECURITY, "t1-r1-spec", run).getSpec().getTemplate();
  }

  private static void assertGuaranteed(ResourceRequirements resources, String memory, String cpu) {
    Map<String, Quantity> expected = Map.of("memory", new Quantity(memory), "cpu", new Quantity(cpu));
    assertThat(resources.getRequests()).isEqualTo(expected);
    assertThat(resources.getLimits()).isEqualTo(expected);
  }
}
