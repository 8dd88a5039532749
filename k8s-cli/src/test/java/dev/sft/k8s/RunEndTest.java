package dev.sft.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.contract.RunExitCode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a wait ends, and with which of sft local's exit codes. */
class RunEndTest {

  private static ObjectNode at(long generation, long observed, long runGeneration, String phase) {
    ObjectNode test = Fixtures.failedRun();
    ((ObjectNode) test.get("metadata")).put("generation", generation);
    Fixtures.status(test).put("observedGeneration", observed).put("runGeneration", runGeneration)
        .put("phase", phase);
    return test;
  }

  private static Optional<RunExitCode> end(ObjectNode test, long seen) {
    return RunEnd.of(Fixtures.view(test), seen);
  }

  @Test
  void theFinishedRunOfAnOlderGenerationIsNeverTheAnswer() {
    // Just applied: generation 4, the controller has not seen it, the status still shows run 3's Failed.
    assertThat(end(at(4, 3, 3, "Failed"), 4)).isEmpty();
    // Seen, but the new run has not started yet.
    assertThat(end(at(4, 4, 3, "Succeeded"), 4)).isEmpty();
    // The new run goes on.
    assertThat(end(at(4, 4, 4, "Provisioning"), 4)).isEmpty();
    assertThat(end(at(4, 4, 4, "Running"), 4)).isEmpty();
    assertThat(end(at(4, 4, 4, "Failed"), 4)).contains(RunExitCode.SCENARIO_NOT_PASSED);
    // Generation 5 applied during run 4, which the waiter saw at 4: run 4's end is the answer.
    assertThat(end(at(5, 5, 4, "Succeeded"), 4)).contains(RunExitCode.PASSED);
  }

  @Test
  void anInvalidSpecOfTheGenerationSeenEndsTheWaitWithExit2ButAnOlderOneDoesNot() {
    ObjectNode invalid = at(4, 4, 3, "Pending");
    Fixtures.condition(invalid, "Stalled", "True", "InvalidSpec", 4);
    assertThat(end(invalid, 4)).contains(RunExitCode.USAGE);

    // Generation 5 fixes the spec; until the controller sees it, the old InvalidSpec is not this wait's answer.
    ObjectNode fixed = at(5, 4, 3, "Pending");
    Fixtures.condition(fixed, "Stalled", "True", "InvalidSpec", 4);
    assertThat(end(fixed, 5)).isEmpty();

    // A run that failed is Stalled too, by RunFailed: that is the verdict's code, not an invalid spec.
    ObjectNode failed = at(4, 4, 4, "Failed");
    Fixtures.condition(failed, "Stalled", "True", "RunFailed", 4);
    assertThat(end(failed, 4)).contains(RunExitCode.SCENARIO_NOT_PASSED);
  }

  @Test
  void aRunThatCouldNotJudgeDecidesTheCodeAsSftLocalMergesItsDrivers() {
    ObjectNode preflight = at(3, 3, 3, "Failed");
    ((ObjectNode) Fixtures.status(preflight).withArray("harnessJobs").get(0)).put("state", "Failed")
        .put("exitCode", 3);
    assertThat(end(preflight, 3)).contains(RunExitCode.PREFLIGHT_FAILED);

    ObjectNode oom = at(3, 3, 3, "Failed");
    ((ObjectNode) Fixtures.status(oom).withArray("harnessJobs").get(1)).remove("exitCode");
    assertThat(end(oom, 3)).as("a Job that failed without an exit code (OOM, eviction, deadline)")
        .contains(RunExitCode.INFRASTRUCTURE);

    ObjectNode noCluster = at(3, 3, 3, "Failed");
    Fixtures.condition(noCluster, "ClusterReady", "False", "ClusterNotReady", 3);
    assertThat(end(noCluster, 3)).contains(RunExitCode.INFRASTRUCTURE);

    ObjectNode succeeded = at(3, 3, 3, "Succeeded");
    assertThat(end(succeeded, 3)).contains(RunExitCode.PASSED);
  }
}
