package dev.sft.harness.scenario;

import dev.sft.contract.Pin;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import java.util.List;
import dev.sft.harness.driver.PlanRecorder;
import dev.sft.harness.driver.SchedulerEventLog;
import dev.sft.harness.table.Fixture;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.spark.sql.SparkSession;

/**
 * What every scenario of one driver run shares; {@code killCommand} is null when no scenario kills.
 *
 * @param timeout bound of every gate and wait
 * @param killTimeout bound of one call of the kill command
 * @param interruptOnCancel whether the monitored write's job group interrupts cancelled tasks' threads
 * @param pins the pinned interleavings of this driver run; each scenario keeps only its own ({@link Pin#of})
 */
public record ScenarioContext(
    SparkSession spark,
    SchedulerEventLog events,
    PlanRecorder plans,
    Fixture fixture,
    Path runDir,
    Duration timeout,
    Duration killTimeout,
    boolean interruptOnCancel,
    boolean keepFixtures,
    String killCommand,
    WriterName writer,
    List<Pin> pins) {

  /** The pins that hold {@code scenario}'s repetitions. */
  public List<Pin> pinsOf(ScenarioName scenario) {
    return Pin.of(pins, scenario);
  }
}
