package dev.sft.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.contract.RunExitCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The wait's loop: what it prints, when it stops, what it retries. */
class RunWaiterTest {
  private final StringWriter printed = new StringWriter();

  private static TestView view(long generation, long observed, long runGeneration, String phase, String summary) {
    ObjectNode test = Fixtures.failedRun();
    ((ObjectNode) test.get("metadata")).put("generation", generation);
    Fixtures.status(test).put("observedGeneration", observed).put("runGeneration", runGeneration)
        .put("phase", phase).put("summary", summary).put("message", phase + " message");
    return Fixtures.view(test);
  }

  /** Answers each read with the next item; the last one repeats. An exception item is thrown. */
  private static Supplier<TestView> sequence(Object... reads) {
    Deque<Object> queue = new ArrayDeque<>(List.of(reads));
    return () -> {
      Object next = queue.size() > 1 ? queue.poll() : queue.peek();
      if (next instanceof RuntimeException e) {
        throw e;
      }
      return (TestView) next;
    };
  }

  private RunWaiter.Outcome await(Supplier<TestView> reads, Duration timeout) throws InterruptedException {
    return new RunWaiter(reads, timeout, Duration.ofMillis(5), new PrintWriter(printed, true)).await();
  }

  @Test
  void waitsThroughTheOldRunsVerdictForTheNewGenerationsAndPrintsEachChange() throws Exception {
    RunWaiter.Outcome outcome = await(sequence(
        view(4, 3, 3, "Succeeded", "60/60"),
        view(4, 4, 4, "Provisioning", "0/60"),
        view(4, 4, 4, "Provisioning", "0/60"),
        view(4, 4, 4, "Running", "12/60"),
        view(4, 4, 4, "Failed", "59/60")), Duration.ofSeconds(30));

    assertThat(outcome.code()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED);
    assertThat(outcome.timedOut()).isFalse();
    assertThat(outcome.last().summary()).isEqualTo("59/60");
    String out = printed.toString();
    assertThat(out).contains("nightly: waiting up to 30s for the run of generation 4 to end")
        .contains("waiting for the controller to observe generation 4 (it has seen 3)")
        .contains("nightly: Running 12/60: Running message")
        .contains("nightly: Failed 59/60: Failed message")
        .contains("Failed: a verdict is Failed or Unknown");
    assertThat(out.split("Provisioning 0/60", -1)).as("an unchanged status is printed once").hasSize(2);
    assertThat(out).doesNotContain("Succeeded 60/60:");
  }

  @Test
  void aRunThatNeverEndsTimesOutWithTheInfrastructureCode() throws Exception {
    RunWaiter.Outcome outcome = await(sequence(view(4, 4, 4, "Running", "1/60")), Duration.ofMillis(200));
    assertThat(outcome.timedOut()).isTrue();
    assertThat(outcome.code()).isEqualTo(RunExitCode.INFRASTRUCTURE);
    assertThat(printed.toString()).contains("timed out after 200ms (Running 1/60: Running message)");
  }

  @Test
  void retriesAPassingApiFailureButStopsAtOneNoRetryMends() throws Exception {
    RunWaiter.Outcome outcome = await(sequence(
        view(4, 4, 4, "Running", "1/60"),
        new K8sProblem("cannot reach the API server at https://x: connection refused", null, true),
        new K8sProblem("cannot reach the API server at https://x: connection refused", null, true),
        view(4, 4, 4, "Succeeded", "60/60")), Duration.ofSeconds(30));
    assertThat(outcome.code()).isEqualTo(RunExitCode.PASSED);
    assertThat(printed.toString().split("connection refused \\(retrying\\)", -1)).hasSize(2);

    assertThatThrownBy(() -> await(sequence(
        view(4, 4, 4, "Running", "1/60"),
        new K8sProblem("no SchedulerFailureTest nightly in namespace staging")), Duration.ofSeconds(30)))
        .isInstanceOf(K8sProblem.class).hasMessageContaining("no SchedulerFailureTest nightly");
  }
}
