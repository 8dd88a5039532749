package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestSpec.ConcurrencyPolicy;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.Runs;
import dev.sft.controller.support.TestClock;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * spec.schedule: each firing starts a run with a new run id; Forbid skips a firing during a run, Replace ends the run;
 * the history keeps its limits; a change of the scheduling fields alone starts no run. The controller's clock
 * ({@link TestClock}) is moved to just after each firing.
 */
@QuarkusTest
@WithStrictKubernetesServer
class ScheduledRunTest extends ReconcilerTestBase {
  private static final String SCENARIO = "speculation-original-wins";
  @Inject TestClock clock;

  @AfterAll
  static void backToTheSystemClock() {
    io.quarkus.arc.Arc.container().instance(TestClock.class).get().reset();
  }

  @Test
  void eachFiringStartsARunWithANewRunId() {
    SchedulerFailureTest test = nightly("twice");
    cluster.create(test);
    Runs runs = new Runs(cluster, workloads);
    String first = runs.runToEnd(test, Verdict.Passed, Verdict.Passed);
    var afterFirst = awaitCleanedUp(test, 1);
    assertThat(afterFirst.lastScheduleTime).as("the first run came from the spec, not the schedule").isNull();
    Instant night1 = Instant.parse(afterFirst.nextScheduleTime);
    assertThat(night1).as("the first 03:00 after the run started, by the controller's clock")
        .isAfter(clock.instant().minus(Duration.ofMinutes(1))).isBefore(clock.instant().plus(Duration.ofDays(1)));
    assertThat(night1.toString()).endsWith("T03:00:00Z");

    clock.jumpTo(night1.plusSeconds(1));
    var second = cluster.awaitStatus(test, "run 2 started by the firing", s -> java.util.Objects.equals(s.runNumber, 2)).getStatus();
    assertThat(second.lastScheduleTime).isEqualTo(night1.toString());
    assertThat(second.nextScheduleTime).isEqualTo(night1.plus(Duration.ofDays(1)).toString());
    assertThat(second.runId).startsWith("twice-r2-").isNotEqualTo(first);
    assertThat(second.runGeneration).as("a firing runs the same generation").isEqualTo(1L);
    assertThat(second.message).contains("started for the schedule's firing at " + night1);
    String secondId = runs.runToEnd(test, Verdict.Passed, Verdict.Passed);
    awaitCleanedUp(test, 2);

    Instant night2 = night1.plus(Duration.ofDays(1));
    clock.jumpTo(night2.plusSeconds(1));
    var third = cluster.awaitStatus(test, "run 3 started by the firing", s -> java.util.Objects.equals(s.runNumber, 3)).getStatus();
    assertThat(third.lastScheduleTime).isEqualTo(night2.toString());
    assertThat(third.runId).startsWith("twice-r3-").isNotIn(first, secondId);
    assertThat(third.history).extracting(h -> h.runId).containsExactly(secondId, first);
    cluster.awaitEventReasonCount(test, Reason.RunStarted.name(), 3);
  }

  @Test
  void forbidSkipsAFiringDuringARunAndDoesNotStartItLater() throws Exception {
    SchedulerFailureTest test = nightly("forbid");
    cluster.create(test);
    var running = cluster.awaitStatus(test, "run 1 applied", s -> s.step != null && java.util.Objects.equals(s.runNumber, 1));
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "forbid-r1-spec");
    cluster.awaitStatus(test, "job running", s -> s.harnessJobs.get(0).state == JobState.Running);
    Instant night1 = Instant.parse(running.getStatus().nextScheduleTime);

    clock.jumpTo(night1.plusSeconds(1));
    var skipped = cluster.awaitStatus(test, "the firing skipped",
        s -> night1.plus(Duration.ofDays(1)).toString().equals(s.nextScheduleTime)).getStatus();
    assertThat(skipped.runNumber).isEqualTo(1);
    assertThat(skipped.phase).isEqualTo(Phase.Running);
    assertThat(skipped.lastScheduleTime).isNull();
    cluster.awaitEventReason(test, Reason.ScheduleSkipped.name());

