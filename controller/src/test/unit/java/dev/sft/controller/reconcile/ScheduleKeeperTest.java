package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.ConcurrencyPolicy;
import dev.sft.controller.schedule.ScheduleDecision;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ScheduleKeeper} alone, over a mock API server, with an hourly schedule and a test clock set to the minute
 * after a firing ({@code hour}). What it records of each firing:
 * <ul>
 *   <li>idle, first look (no watermark) → {@code nextScheduleTime} written, nothing starts</li>
 *   <li>idle, firing due → the firing to start, nothing written (the run's start write records it)</li>
 *   <li>idle, firing older than {@code startingDeadlineSeconds} → missed: {@code nextScheduleTime} moved on,
 *       {@code ScheduleMissed} Event</li>
 *   <li>during a run, {@code Forbid} → skipped: {@code nextScheduleTime} moved on, {@code ScheduleSkipped} Event</li>
 *   <li>during a run, {@code Replace} → the firing that replaces the run, nothing written (the watermark stays)</li>
 *   <li>when to look again: until the next firing, at least 1 s, at most the recheck interval; never without a
 *       schedule or while suspended</li>
 * </ul>
 */
class ScheduleKeeperTest extends StepTest {
  /** A firing of the hourly schedule, a minute before the test clock's now. */
  Instant hour;

  @BeforeEach
  void atAFiring() {
    hour = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
    fixture.clock.jumpTo(hour.plusSeconds(60));
  }

  @Test
  void aFirstLookRecordsTheNextFiringAndStartsNothing() {
    SchedulerFailureTest test = fixture.create("first", spec -> spec.schedule = "0 * * * *");

    assertThat(fixture.newScheduleKeeper().dueWhileIdle(fixture.ledger(test))).isNull();

    assertThat(fixture.get(test).getStatus().nextScheduleTime).isEqualTo(hour.plus(1, ChronoUnit.HOURS).toString());
  }

  @Test
  void aDueFiringWhileIdleIsStartedAndRecordedByTheStart() {
    SchedulerFailureTest test = scheduled("due", null);
    String version = fixture.get(test).getMetadata().getResourceVersion();

    ScheduleDecision.Start start = fixture.newScheduleKeeper().dueWhileIdle(fixture.ledger(test));

    assertThat(start.firing()).isEqualTo(hour);
    assertThat(fixture.get(test).getMetadata().getResourceVersion()).isEqualTo(version);
  }

  @Test
  void aFiringPastItsStartingDeadlineIsMissed() {
    SchedulerFailureTest test = scheduled("missed", spec -> spec.startingDeadlineSeconds = 30L);

    assertThat(fixture.newScheduleKeeper().dueWhileIdle(fixture.ledger(test))).isNull();

    assertThat(fixture.get(test).getStatus().nextScheduleTime).isEqualTo(hour.plus(1, ChronoUnit.HOURS).toString());
    assertThat(fixture.events(test)).singleElement().satisfies(e -> {
      assertThat(e.getReason()).isEqualTo("ScheduleMissed");
      assertThat(e.getMessage()).startsWith("the schedule's firing at " + hour + " was missed");
    });
  }

  @Test
  void aFiringDuringARunIsSkippedUnderForbid() {
    SchedulerFailureTest test = scheduled("forbid", null);
    fixture.editStatus(test, s -> s.runId = "forbid-r1-0000");

    assertThat(fixture.newScheduleKeeper().dueDuringRun(fixture.ledger(test))).isNull();

    assertThat(fixture.get(test).getStatus().nextScheduleTime).isEqualTo(hour.plus(1, ChronoUnit.HOURS).toString());
    assertThat(fixture.events(test)).singleElement().satisfies(e -> {
      assertThat(e.getReason()).isEqualTo("ScheduleSkipped");
      assertThat(e.getMessage()).contains("run forbid-r1-0000 is in progress (concurrencyPolicy Forbid)");
    });
  }

  @Test
  void aFiringDuringARunReplacesItUnderReplaceAndKeepsTheWatermark() {
    SchedulerFailureTest test = scheduled("replace", spec -> spec.concurrencyPolicy = ConcurrencyPolicy.Replace);
    String version = fixture.get(test).getMetadata().getResourceVersion();

    ScheduleDecision.Replace replace = fixture.newScheduleKeeper().dueDuringRun(fixture.ledger(test));

    assertThat(replace.firing()).isEqualTo(hour);
    assertThat(fixture.get(test).getMetadata().getResourceVersion()).isEqualTo(version);
    assertThat(fixture.events(test)).isEmpty();
  }

  @Test
  void theNextLookIsAtTheNextFiringBoundedByASecondAndTheRecheck() {
    SchedulerFailureTest test = fixture.create("until", spec -> spec.schedule = "0 * * * *");
    ScheduleKeeper keeper = fixture.newScheduleKeeper();

    fixture.editStatus(test, s -> s.nextScheduleTime = hour.plusSeconds(60 + 600).toString());
    assertThat(keeper.untilNextFiring(fixture.ledger(test)).orElseThrow())
        .isBetween(Duration.ofSeconds(590), Duration.ofSeconds(600));
    fixture.editStatus(test, s -> s.nextScheduleTime = hour.toString());
    assertThat(keeper.untilNextFiring(fixture.ledger(test))).contains(Duration.ofSeconds(1));
    fixture.editStatus(test, s -> s.nextScheduleTime = hour.plus(3, ChronoUnit.HOURS).toString());
    assertThat(keeper.untilNextFiring(fixture.ledger(test))).contains(Duration.ofHours(1));

    SchedulerFailureTest suspended = fixture.get(test);
    suspended.getSpec().suspend = true;
    client.resource(suspended).update();
    assertThat(keeper.untilNextFiring(fixture.ledger(test))).isEqualTo(Optional.empty());
    assertThat(keeper.untilNextFiring(fixture.ledger(fixture.create("unscheduled", spec -> {}))))
        .isEqualTo(Optional.empty());
  }

  @Test
  void aRunStartingNowCountsTheScheduleFromNow() {
    SchedulerFailureTest test = fixture.create("fromnow", spec -> spec.schedule = "0 * * * *");

    assertThat(fixture.newScheduleKeeper().nextFiringFromNow(fixture.ledger(test)))
        .isEqualTo(hour.plus(1, ChronoUnit.HOURS).toString());
    assertThat(fixture.newScheduleKeeper().nextFiringFromNow(fixture.ledger(fixture.create("none", spec -> {}))))
        .isNull();
  }

  /** An hourly test whose watermark is {@code hour}: that firing is due. */
  private SchedulerFailureTest scheduled(String name, java.util.function.Consumer<
      dev.sft.api.SchedulerFailureTestSpec> change) {
    SchedulerFailureTest test = fixture.create(name, spec -> {
      spec.schedule = "0 * * * *";
      if (change != null) {
        change.accept(spec);
      }
    });
    fixture.editStatus(test, s -> s.nextScheduleTime = hour.toString());
    return test;
  }
}
