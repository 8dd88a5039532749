package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.status.Conditions;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link GenerationKeeper} alone, over a mock API server, a run started for generation 1. What a new generation
 * does:
 * <ul>
 *   <li>a change of the scheduling fields alone → adopted by the run ({@code runGeneration}, the conditions'
 *       {@code observedGeneration}), written; no queued change</li>
 *   <li>any other change during a run → queued: {@code Reconciling=True RunQueued} and a {@code RunQueued} Event,
 *       once (a new instance over that status writes nothing again)</li>
 *   <li>an invalid change during a run → queued, not adopted (the test stalls on it when the run ends)</li>
 *   <li>the run's own generation → nothing</li>
 * </ul>
 */
class GenerationKeeperTest extends StepTest {

  @Test
  void aChangeOfTheScheduleAloneIsAdoptedByTheRun() {
    SchedulerFailureTest test = running("adopted", spec -> spec.schedule = "0 3 * * *");

    fixture.newGenerationKeeper().noteDuringRun(fixture.ledger(test));

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.runGeneration).isEqualTo(2L);
    assertThat(status.conditions).isNotEmpty().allSatisfy(c -> assertThat(c.getObservedGeneration()).isEqualTo(2L));
    assertThat(Conditions.find(status, Conditions.RECONCILING).getReason()).isNotEqualTo("RunQueued");
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted");
  }

  @Test
  void anyOtherChangeIsQueuedOnce() {
    SchedulerFailureTest test = running("queued", spec -> spec.repeat = 3);

    fixture.newGenerationKeeper().noteDuringRun(fixture.ledger(test));
    SchedulerFailureTest queued = fixture.get(test);
    fixture.newGenerationKeeper().noteDuringRun(fixture.ledger(test));

    var reconciling = Conditions.find(queued.getStatus(), Conditions.RECONCILING);
    assertThat(reconciling.getReason()).isEqualTo("RunQueued");
    assertThat(reconciling.getMessage()).isEqualTo("generation 2 queued until run " + queued.getStatus().runId
        + " ends");
    assertThat(queued.getStatus().runGeneration).isEqualTo(1L);
    assertThat(fixture.get(test).getMetadata().getResourceVersion())
        .isEqualTo(queued.getMetadata().getResourceVersion());
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted", "RunQueued");
  }

  @Test
  void anInvalidChangeIsQueuedNotAdopted() {
    SchedulerFailureTest test = running("invalid", spec -> {
      spec.schedule = "0 3 * * *";
      spec.spark.workers = 0;
    });

    fixture.newGenerationKeeper().noteDuringRun(fixture.ledger(test));

    assertThat(fixture.get(test).getStatus().runGeneration).isEqualTo(1L);
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted", "RunQueued");
  }

  @Test
  void theRunsOwnGenerationChangesNothing() {
    SchedulerFailureTest test = fixture.create("same", spec -> {});
    fixture.newStartRun().advance(fixture.ledger(test));
    String version = fixture.get(test).getMetadata().getResourceVersion();

    fixture.newGenerationKeeper().noteDuringRun(fixture.ledger(test));

    assertThat(fixture.get(test).getMetadata().getResourceVersion()).isEqualTo(version);
  }

  /** A test whose run started for generation 1, then changed by {@code change} (generation 2). */
  private SchedulerFailureTest running(String name, Consumer<SchedulerFailureTestSpec> change) {
    SchedulerFailureTest test = fixture.create(name, spec -> {});
    fixture.newStartRun().advance(fixture.ledger(test));
    SchedulerFailureTest changed = fixture.get(test);
    change.accept(changed.getSpec());
    assertThat(client.resource(changed).update().getMetadata().getGeneration()).isEqualTo(2L);
    return test;
  }
}
