package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.WriterName;
import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.evidence.BoundedWait;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.PinRecord;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.PriorState;
import dev.sft.harness.judge.Quiescence;
import dev.sft.harness.judge.RecordedDrive;
import dev.sft.harness.evidence.RowCounts;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.contract.Check;
import dev.sft.harness.driver.ExecutorHosts;
import dev.sft.harness.operation.Operation;
import dev.sft.harness.table.Fixture;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shape every scenario shares: create a new table in the operation's layout, let the operation set up its prior
 * state (unmonitored, outside the scenario's scheduler history), drive one monitored write through its failure, release
 * anything still held, wait (bounded) until the write is quiescent, drain the scheduler events, read the rows, record
 * what the drive saw ({@link RecordedDrive}), then judge the folder ({@link ScenarioSupport#finish}). Subclasses
 * supply the table and the drive; the rules are {@link dev.sft.harness.judge.RepetitionJudge}'s.
 *
 * @param <S> what the drive learned as it went (the race, the kill target, whether the kill happened); the drive
 *     fills it in step by step, so a failure keeps everything learned before it
 */
abstract class MonitoredWriteScenario<S> implements Scenario {
  /** The rule of the pre-scenario check that executors still span two hosts. */
  static final String EXECUTORS_ON_TWO_HOSTS = "cluster.executors-on-two-hosts";

  private final ScenarioName name;

  MonitoredWriteScenario(ScenarioName name) {
    this.name = name;
  }

  @Override
  public final ScenarioName name() {
    return name;
  }

  abstract Map<String, String> tableProperties();

  /**
   * Table properties the scenario sets over the operation's own (e.g. a write distribution that puts a shuffle
   * below a row-level command's writer); none by default.
   */
  Map<String, String> operationOverrides(Operation operation) {
    return Map.of();
  }

  /** How the table differs from a default Iceberg table, for the progress line. */
  abstract String tableDescription();

  /** A fresh, empty record of what the drive learns. */
  abstract S newLearned();

  abstract void drive(ScenarioRepetition repetition, ScenarioContext context, String table, String location, S learned);

  /** How far the drive got with the scenario's fault, for the judges ({@link RecordedDrive.Fault}). */
  abstract RecordedDrive.Fault fault(S learned);

  /**
   * What the scenario waits for before the storage audit, once the write came to rest at {@code restedAtMs}, and
   * records in what the drive learned for {@link #fault}; nothing by default.
   */
  void beforeAudit(ScenarioRepetition repetition, S learned, String location, long restedAtMs) {}

  @Override
  public final ScenarioResult run(ScenarioContext context, Operation operation, int repetitionNumber) {
    ScenarioRepetition repetition = new ScenarioRepetition(name, operation, repetitionNumber, context);
    // Preflight ran once per driver run; executors may have gone since. Without two hosts this scenario fails, the
    // run goes on.
    List<String> executors = ExecutorHosts.registered(context.spark());
    Optional<String> shortfall = ExecutorHosts.shortfall(executors);
    repetition.checks().check(Check.SCHEDULER, EXECUTORS_ON_TWO_HOSTS, shortfall.isEmpty(),
        shortfall.orElse("executors registered before the scenario: " + executors));
    if (shortfall.isPresent()) {
      repetition.phase("FAILED before it started: " + shortfall.get());
      return ScenarioSupport.finish(repetition, context, RecordedDrive.notStarted(name.id(), operation.id().id(),
          repetitionNumber, "not started: " + shortfall.get(), repetition.checks().all()), null);
    }
    context.plans().recordTo(repetition.dir().resolve(EvidenceLayout.PLANS));
    // Before the write, so even a repetition whose hold is never reached is judged as pinned.
    context.pinsOf(name).forEach(pin -> Markers.publish(repetition.dir().resolve(EvidenceLayout.PIN),
        PinRecord.of(pin)));
    String table = repetition.tableName();
    String location = null;
    String failure = null;
    S learned = newLearned();
    PriorState prior = null;
    try {
      repetition.phase("creating empty " + operation.id().layout().id() + " table " + Fixture.qualified(table) + " ("
          + tableDescription() + ") for " + operation.id().operation().description());
      Map<String, String> properties = new java.util.TreeMap<>(tableProperties());
      properties.putAll(operation.tableProperties());
      properties.putAll(operationOverrides(operation));
      location = context.fixture().createTable(table, operation.id().layout(), properties);
      prior = preparePriorState(repetition, context, operation, table, location);
      drive(repetition, context, table, location, learned);
    } catch (RuntimeException e) {
      failure = "scenario did not complete: " + e.getMessage();
      // Not yet a verdict: the judges decide, and a write Comet did not run natively is Unknown (below).
      repetition.phase("stopped early: " + e.getMessage());
    } finally {
      // Nothing may stay held once the scenario is over, whatever happened; a release already published (after the
      // kill) stays as the scenario's record of when the gates opened.
      if (!Markers.published(repetition.gates().releaseAll())) {
        Markers.publishText(repetition.gates().releaseAll(), "released by the driver at the end of the scenario");
      }
    }
    List<String> stillLive = awaitQuiescence(repetition, context);
    long restedAtMs = System.currentTimeMillis();
    ScenarioSupport.drainListenerBus(context);
    String notNative = context.writer() != WriterName.COMET_NATIVE ? null
        : NativeWriterProof.judge(repetition, context.plans().lastWritePlan(), operation.nativeWriterGap())
            .orElse(null);
    // Reading the rows needs Spark, so the drive reads them and the judges judge the counts it recorded.
    RowsRead rows = notNative != null || location == null || prior == null ? RowsRead.NOT_READ
        : readRows(repetition, context, table);
    if (location != null && prior != null && stillLive.isEmpty()) {
      beforeAudit(repetition, learned, location, restedAtMs);
    }
    RecordedDrive drive = new RecordedDrive(name.id(), operation.id().id(), repetitionNumber, true, location, failure,
        repetition.checks().all(), fault(learned), repetition.killedByHarness(), notNative, stillLive, rows.counts(),
        rows.unreadable(), repetition.kills());
    return ScenarioSupport.finish(repetition, context, drive, location);
  }

  /** The table's rows against the operation's expected multiset, or why they could not be read. */
  private record RowsRead(RowCounts counts, String unreadable) {
    static final RowsRead NOT_READ = new RowsRead(null, null);
  }

  private static RowsRead readRows(ScenarioRepetition repetition, ScenarioContext context, String table) {
    repetition.phase("verifying rows against the expected multiset after " + repetition.operation().id()
        + " (count, distinct IDs, EXCEPT ALL both ways)");
    try {
      return new RowsRead(
          context.fixture().verifyRows(table, repetition.operation().expectedRows(context.fixture())), null);
    } catch (RuntimeException e) {
      return new RowsRead(null, e.getMessage());
    }
  }

  /**
   * Lets the operation set up its state, records the table's snapshots ({@link PriorState}), then starts the
   * scenario's scheduler history after everything the set-up ran, so no judge sees its tasks.
   */
  private static PriorState preparePriorState(ScenarioRepetition repetition, ScenarioContext context,
      Operation operation, String table, String location) {
    operation.prepare(context.fixture(), table);
    PriorState prior = new PriorState(operation.id().id(), StorageAudit.snapshotIds(location));
    if (!prior.snapshotIds().isEmpty()) {
      repetition.phase("prior state: " + prior.snapshotIds().size() + " snapshot(s) before the monitored write");
    }
    Markers.publish(repetition.dir().resolve(EvidenceLayout.PRIOR_STATE), prior);
    ScenarioSupport.drainListenerBus(context);
    repetition.startHistoryHere();
    return prior;
  }

  /**
   * Waits (bounded) until every started task has a terminal event and every marked attempt completed or lost its
   * executor, as the reference suite does before its audit; returns what is still live when the bound runs out.
   */
  private static List<String> awaitQuiescence(ScenarioRepetition repetition, ScenarioContext context) {
    repetition.phase("waiting for every task and attempt of the write to come to rest");
    ScenarioSupport.drainListenerBus(context);
    if (!Quiescence.anyTaskStarted(repetition.history())) {
      return List.of(Quiescence.NO_TASK_STARTED); // the drive has ended: no task will start now
    }
    try {
      BoundedWait.until("the write's tasks and attempts to come to rest", context.timeout(), () -> {
        ScenarioSupport.drainListenerBus(context);
        return Quiescence.live(repetition.history(), WriteEvidence.read(repetition.gates())).isEmpty()
            ? Optional.of(Boolean.TRUE) : Optional.empty();
      }, () -> String.valueOf(Quiescence.live(repetition.history(), WriteEvidence.read(repetition.gates()))));
      return List.of();
    } catch (BoundedWait.TimedOut | IllegalStateException e) {
      repetition.phase("not quiescent: " + e.getMessage());
      List<String> live = Quiescence.live(repetition.history(), WriteEvidence.read(repetition.gates()));
      return live.isEmpty() ? List.of("the quiescence wait failed: " + e.getMessage()) : live;
    }
  }
}