    workloads.finishJob("schedule", "forbid-r1-spec", Reports.of(running.getStatus().runId, List.of(SCENARIO), 1,
        Verdict.Passed, Verdict.Passed), 0);
    awaitCleanedUp(test, 1);
    looks.awaitLooks(test, 3); // several of the test profile's one-second rechecks
    var after = cluster.get(test).getStatus();
    assertThat(after.runNumber).as("the skipped firing never starts").isEqualTo(1);
    assertThat(after.lastResult).isEqualTo(Phase.Succeeded);
  }

  @Test
  void replaceEndsTheRunInProgressAndStartsANewOne() {
    SchedulerFailureTest test = nightly("replace");
    test.getSpec().concurrencyPolicy = ConcurrencyPolicy.Replace;
    cluster.create(test);
    var running = cluster.awaitStatus(test, "run 1 applied", s -> s.step != null && java.util.Objects.equals(s.runNumber, 1));
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "replace-r1-spec");
    cluster.awaitStatus(test, "job running", s -> s.harnessJobs.get(0).state == JobState.Running);
    Instant night1 = Instant.parse(running.getStatus().nextScheduleTime);

    clock.jumpTo(night1.plusSeconds(1));
    var second = cluster.awaitStatus(test, "run 2 replaced run 1", s -> java.util.Objects.equals(s.runNumber, 2)).getStatus();
    assertThat(second.lastScheduleTime).isEqualTo(night1.toString());
    assertThat(second.history).singleElement().satisfies(replaced -> {
      assertThat(replaced.runId).isEqualTo(running.getStatus().runId);
      assertThat(replaced.outcome).isEqualTo(Phase.Failed);
      assertThat(replaced.message).contains("replaced by the schedule's firing at " + night1);
    });
    assertThat(second.lastResult).isEqualTo(Phase.Failed);
    cluster.awaitEventReason(test, Reason.RunReplaced.name());
    new Runs(cluster, workloads).runToEnd(test, Verdict.Passed, Verdict.Passed);
    cluster.awaitStatus(test, "run 2 succeeded", s -> java.util.Objects.equals(s.runNumber, 2) && s.phase == Phase.Succeeded);
  }

  @Test
  void historyKeepsAtMostItsLimitOfEachOutcome() {
    SchedulerFailureTest test = nightly("limits");
    test.getSpec().history = new SchedulerFailureTestSpec.History();
    test.getSpec().history.succeeded = 1;
    test.getSpec().history.failed = 1;
    test.getSpec().cleanup = new SchedulerFailureTestSpec.Cleanup();
    test.getSpec().cleanup.onFailure = CleanupPolicy.DeleteCluster;
    cluster.create(test);
    Runs runs = new Runs(cluster, workloads);
    List<Verdict> storage = List.of(Verdict.Passed, Verdict.Failed, Verdict.Passed, Verdict.Failed);
    String[] ids = new String[storage.size()];
    for (int run = 1; run <= storage.size(); run++) {
      ids[run - 1] = runs.runToEnd(test, storage.get(run - 1), storage.get(run - 1));
      var ended = awaitCleanedUp(test, run);
      assertThat(ended.lastResult).isEqualTo(storage.get(run - 1) == Verdict.Passed ? Phase.Succeeded : Phase.Failed);
      clock.jumpTo(Instant.parse(ended.nextScheduleTime).plusSeconds(1));
      final int next = run + 1;
      var started = cluster.awaitStatus(test, "run " + next + " started by the firing",
          s -> java.util.Objects.equals(s.runNumber, next)).getStatus();
      assertThat(started.history).as("run %d archived when run %d started", run, next).first()
          .satisfies(h -> assertThat(h.runId + " " + h.outcome).isEqualTo(ids[next - 2] + " " + ended.lastResult));
    }
    var status = cluster.get(test).getStatus();
    assertThat(status.history).as("history %s; events %s", status.history.stream()
            .map(h -> h.runId + " " + h.outcome + ": " + h.message).toList(), cluster.eventReasons(test))
        .extracting(h -> h.runId + " " + h.outcome)
        .containsExactly(ids[3] + " Failed", ids[2] + " Succeeded");
    assertThat(status.lastResult).as("the latest finished run while run 5 runs").isEqualTo(Phase.Failed);
  }

  @Test
  void suspendingStartsNoRunAndAFiringMissedMeanwhileStartsOnResume() throws Exception {
    SchedulerFailureTest test = nightly("suspended");
    cluster.create(test);
    new Runs(cluster, workloads).runToEnd(test, Verdict.Passed, Verdict.Passed);
    Instant night1 = Instant.parse(awaitCleanedUp(test, 1).nextScheduleTime);

    edit(test, spec -> spec.suspend = true);
    var suspended = cluster.awaitStatus(test, "generation 2 adopted", s -> Long.valueOf(2).equals(s.runGeneration)).getStatus();
    assertThat(suspended.runNumber).as("a change of the schedule fields alone starts no run").isEqualTo(1);
    assertThat(suspended.phase).isEqualTo(Phase.Succeeded);
    assertThat(suspended.conditions).allSatisfy(c -> assertThat(c.getObservedGeneration()).isEqualTo(2L));
    clock.jumpTo(night1.plusSeconds(1));
    // Suspended, the controller waits for no firing and does not look by itself. A change of a schedule field alone
    // (which starts no run) makes it look with the firing due; merge patches, so the test reads nothing by name.
    looks.awaitLookAfter(test, new Runnable() {
      private long deadlineSeconds = Duration.ofDays(1).toSeconds();

      @Override
      public void run() {
        client.resources(SchedulerFailureTest.class).inNamespace("schedule").withName(test.getMetadata().getName())
            .patch(PatchContext.of(PatchType.JSON_MERGE),
                "{\"spec\":{\"startingDeadlineSeconds\":" + deadlineSeconds++ + "}}");
      }
    });
    assertThat(cluster.get(test).getStatus().runNumber).as("suspended: the firing does not start").isEqualTo(1);

    edit(test, spec -> spec.suspend = false);
    var resumed = cluster.awaitStatus(test, "the missed firing started on resume", s -> java.util.Objects.equals(s.runNumber, 2))
        .getStatus();
    assertThat(resumed.lastScheduleTime).isEqualTo(night1.toString());
    assertThat(resumed.runGeneration).as("suspend, the two deadline changes, resume").isEqualTo(5L);
  }

  @Test
  void aChangeOfWhatRunsStillStartsARunAtOnce() {
    SchedulerFailureTest test = nightly("changed");
    cluster.create(test);
    new Runs(cluster, workloads).runToEnd(test, Verdict.Passed, Verdict.Passed);
    awaitCleanedUp(test, 1);
    edit(test, spec -> spec.repeat = 2);
    var second = cluster.awaitStatus(test, "run 2 for generation 2", s -> java.util.Objects.equals(s.runNumber, 2)).getStatus();
    assertThat(second.runGeneration).isEqualTo(2L);
    assertThat(second.lastScheduleTime).isNull();
  }

  private SchedulerFailureTest nightly(String name) {
    SchedulerFailureTest test = dev.sft.controller.support.TestResources.valid("schedule", name);
    test.getSpec().scenarios = List.of(SCENARIO);
    test.getSpec().schedule = "0 3 * * *";
    return test;
  }

  private SchedulerFailureTestStatus awaitCleanedUp(SchedulerFailureTest test, int runNumber) {
    return cluster.awaitStatus(test, "run " + runNumber + " ended and cleaned up", s -> java.util.Objects.equals(s.runNumber, runNumber)
        && s.phase != null && s.phase.finished() && s.cleanup == Cleanup.Done).getStatus();
  }

  /** As kubectl apply changes it: a patch of the spec. */
  private void edit(SchedulerFailureTest test, Consumer<SchedulerFailureTestSpec> change) {
    client.resources(SchedulerFailureTest.class).inNamespace("schedule").withName(test.getMetadata().getName())
        .edit(current -> {
          change.accept(current.getSpec());
          return current;
        });
  }
}
