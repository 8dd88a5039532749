package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.schedule.ScheduleDecision;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.StatusLedger;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * {@link EndRun} alone, over a mock API server. Transitions covered:
 * <ul>
 *   <li>every Job finished, every repetition passed → {@code Succeeded}, step {@code CleaningUp}, cleanup
 *       {@code Pending} (onSuccess DeleteCluster), {@code HarnessComplete=True}, {@code RunSucceeded} Event; nothing
 *       deleted yet</li>
 *   <li>a failure named by the step that ends the run → {@code Failed} with that failure in its message, cleanup
 *       {@code Retained} (onFailure Retain), {@code RunFailed} Event</li>
 *   <li>a repetition failed → {@code Failed}, the failed Jobs named</li>
 *   <li>replaced by the schedule's firing → {@code RunReplaced} Event, unfinished Jobs failed as not run,
 *       {@code Failed}</li>
 *   <li>{@code CleaningUp} with DeleteCluster → the Jobs and the cluster deleted, the claim kept, step {@code Done},
 *       cleanup {@code Done}, {@code CleanedUp} Event</li>
 *   <li>{@code CleaningUp} with Retain → only the disruption budget deleted, cleanup {@code Retained}, no Event</li>
 *   <li>restart: a new instance over {@code CleaningUp} after part of the deletes completes them</li>
 * </ul>
 */
class EndRunTest extends StepTest {

  @Test
  void aRunWhoseRepetitionsAllPassedSucceedsAndWritesItsOutcomeBeforeAnyDelete() {
    SchedulerFailureTest test = fixture.create("passes", spec -> {});
    StatusLedger ledger = fixture.allJobsFinished(test, Verdict.Passed);

    assertThat(fixture.newEndRun().finish(ledger, null)).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Succeeded);
    assertThat(status.lastResult).isEqualTo(Phase.Succeeded);
    assertThat(status.step).isEqualTo(Step.CleaningUp);
    assertThat(status.cleanup).isEqualTo(Cleanup.Pending);
    assertThat(status.completionTime).isNotNull();
    assertThat(status.message).isEqualTo("run " + status.runId + " succeeded: 4/4 scenario repetitions passed both "
        + "verdicts");
    assertThat(Conditions.find(status, Conditions.HARNESS_COMPLETE).getStatus()).isEqualTo("True");
    assertThat(fixture.eventReasons(test)).endsWith("RunSucceeded");
    assertThat(fixture.masterImage(test)).isNotNull();
    assertThat(fixture.jobs()).hasSize(3);
  }

  @Test
  void aFailureNamedByTheEndingStepFailsTheRun() {
    SchedulerFailureTest test = fixture.create("named", spec -> {});
    StatusLedger ledger = fixture.runningHarness(test);
    ledger.failUnfinishedJobs("the cluster went away");

    fixture.newEndRun().finish(ledger, "the cluster went away");

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Failed);
    assertThat(status.cleanup).isEqualTo(Cleanup.Retained);
    assertThat(status.message).startsWith("run " + status.runId + " failed: 0/4").endsWith("; the cluster went away");
    assertThat(fixture.eventReasons(test)).endsWith("RunFailed");
  }

  @Test
  void aFailedRepetitionFailsTheRunNamingItsJobs() {
    SchedulerFailureTest test = fixture.create("fails", spec -> {});
    StatusLedger ledger = fixture.allJobsFinished(test, Verdict.Failed);

    fixture.newEndRun().finish(ledger, null);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Failed);
    assertThat(status.message).contains("harness Job " + status.harnessJobs.get(0).name + " failed (exit 1)");
  }

  @Test
  void aRunReplacedByTheSchedulesFiringEndsWithItsUnfinishedJobsNotRun() {
    SchedulerFailureTest test = fixture.create("replaced", spec -> spec.schedule = "0 * * * *");
    StatusLedger ledger = fixture.runningHarness(test);
    Instant firing = Instant.parse("2026-01-01T10:00:00Z");

    fixture.newEndRun().replaced(ledger, new ScheduleDecision.Replace(firing));

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Failed);
    assertThat(status.step).isEqualTo(Step.CleaningUp);
    assertThat(status.harnessJobs).allSatisfy(j -> {
      assertThat(j.state).isEqualTo(JobState.Failed);
      assertThat(j.message).isEqualTo("not run: replaced by the schedule's firing at " + firing
          + " (concurrencyPolicy Replace)");
    });
    assertThat(fixture.eventReasons(test)).endsWith("RunReplaced", "RunFailed");
  }

  @Test
  void cleaningUpByDeleteClusterDeletesTheClusterAndJobsAndKeepsTheClaim() {
    SchedulerFailureTest test = fixture.create("deletes", spec -> {});
    fixture.newEndRun().finish(fixture.allJobsFinished(test, Verdict.Passed), null);

    assertThat(fixture.newEndRun().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.step).isEqualTo(Step.Done);
    assertThat(status.cleanup).isEqualTo(Cleanup.Done);
    assertThat(fixture.jobs()).isEmpty();
    assertThat(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
    assertThat(client.services().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
    assertThat(client.persistentVolumeClaims().inNamespace(StepFixture.NAMESPACE).list().getItems()).hasSize(1);
    assertThat(fixture.events(test)).filteredOn(e -> "CleanedUp".equals(e.getReason())).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).isEqualTo("deleted by cleanup policy " + CleanupPolicy.DeleteCluster));
  }

  @Test
  void cleaningUpByRetainDeletesOnlyWhatProtectsTheRunningPods() {
    SchedulerFailureTest test = fixture.create("retains", spec -> {});
    StatusLedger ledger = fixture.runningHarness(test);
    ledger.failUnfinishedJobs("stopped");
    fixture.newEndRun().finish(ledger, "stopped");

    fixture.newEndRun().advance(fixture.ledger(test));

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.step).isEqualTo(Step.Done);
    assertThat(status.cleanup).isEqualTo(Cleanup.Retained);
    assertThat(client.resources(PodDisruptionBudget.class).inNamespace(StepFixture.NAMESPACE).list().getItems())
        .isEmpty();
    assertThat(client.resources(StatefulSet.class).inNamespace(StepFixture.NAMESPACE).list().getItems()).hasSize(2);
    assertThat(fixture.jobs()).hasSize(1); // the storage check
    assertThat(fixture.eventReasons(test)).doesNotContain("CleanedUp");
  }

  @Test
  void aRestartPartWayThroughTheDeletesCompletesThem() {
    SchedulerFailureTest test = fixture.create("partway", spec -> {});
    fixture.newEndRun().finish(fixture.allJobsFinished(test, Verdict.Passed), null);
    // The previous controller deleted the Jobs and the master, then stopped before its status write.
    fixture.jobs().forEach(j -> client.resource(j).delete());
    client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).withName(Names.master(test)).delete();

    fixture.newEndRun().advance(fixture.ledger(test));

    assertThat(fixture.get(test).getStatus().step).isEqualTo(Step.Done);
    assertThat(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
  }
}
