package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import dev.sft.controller.validate.SpecChange;
import dev.sft.controller.validate.SpecValidator;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Objects;

/**
 * What a new generation of the spec means for the test's latest run: a change of the scheduling fields alone is
 * adopted by that run ({@link SpecChange}), any other change during a run is queued until the run ends.
 */
@ApplicationScoped
public class GenerationKeeper {
  private final KubernetesClient client;
  private final StatusWriter statusWriter;
  private final EventRecorder events;

  public GenerationKeeper(KubernetesClient client, StatusWriter statusWriter, EventRecorder events) {
    this.client = client;
    this.statusWriter = statusWriter;
    this.events = events;
  }

  /**
   * When the current generation differs from the run's only in when to run (schedule, suspend, history, ...), the
   * run stands for it, as it would have run the same, and this is written. Argo CD and {@code kubectl wait} read
   * {@code runGeneration}.
   *
   * @return whether the generation was adopted
   */
  boolean adoptIfOnlyScheduling(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    if (!SpecChange.onlyScheduling(client.getKubernetesSerialization(), status.runSpec, ledger.test().getSpec())) {
      return false;
    }
    status.runGeneration = ledger.generation();
    status.conditions.forEach(c -> c.setObservedGeneration(ledger.generation()));
    statusWriter.write(ledger.test());
    return true;
  }

  /** A spec change during a run is recorded once and waits for the run to end. */
  void noteDuringRun(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    long generation = ledger.generation();
    if (generation == status.runGeneration || Objects.equals(status.observedGeneration, generation)) {
      return;
    }
    if (SpecValidator.validate(ledger.test()).isEmpty() && adoptIfOnlyScheduling(ledger)) {
      return; // nothing to queue: the schedule applies at once, the run goes on
    }
    String message = "generation " + generation + " queued until run " + status.runId + " ends";
    Conditions.set(status, Conditions.RECONCILING, true, Reason.RunQueued, message, generation);
    statusWriter.write(ledger.test());
    events.normal(ledger.test(), Reason.RunQueued, message);
  }
}
