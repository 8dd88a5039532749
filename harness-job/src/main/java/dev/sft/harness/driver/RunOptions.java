package dev.sft.harness.driver;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything one driver run needs, already validated by the CLI.
 *
 * @param killCommand executable honouring {@code HOST PID EXECUTOR_ID RUN_DIRECTORY}; null when no scenario kills
 * @param executorClasspath extra executor classpath visible on every worker, or null
 * @param shipJars whether to ship the harness and Iceberg jars to executors through {@code spark.jars}
 * @param driverHost the address executors use to reach the driver, or null for Spark's default
 * @param extraConf further Spark settings, applied last
 */
public record RunOptions(
    String master,
    Path sharedRoot,
    String runId,
    String killCommand,
    Duration timeout,
    boolean speculation,
    List<ScenarioName> scenarios,
    int repeat,
    String executorClasspath,
    boolean shipJars,
    String driverHost,
    Path report,
    boolean keepFixtures,
    Map<String, String> extraConf,
    WriterName writer) {

  public Path runDir() {
    return sharedRoot.resolve(runId);
  }

  /** Which driver run this is: speculation and loss scenarios run in separate driver runs. */
  public String group() {
    return speculation ? "speculation" : "loss";
  }
}
