package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.StatusBounds;
import dev.sft.controller.crd.CommittedCrd;
import dev.sft.contract.ScenarioName;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

/**
 * The largest status the CRD lets a test have still fits in etcd once the writer has cut it: every cell of the
 * largest comparison (every scenario and control under every operation, both builds) with every detail at its
 * longest, the most and longest known findings all stale, the longest history, and the run's copy of the largest
 * spec the CRD accepts.
 */
class WorstCaseStatusSizeTest {
  private static final int MIB = 1024 * 1024;
  private final KubernetesSerialization serialization = new KubernetesSerialization();

  @Test
  void theLargestSpecsCopyFitsItsBoundUncut() {
    LargestValues largest = new LargestValues(serialization);
    String runSpec = largestRunSpec(largest);
    assertThat(largest.unbounded).as("spec fields without a bound").isEmpty();
    assertThat((long) runSpec.length()).as("status.runSpec is never cut: a cut spec would not parse")
        .isLessThanOrEqualTo(StatusBounds.RUN_SPEC);
  }

  @Test
  void theLargestStatusIsCutToTheCrdsBoundsAndUnderOneMebibyte() {
    LargestValues largest = new LargestValues(serialization);
    var json = largest.of(SchedulerFailureTestStatus.class);
    assertThat(largest.unbounded).as("status fields without a bound").isEmpty();
    SchedulerFailureTestStatus status = serialization.convertValue(json, SchedulerFailureTestStatus.class);
    status.runSpec = largestRunSpec(new LargestValues(serialization));
    // Longer than any bound allows, as a harness's report or an error message may be.
    status.message = "m".repeat(100_000);
    status.history.forEach(r -> r.message = "h".repeat(100_000));
    assertThat(StatusBudget.bytes(status, serialization)).as("the uncut worst case would not fit").isGreaterThan(MIB);

    StatusWriter.fit(status, serialization);

    assertThat(StatusBudget.bytes(status, serialization)).isLessThan(MIB);
    assertThat(CommittedCrd.violations(serialization.convertValue(status,
        com.fasterxml.jackson.databind.JsonNode.class), CommittedCrd.schema("status"))).isEmpty();
    assertThat(status.cells).as("counts are never dropped").hasSize((int) StatusBounds.CELLS)
        .allSatisfy(c -> assertThat(c.verdicts).isNotNull());
    assertThat(status.knownFindings).hasSize((int) StatusBounds.KNOWN_FINDINGS);
    // spec.parallelism at its bound: a Job per setting, build and cluster, and every cluster's counts and message
    assertThat(status.harnessJobs).hasSize((int) StatusBounds.HARNESS_JOBS)
        .allSatisfy(j -> assertThat(j.cluster).isNotNull());
    assertThat(status.clusters).hasSize((int) dev.sft.api.SpecDefaults.MAX_PARALLELISM);
    assertThat(status.history).hasSize((int) StatusBounds.HISTORY);
  }

  @Test
  void theCellBoundCoversEveryScenarioAndControlUnderEveryOperationForTwoBuilds() {
    assertThat(StatusBounds.RUN_SCENARIOS).isEqualTo(ScenarioName.values().length);
    assertThat(StatusBounds.CELLS)
        .isEqualTo(2L * ScenarioName.values().length * dev.sft.contract.WriteOperation.all().size());
  }

  /** The spec's JSON as the controller copies it into the status when a run starts. */
  private String largestRunSpec(LargestValues largest) {
    SchedulerFailureTestSpec spec = serialization.convertValue(largest.of(SchedulerFailureTestSpec.class),
        SchedulerFailureTestSpec.class);
    return serialization.asJson(spec);
  }
}
