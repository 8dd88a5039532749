package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.JobGroup;
import dev.sft.harness.operation.Operation;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.judge.Checks;
import dev.sft.harness.judge.HarnessKill;
import dev.sft.harness.judge.SchedulerHistory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One repetition of one cell (a scenario on one write operation) while it runs: its evidence folder, its scheduler
 * events, and the checks its drive makes as it goes (the judges add the rest over the recorded evidence, {@link
 * dev.sft.harness.judge.RepetitionJudge}).
 */
public final class ScenarioRepetition {
  private final ScenarioName name;
  private final Operation operation;
  private final int repetition;
  private final Path dir;
  private final ScenarioContext context;
  private long firstEventSeq;
  private final long startNanos = System.nanoTime();
  private final Checks checks = new Checks();
  /** The kills the harness set out to make in this repetition; any other executor lost is not the scenario's. */
  private final List<HarnessKill> kills = new java.util.ArrayList<>();

  ScenarioRepetition(ScenarioName name, Operation operation, int repetition, ScenarioContext context) {
    this.name = name;
    this.operation = operation;
    this.repetition = repetition;
    this.context = context;
    this.dir = folder(context.runDir(), name.id(), operation.id(), repetition);
    this.firstEventSeq = context.events().nextSeq();
  }

  /** A repetition's evidence folder ({@link dev.sft.harness.evidence.EvidenceLayout#repetitionDir}). */
  public static Path folder(Path runDir, String scenario, WriteOperation operation, int repetition) {
    return dev.sft.harness.evidence.EvidenceLayout.repetitionDir(runDir, scenario, operation, repetition);
  }

  public Operation operation() {
    return operation;
  }

  /**
   * Starts the repetition's scheduler history here: what ran before (the operation's unmonitored prior state) is
   * not the monitored write's. Call after the listener bus has drained.
   */
  void startHistoryHere() {
    this.firstEventSeq = context.events().nextSeq();
  }

  public Path dir() {
    return dir;
  }

  public GatePaths gates() {
    return new GatePaths(dir);
  }

  /** A table name unique within the run. */
  public String tableName() {
    String op = operation.id().equals(WriteOperation.DEFAULT) ? "" : "_" + operation.id().id();
    return (name.id() + op).replace('-', '_') + "_r" + repetition;
  }

  /** The Spark job group of this repetition's monitored write. */
  public String jobGroup() {
    return JobGroup.of(name.id(), operation.id(), repetition);
  }

  public List<SchedulerEvent> events() {
    return context.events().since(firstEventSeq);
  }

  /** The scenario's scheduler events so far, for the judges. */
  public SchedulerHistory history() {
    return new SchedulerHistory(events());
  }

  public Optional<SchedulerEvent> taskEnd(long tid) {
    return history().taskEnd(tid);
  }

  public void phase(String message) {
    String op = operation.id().equals(WriteOperation.DEFAULT) ? "" : " " + operation.id().id();
    Progress.say(name.id() + op + " r" + repetition + ": " + message);
  }

  /** Records, before the kill command runs, that the harness is about to kill this executor, and when it began. */
  void killing(String executorId) {
    kills.add(new HarnessKill(executorId, System.currentTimeMillis()));
  }

  /** The executors the harness set out to kill. */
  java.util.Set<String> killedByHarness() {
    return kills.stream().map(HarnessKill::executorId).collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
  }

  List<HarnessKill> kills() {
    return List.copyOf(kills);
  }

  /** The checks the drive made on the state of a moment, recorded with the drive. */
  public Checks checks() {
    return checks;
  }

  /** Milliseconds since the repetition started. */
  long elapsedMs() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
