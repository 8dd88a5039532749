package dev.sft.harness.run;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import dev.sft.harness.driver.ExecutorClassData;
import dev.sft.harness.driver.SparkInputs;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.table.Fixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything one driver run needs, already validated by the CLI: the contract's {@link DriverRun} plus what only a
 * harness process decides (where the report goes, how executors get the jars, extra Spark settings).
 *
 * @param executorClasspath extra executor classpath visible on every worker, or null
 * @param shipJars whether to ship the harness and Iceberg jars to executors through {@code spark.jars}
 * @param extraConf further Spark settings, applied last
 * @param jarsUnderTest the {@code --jar} files this driver and its executors must have loaded
 */
public record DriverRunOptions(
    DriverRun driverRun,
    Path report,
    String executorClasspath,
    boolean shipJars,
    boolean keepFixtures,
    Map<String, String> extraConf,
    List<Path> jarsUnderTest) {

  public DriverRunOptions {
    jarsUnderTest = jarsUnderTest == null ? List.of() : List.copyOf(jarsUnderTest);
  }

  public String master() {
    return driverRun.master();
  }

  public String runId() {
    return driverRun.runId();
  }

  public Path runDir() {
    return Path.of(driverRun.sharedRoot()).resolve(driverRun.runId());
  }

  /** This driver run's own folder, e.g. for its scheduler events. */
  public Path driverDir() {
    return EvidenceLayout.driverDir(runDir(), driverRun.group());
  }

  public Duration timeout() {
    return Duration.ofSeconds(driverRun.timeoutSeconds());
  }

  public boolean speculation() {
    return driverRun.speculation();
  }

  public List<ScenarioName> scenarios() {
    return driverRun.scenarios();
  }

  public WriterName writer() {
    return driverRun.writer();
  }

  /** What the driver run's Spark configuration is built from, with the fixture's partitions and catalogs. */
  public SparkInputs sparkInputs() {
    return new SparkInputs(driverRun, runDir(), executorClasspath, shipJars, extraConf, Fixture.WRITER_PARTITIONS,
        Fixture.CATALOG, Fixture.PROBED_CATALOG, ExecutorClassData.inThisImage());
  }
}
