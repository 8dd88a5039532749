package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.probe.ProbedCommand;
import dev.sft.harness.run.DriverRunOptions;
import dev.sft.harness.table.Fixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.comet.iceberg.IcebergWriteReportListener;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.SparkPlan;
import scala.jdk.javaapi.CollectionConverters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which writer DataFusion Comet (the comet-native run settings) uses for Iceberg's row-level writes: each DELETE,
 * UPDATE and MERGE, in copy-on-write and merge-on-read (v2, v3) mode, runs on the plain catalog under a probe spec
 * (the job's local property, which Comet's handoff hook and commit observer read), and Comet's own classification
 * of the executed plan (the one its {@code spark.comet.testing.icebergWriteReport.dir} JSON lines are written from)
 * says which writer ran. The rows must be exact either way.
 *
 * <p>The whole matrix runs with {@code ./mvnw verify -Pmatrix};
 * by default {@link CometFallbackIT} runs a copy-on-write DELETE through {@code sft local}.
 */
@Tag("matrix")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CometRowLevelIT {
  static final Duration TIMEOUT = Duration.ofSeconds(120);

  private LocalCluster cluster;
  private SparkSession spark;
  private Fixture fixture;
  private Path runDir;
  private final List<String> summary = new ArrayList<>();

  @BeforeAll
  void startCluster() throws Exception {
    Path dir = ItCluster.freshDir("comet-row-level");
    cluster = ItCluster.start(dir.resolve("cluster"), TIMEOUT);
    DriverRun driverRun = DriverRun
        .builder("comet-row-level", false, List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT))
        .writer(WriterName.COMET_NATIVE)
        .timeouts((int) TIMEOUT.toSeconds(), 30)
        .interruptOnCancel(false)
        .cluster(cluster.masterUrl(), dir.resolve("shared").toString())
        .killCommand("/bin/true")
        .driverHost(LocalCluster.MASTER_HOST)
        .build();
    DriverRunOptions options = new DriverRunOptions(driverRun, dir.resolve("report.json"), null, false, false, Map.of(),
        List.of());
    spark = SparkSession.builder().config(SparkSettings.conf(options.sparkInputs())).getOrCreate();
    runDir = options.runDir();
    fixture = Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), TIMEOUT);
    RowLevelCommands.registerViews(spark, fixture.source());
  }

  @AfterAll
  void stopCluster() throws Exception {
    summary.forEach(System.out::println);
    if (runDir != null) {
      Files.write(runDir.resolve("comet-row-level-summary.txt"), summary);
    }
    if (spark != null) {
      spark.stop();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (RowLevelCommands.Mode mode : RowLevelCommands.Mode.values()) {
      for (RowLevelCommands command : RowLevelCommands.values()) {
        cases.add(Arguments.of(mode, command));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{1} {0}")
  @MethodSource("cases")
  void cometSaysWhichWriterRanAndTheRowsAreExact(RowLevelCommands.Mode mode, RowLevelCommands command)
      throws Exception {
    String name = ("comet_" + command + "_" + mode).toLowerCase(java.util.Locale.ROOT);
    Map<String, String> properties = new LinkedHashMap<>(mode.properties());
    properties.putAll(RowLevelCommands.Layout.FILE_PER_TASK.properties);
    String location = fixture.createTable(name, dev.sft.contract.TableLayout.UNPARTITIONED, properties);
    fixture.source().writeTo(Fixture.qualified(name)).append();

    ProbeSpec spec = new ProbeSpec(runDir.resolve(name).toString(), Fixture.dataLocation(location), List.of(), 0,
        List.of(), TIMEOUT.toMillis());
    AtomicReference<Dataset<Row>> result = new AtomicReference<>();
    String failure = null;
    try {
      ProbedCommand.run(spark, spec, () -> result.set(spark.sql(command.sql(Fixture.qualified(name)))));
    } catch (RuntimeException e) {
      failure = e.toString();
    }
    List<String> writes = failure == null ? classified(result.get()) : List.of();
    WriteEvidence evidence = WriteEvidence.read(new GatePaths(Path.of(spec.scenarioDir())));
    summary.add(String.format(java.util.Locale.ROOT,
        "comet %-7s %-17s failure %s; Comet's classification %s; probe: started %d, native handoffs %d,"
            + " accepted %d, commits %d",
        command, mode, failure, writes, evidence.started().size(), evidence.handoffs().size(),
        evidence.accepted().size(), evidence.commits().size()));

    assertThat(failure).as("the command").isNull();
    // Comet 1.2.0 writes no row-level command natively: copy-on-write rewrites run Comet's commit over the JVM
    // writer, merge-on-read deltas stay Spark's WriteDelta. A native entry here means Comet changed: look again.
    assertThat(writes).as("Comet's classification of the command's writes").singleElement()
        .satisfies(w -> assertThat(w).startsWith(mode.mergeOnRead() ? "spark WriteDelta" : "jvm IcebergWrite"));
    var actual = spark.table(Fixture.qualified(name)).select("id", "payload");
    var expected = command.expected(spark);
    assertThat(actual.count()).as("rows").isEqualTo(expected.count());
    assertThat(expected.exceptAll(actual).count()).as("expected rows missing").isZero();
    assertThat(actual.exceptAll(expected).count()).as("rows not expected").isZero();
  }

  /** Comet's own classification of the writes in the command's executed plan: "writer node [reasons]". */
  private static List<String> classified(Dataset<Row> result) {
    SparkPlan plan = result.queryExecution().executedPlan();
    if (plan instanceof CommandResultExec command) {
      plan = command.commandPhysicalPlan();
    }
    List<String> writes = new ArrayList<>();
    for (IcebergWriteReportListener.IcebergWrite write
        : CollectionConverters.asJava(IcebergWriteReportListener.writes(plan))) {
      writes.add(write.writer() + " " + write.node() + " " + CollectionConverters.asJava(write.reasons()));
    }
    return writes;
  }
}
