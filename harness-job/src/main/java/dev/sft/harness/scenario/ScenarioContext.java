package dev.sft.harness.scenario;

import dev.sft.contract.WriterName;
import dev.sft.harness.driver.PlanRecorder;
import dev.sft.harness.driver.SchedulerEventLog;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.spark.sql.SparkSession;

/** What every scenario of one driver run shares; {@code killCommand} is null when no scenario kills. */
public record ScenarioContext(
    SparkSession spark,
    SchedulerEventLog events,
    PlanRecorder plans,
    Fixture fixture,
    Path runDir,
    Duration timeout,
    boolean keepFixtures,
    String killCommand,
    WriterName writer) {}
