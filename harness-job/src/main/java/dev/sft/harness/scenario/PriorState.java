package dev.sft.harness.scenario;

import dev.sft.harness.evidence.Markers;
import dev.sft.harness.operation.Operation;
import java.util.SortedSet;
import dev.sft.harness.audit.StorageAudit;

/**
 * The table as the operation set it up before the monitored write: which snapshots it had, so the audit can tell
 * the write's new snapshot and the files it added from the files the table already referenced. Written to the
 * evidence folder ({@value #FILE}) so {@code sft audit} judges the same way.
 *
 * @param operation the operation id
 * @param snapshotIds the table's snapshots before the monitored write (empty for a new table)
 */
public record PriorState(String operation, SortedSet<Long> snapshotIds) {
  public static final String FILE = "prior-state.json";

  /**
   * Lets the operation set up its state, records the snapshots, then starts the scenario's scheduler history after
   * everything the set-up ran, so no judge sees its tasks.
   */
  static PriorState prepare(ScenarioRepetition run, ScenarioContext context, Operation operation, String table,
      String location) {
    operation.prepare(context.fixture(), table);
    PriorState prior = new PriorState(operation.id().id(), StorageAudit.snapshotIds(location));
    if (!prior.snapshotIds().isEmpty()) {
      run.phase("prior state: " + prior.snapshotIds().size() + " snapshot(s) before the monitored write");
    }
    Markers.publish(run.dir().resolve(FILE), prior);
    ScenarioSupport.drainListenerBus(context);
    run.startHistoryHere();
    return prior;
  }
}
