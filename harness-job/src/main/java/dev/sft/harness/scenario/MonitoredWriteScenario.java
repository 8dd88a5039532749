package dev.sft.harness.scenario;

import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.WriterName;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.evidence.Markers;
import dev.sft.contract.Check;
import dev.sft.harness.driver.ExecutorHosts;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shape every scenario shares: create a new empty table, drive one monitored write through its failure, release
 * anything still held, drain the scheduler events, judge the scheduler evidence, apply the common assertions and
 * the storage audit, export the evidence. Subclasses supply the table, the drive and the judgement.
 *
 * @param <S> what the drive learned (the race, the kill target), or null when it did not get that far
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

  /** How the table differs from a default Iceberg table, for the progress line. */
  abstract String tableDescription();

  abstract S drive(ScenarioRun run, ScenarioContext context, String table, String location);

  /** Judges the scheduler evidence; {@code state} is null when the drive failed before it knew it. */
  abstract void judge(ScenarioRun run, S state, WriteEvidence evidence, String failure);

  abstract AuditRules.OrphanPolicy orphanPolicy();

  @Override
  public final ScenarioResult run(ScenarioContext context, int repetition) {
    ScenarioRun run = new ScenarioRun(name, repetition, context);
    // Preflight ran once per driver run; executors may have gone since. Without two hosts this scenario fails, the
    // run goes on.
    List<String> executors = ExecutorHosts.registered(context.spark());
    Optional<String> shortfall = ExecutorHosts.shortfall(executors);
    run.check(Check.SCHEDULER, EXECUTORS_ON_TWO_HOSTS, shortfall.isEmpty(),
        shortfall.orElse("executors registered before the scenario: " + executors));
    if (shortfall.isPresent()) {
      run.phase("FAILED before it started: " + shortfall.get());
      return ScenarioSupport.finish(run, context, new ScenarioRun.Counts(), "not started: " + shortfall.get(), null);
    }
    context.plans().recordTo(run.dir().resolve(EvidenceLayout.PLANS));
    String table = run.tableName();
    String location = null;
    String failure = null;
    S state = null;
    try {
      run.phase("creating empty table " + Fixture.qualified(table) + " (" + tableDescription() + ")");
      location = context.fixture().createTable(table, tableProperties());
      state = drive(run, context, table, location);
    } catch (RuntimeException e) {
      failure = "scenario did not complete: " + e.getMessage();
      run.phase("FAILED: " + e.getMessage());
    } finally {
      // Nothing may stay held once the scenario is over, whatever happened.
      Markers.publishText(run.gates().releaseAll(), "released by the driver at the end of the scenario");
    }
    ScenarioSupport.drainListenerBus(context);
    WriteEvidence evidence = WriteEvidence.read(run.gates());
    if (context.writer() == WriterName.COMET_NATIVE) {
      NativeWriterProof.judge(run, context.plans().lastWritePlan());
    }
    judge(run, state, evidence, failure);
    ScenarioRun.Counts counts = location == null
        ? new ScenarioRun.Counts()
        : CommonAssertions.apply(run, context, table, location, evidence, orphanPolicy());
    return ScenarioSupport.finish(run, context, counts, failure, location);
  }
}
