package dev.sft.harness.scenario;

import dev.sft.contract.WriterName;
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
    WriterName writer) {}
