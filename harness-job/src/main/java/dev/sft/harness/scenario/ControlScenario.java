package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.judge.RecordedDrive;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.table.Fixture;
import java.util.List;
import java.util.Map;

/**
 * The control cell: the operation's write on the loss scenarios' table, with the probe observing but holding nothing,
 * no kill, and speculation off (it runs in the speculation-off driver run). Its storage verdict is the write path's
 * own, which {@link dev.sft.harness.judge.ControlAttribution} sets each failure cell's findings against.
 */
final class ControlScenario extends MonitoredWriteScenario<Void> {
  ControlScenario() {
    super(ScenarioName.CONTROL);
  }

  @Override
  Map<String, String> tableProperties() {
    return ExecutorLossScenario.TABLE_PROPERTIES;
  }

  @Override
  String tableDescription() {
    return "as the loss scenarios' table; no hold, no kill, speculation off";
  }

  @Override
  Void newProgress() {
    return null;
  }

  @Override
  void drive(ScenarioRepetition run, ScenarioContext context, String table, String location, Void progress) {
    ProbeSpec observeOnly = new ProbeSpec(run.dir().toString(), Fixture.dataLocation(location), List.of(), 0,
        List.of(), context.timeout().toMillis());
    try (BoundedJob<Void> write = BoundedJob.startWrite(context.spark(), run.jobGroup(), context.interruptOnCancel(),
        () -> {
          MonitoredWrite.write(context, run.operation(), context.fixture().source(), table, observeOnly);
          return null;
        })) {
      run.phase("write started with no fault: nothing held, nothing killed");
      write.await(context.timeout());
    }
  }

  @Override
  RecordedDrive.Fault fault(Void progress) {
    return RecordedDrive.Fault.NONE;
  }

}
