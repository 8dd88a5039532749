package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.TerminationMessage;
import dev.sft.contract.WriteOperation;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.SpecDefaults;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * At the largest spec the CRD accepts (every scenario, the control, every operation, the largest {@code repeat}),
 * each harness Job's termination message still carries every cell with its counts, and the status stays far below
 * what the API server accepts: one summary per cell, nothing Unknown by transport.
 */
@QuarkusTest
@WithStrictKubernetesServer
class VerdictTransportTest extends ReconcilerTestBase {
  /** etcd refuses a request above 1.5 MiB; the status keeps a margin for the rest of the object. */
  private static final int STATUS_BUDGET_BYTES = 1024 * 1024;

  @Test
  void everyCellOfTheLargestSpecReachesTheStatusWithItsCounts() throws Exception {
    int repeat = (int) SpecDefaults.MAX_REPEAT;
    SchedulerFailureTest test = TestResources.valid("transport", "largest");
    test.getSpec().repeat = repeat;
    test.getSpec().scenarios = ScenarioName.faults().stream().map(ScenarioName::id).toList();
    test.getSpec().operations = WriteOperation.all().stream().map(WriteOperation::id).toList();
    test.getSpec().control = true;
    cluster.create(test);
    cluster.awaitStatus(test, "cluster applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    var running = cluster.awaitStatus(test, "first Job", s -> s.step == Step.RunningHarness);
    String runId = running.getStatus().runId;

    List<Report> sent = new ArrayList<>();
    long seed = 1;
    for (HarnessJob job : running.getStatus().harnessJobs) {
      cluster.awaitJob(test, job.name);
      Report report = Reports.drawn(runId, job.scenarios, WriteOperation.all(), repeat, seed++);
      assertThat(report.stats()).hasSizeLessThanOrEqualTo(TerminationMessage.MAX_CELLS);
      assertThat(TerminationMessage.encode(report).getBytes(StandardCharsets.UTF_8).length)
          .isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
      sent.add(report);
      workloads.finishJob("transport", job.name, report, 1);
    }
    SchedulerFailureTest done = cluster.awaitStatus(test, "run finished", s -> s.phase == Phase.Failed);

    var status = done.getStatus();
    // Every scenario and each family's control, every one repeat times.
    int cells = ScenarioName.values().length * WriteOperation.all().size();
    assertThat(status.cells).hasSize(cells);
    assertThat(status.total).isEqualTo(cells * repeat);
    int passed = 0;
    for (Report report : sent) {
      for (ScenarioStats expected : report.stats()) {
        CellStatus copied = status.cells.stream()
            .filter(c -> c.name.equals(expected.name()) && c.operation.equals(expected.writeOperation().id()))
            .findFirst().orElseThrow();
        assertThat(copied.repetitions).as(expected.cell()).isEqualTo(expected.runs());
        assertThat(copied.passed).as(expected.cell()).isEqualTo(expected.passed());
        assertThat(copied.failed).as(expected.cell()).isEqualTo(expected.failed());
        assertThat(copied.unknown).as("%s: Unknown only where the harness said so", expected.cell())
            .isEqualTo(expected.unknown());
        assertThat(copied.verdicts).as(expected.cell()).isEqualTo(expected.verdicts());
        assertThat(copied.failureRate.text).isEqualTo(expected.failureRate().describe());
        if (expected.latestFailure() != null) {
          assertThat(copied.latestFailure.repetition).isEqualTo(expected.latestFailure().repetition());
          assertThat(copied.latestFailure.rule).isEqualTo(expected.latestFailure().rule());
        }
        passed += expected.passed();
      }
    }
    assertThat(status.passed).isEqualTo(passed);
    assertThat(status.summary).isEqualTo(passed + "/" + status.total);
    int statusBytes = client.getKubernetesSerialization().asJson(status).getBytes(StandardCharsets.UTF_8).length;
    System.out.printf("status of the largest spec: %d cells, %d bytes%n", status.cells.size(), statusBytes);
    assertThat(statusBytes).isLessThan(STATUS_BUDGET_BYTES);
  }
}
