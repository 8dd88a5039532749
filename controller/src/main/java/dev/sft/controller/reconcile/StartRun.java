package dev.sft.controller.reconcile;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.StatusBounds;
import dev.sft.controller.schedule.ScheduleDecision;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.SchemaBounds;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import dev.sft.controller.validate.SpecValidator;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import dev.sft.controller.observe.QuotaCheck;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The step while no run is in progress (never run, stalled, or finished and cleaned up): a generation without a run
 * starts one, unless its spec is invalid or the namespace's ResourceQuotas leave no room for it ({@link QuotaCheck};
 * either way the test stalls, nothing is created) or only its schedule changed
 * ({@link GenerationKeeper}); a due firing of the schedule ({@link ScheduleKeeper}) starts one too. A firing is recorded
 * ({@code lastScheduleTime}, and {@code nextScheduleTime} moved on) in the same status write that starts its run, so
 * a restarted controller never starts it twice.
 */
@ApplicationScoped
public class StartRun implements RunStep {
  /** How often a test the quotas refused looks at them again. */
  static final Duration QUOTA_RECHECK = Duration.ofMinutes(1);

  private final KubernetesClient client;
  private final QuotaCheck quotas;
  private final ScheduleKeeper schedule;
  private final GenerationKeeper generations;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final Clock clock;

  public StartRun(KubernetesClient client, QuotaCheck quotas, ScheduleKeeper schedule, GenerationKeeper generations,
      StatusWriter statusWriter, EventRecorder events, Clock clock) {
    this.client = client;
    this.quotas = quotas;
    this.schedule = schedule;
    this.generations = generations;
    this.statusWriter = statusWriter;
    this.events = events;
    this.clock = clock;
  }

  @Override
  public Next advance(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    if (status.runGeneration != null && status.runGeneration == ledger.generation()) {
      if (!Objects.equals(status.observedGeneration, ledger.generation())) {
        statusWriter.write(ledger.test());
      }
      ScheduleDecision.Start firing = schedule.dueWhileIdle(ledger);
      if (firing == null) {
        return Next.IDLE;
      }
      // A firing the quotas leave no room for stays due: started once they do, or missed past its deadline.
      return noRoom(ledger) ? Next.waitFor(QUOTA_RECHECK) : start(ledger, firing);
    }
    List<SpecValidator.Violation> violations = SpecValidator.validate(ledger.test());
    if (!violations.isEmpty()) {
      stall(ledger, Reason.InvalidSpec, "invalid spec, nothing was created: "
          + violations.stream().map(SpecValidator.Violation::toString).collect(Collectors.joining("; ")));
      return Next.IDLE;
    }
    if (status.phase != null && status.phase.finished() && status.runSpec != null
        && generations.adoptIfOnlyScheduling(ledger)) {
      return Next.CONTINUE;
    }
    if (noRoom(ledger)) {
      // Quotas change without an event the controller watches: look again, and start once they leave room.
      return Next.waitFor(QUOTA_RECHECK);
    }
    return start(ledger, schedule.decideWhileIdle(ledger));
  }

  /** Whether the namespace's ResourceQuotas leave no room for a run of the test's spec; if so, it stalls, saying why. */
  private boolean noRoom(StatusLedger ledger) {
    String refusal = quotas.refusal(ledger.test(), ResolvedSpec.of(ledger.test().getSpec()));
    if (refusal != null) {
      stall(ledger, Reason.QuotaExceeded, "not started, nothing was created: " + refusal);
    }
    return refusal != null;
  }

  /** Stalls the test with {@code message}: written and posted once, until the message or the generation changes. */
  private void stall(StatusLedger ledger, Reason reason, String message) {
    SchedulerFailureTestStatus status = ledger.status();
    // Cut as the writer will, so that the same message compares equal to what the status holds.
    message = SchemaBounds.cut(message, StatusBounds.MESSAGE);
    var stalled = Conditions.find(status, Conditions.STALLED);
    boolean alreadyReported = stalled != null && message.equals(stalled.getMessage())
        && Objects.equals(status.observedGeneration, ledger.generation());
    if (alreadyReported) {
      return;
    }
    ledger.archiveFinishedRun();
    status.phase = Phase.Pending;
    status.message = message;
    Conditions.stalled(status, reason, message, ledger.generation());
    statusWriter.write(ledger.test());
    events.warning(ledger.test(), reason, message);
  }

  /**
   * Starts a run for a new generation or a firing of the schedule ({@code firing} a {@link ScheduleDecision.Start});
   * the firing is recorded in the same write, and the schedule counts from now.
   */
  private Next start(StatusLedger ledger, ScheduleDecision firing) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    boolean newGeneration = !Objects.equals(status.runGeneration, ledger.generation());
    int runNumber = (status.runNumber == null ? 0 : status.runNumber) + 1;
    // The suffix keeps a re-created test of the same name from reusing an evidence folder. It is derived, not random:
    // a reconcile that starts the same run again from a stale cache must name it the same.
    String runId = test.getMetadata().getName() + "-r" + runNumber + "-"
        + String.format("%04x", (test.getMetadata().getUid() + "/" + runNumber).hashCode() & 0xffff);
    ledger.startRun(runId, runNumber, client.getKubernetesSerialization().asJson(test.getSpec()),
        ResolvedSpec.of(test.getSpec()));
    status.phase = Phase.Provisioning;
    status.step = Step.ApplyingCluster;
    status.startTime = clock.instant().toString();
    status.message = "run " + status.runId + " started for generation " + status.runGeneration;
    if (firing instanceof ScheduleDecision.Start start) {
      status.lastScheduleTime = start.firing().toString();
      status.message = "run " + status.runId + " started for " + (newGeneration ? "generation "
          + status.runGeneration + " and " : "") + "the schedule's firing at " + start.firing();
    }
    // A spec change starts a run at once; the schedule's firings count from it.
    status.nextScheduleTime = schedule.nextFiringFromNow(ledger);
    Conditions.runStarted(status, status.message, ledger.generation());
    statusWriter.write(test);
    events.normal(test, Reason.RunStarted, status.message);
    return Next.CONTINUE;
  }
}
