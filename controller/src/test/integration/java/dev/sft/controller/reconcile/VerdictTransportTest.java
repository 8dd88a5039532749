package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.TerminationMessage;
import dev.sft.contract.Verdict;
import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.api.SchedulerFailureTestStatus.Phase;
import dev.sft.controller.api.SchedulerFailureTestStatus.ScenarioResultStatus;
import dev.sft.controller.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.api.SpecDefaults;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.TestResources;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * At the largest {@code repeat} the CRD allows, with every scenario, each harness Job's termination message still
 * carries every result: the status ends with every verdict and count, none Unknown.
 */
@QuarkusTest
@WithKubernetesTestServer(crud = true)
class VerdictTransportTest extends ReconcilerTestBase {
  @Test
  void everyResultOfTheLargestRepeatReachesTheStatus() {
    int repeat = (int) SpecDefaults.MAX_REPEAT;
    for (boolean speculation : List.of(true, false)) {
      int perJob = (int) ScenarioName.faults().stream().filter(s -> s.needsSpeculation() == speculation).count()
          * repeat;
      assertThat(perJob).isLessThanOrEqualTo(TerminationMessage.MAX_RESULTS);
    }
    SchedulerFailureTest test = TestResources.valid("transport", "largest");
    test.getSpec().repeat = repeat;
    cluster.create(test);
    cluster.awaitStatus(test, "cluster applied", s -> s.step == Step.AwaitingCluster);
    kubelet.clusterUp(test, 2);
    cluster.awaitJob(test, "largest-r1-spec");
    String runId = cluster.get(test).getStatus().runId;

    List<String> speculation = List.of("speculation-original-wins", "speculation-speculative-wins");
    List<String> loss = List.of("executor-loss-task-replacement", "executor-loss-shuffle-loss");
    Report specReport = Reports.of(runId, speculation, repeat, Verdict.Passed, Verdict.Passed);
    Report lossReport = Reports.of(runId, loss, repeat, Verdict.Passed, Verdict.Failed);
    for (Report report : List.of(specReport, lossReport)) {
      assertThat(TerminationMessage.encode(report).getBytes(StandardCharsets.UTF_8).length)
          .isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    }
    kubelet.finishJob("transport", "largest-r1-spec", specReport, 0);
    cluster.awaitJob(test, "largest-r1-loss");
    kubelet.finishJob("transport", "largest-r1-loss", lossReport, 1);
    SchedulerFailureTest done = cluster.awaitStatus(test, "run finished", s -> s.phase == Phase.Failed);

    var status = done.getStatus();
    assertThat(status.total).isEqualTo(4 * repeat);
    assertThat(status.results).hasSize(4 * repeat);
    assertThat(status.summary).isEqualTo((2 * repeat) + "/" + (4 * repeat));
    assertThat(status.results).noneMatch(r -> r.scheduler == Verdict.Unknown || r.storage == Verdict.Unknown);
    for (Report report : List.of(specReport, lossReport)) {
      for (ScenarioResult sent : report.scenarios()) {
        ScenarioResultStatus copied = status.results.stream()
            .filter(r -> r.name.equals(sent.name()) && r.repetition == sent.repetition())
            .findFirst().orElseThrow();
        assertThat(copied.storage).isEqualTo(sent.storage());
        assertThat(copied.distinctIds).isEqualTo(sent.distinctIds());
        assertThat(copied.orphanFiles).isEqualTo(sent.orphanFiles());
        assertThat(copied.knownRejectedOrphans).isEqualTo(sent.knownRejectedOrphans());
        assertThat(copied.missingFiles).isEqualTo(sent.missingFiles());
        assertThat(copied.durationMs).isEqualTo(sent.durationMs());
        assertThat(copied.evidence).isEqualTo(sent.evidence());
      }
    }
  }
}
