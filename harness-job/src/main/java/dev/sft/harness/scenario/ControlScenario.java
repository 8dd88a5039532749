package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.judge.RecordedDrive;
import dev.sft.harness.operation.Operation;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.table.Fixture;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * A control cell: the write of one scenario family ({@link ScenarioName#familyControl}) on that family's table and plan,
 * with the probe observing but holding nothing, and no kill. The speculation family's control runs in the
 * speculation-on driver run with no speculative attempt forced; the shuffle-loss family's writes through the same
 * shuffle stage as {@link ShuffleLossScenario}. Its storage verdict is the write path's own, which
 * {@link dev.sft.harness.judge.ControlAttribution} sets the family's findings against.
 */
final class ControlScenario extends MonitoredWriteScenario<Void> {
  ControlScenario(ScenarioName control) {
    super(control);
    if (!control.control()) {
      throw new IllegalArgumentException(control.id() + " is not a control");
    }
  }

  @Override
  Map<String, String> tableProperties() {
    return name() == ScenarioName.CONTROL_SPECULATION ? SpeculationScenario.TABLE_PROPERTIES
        : ExecutorLossScenario.TABLE_PROPERTIES;
  }

  @Override
  Map<String, String> operationOverrides(Operation operation) {
    return name() == ScenarioName.CONTROL_SHUFFLE_LOSS ? ShuffleLossScenario.overrides(operation) : Map.of();
  }

  @Override
  String tableDescription() {
    return switch (name()) {
      case CONTROL_SPECULATION -> "as the speculation scenarios' table; no hold, speculation on, none forced";
      case CONTROL_SHUFFLE_LOSS -> "as shuffle loss's table, through its shuffle stage; no hold, no kill";
      default -> "as the executor-loss scenarios' table; no pause, no kill";
    };
  }

  @Override
  Void newLearned() {
    return null;
  }

  @Override
  void drive(ScenarioRepetition repetition, ScenarioContext context, String table, String location, Void learned) {
    ProbeSpec observeOnly = new ProbeSpec(repetition.dir().toString(), Fixture.dataLocation(location), List.of(), 0,
        List.of(), context.timeout().toMillis());
    Dataset<Row> input = context.fixture().source();
    if (name() == ScenarioName.CONTROL_SHUFFLE_LOSS) {
      ShuffleLossScenario.sortIfReinserting(repetition, context, table);
      input = ShuffleLossScenario.shuffledInput(context, observeOnly);
    }
    Dataset<Row> write = input;
    try (BoundedJob<Void> job = BoundedJob.startWrite(context.spark(), repetition.jobGroup(),
        context.interruptOnCancel(), () -> {
          MonitoredWrite.write(context, repetition.operation(), write, table, observeOnly);
          return null;
        })) {
      repetition.phase("write started with no fault: nothing held, nothing killed"
          + (name().needsSpeculation() ? ", no speculative attempt forced" : ""));
      job.await(context.timeout());
    }
  }

  @Override
  RecordedDrive.Fault fault(Void learned) {
    return RecordedDrive.Fault.NONE;
  }
}
