package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.BoundedWait;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.WriterFiles;
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
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Probed DELETE, UPDATE and MERGE in copy-on-write and merge-on-read mode (format v2 position deletes, format v3
 * deletion vectors) on the fixture's table, on a real Standalone cluster. From the recorded evidence alone: every
 * writer attempt is marked (started, handed off, completed), each is accepted once, the commit marker counts them,
 * the accepted messages' files are the data and delete files the new snapshot adds (but for deletion vectors the
 * commit itself merged, see below), DELETE and UPDATE pause
 * every writer attempt on input until released, MERGE holds partition 0 after handoff until released, and the table
 * holds the exact expected row multiset. Each case prints its writer task and file counts.
 *
 * <p>The whole matrix runs with {@code ./mvnw verify -Pmatrix};
 * {@link RowLevelOperationIT} runs one command per mode through {@code sft local}.
 */
@Tag("matrix")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RowLevelProbeIT {
  static final Duration TIMEOUT = Duration.ofSeconds(120);
  static final int PAUSE_AFTER_ROWS = 50;
  static final int HELD_PARTITION = 0;

  private LocalCluster cluster;
  private SparkSession spark;
  private Fixture fixture;
  private Path runDir;
  private final List<String> summary = new ArrayList<>();

  @BeforeAll
  void startCluster() throws Exception {
    Path dir = ItCluster.freshDir("row-level-probe");
    cluster = ItCluster.start(dir.resolve("cluster"), TIMEOUT);
    spark = SparkSession.builder().config(SparkSettings.conf(options(dir, cluster.masterUrl()).sparkInputs()))
        .getOrCreate();
    runDir = dir.resolve("shared").resolve("row-level");
    fixture = Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), TIMEOUT);
    RowLevelCommands.registerViews(spark, fixture.source());
  }

  static DriverRunOptions options(Path dir, String master) {
    DriverRun driverRun = DriverRun.builder("row-level", false, List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT))
        .writer(WriterName.ICEBERG)
        .timeouts((int) TIMEOUT.toSeconds(), 30)
        .interruptOnCancel(false)
        .cluster(master, dir.resolve("shared").toString())
        .killCommand("/bin/true")
        .driverHost(LocalCluster.MASTER_HOST)
        .build();
    return new DriverRunOptions(driverRun, dir.resolve("report.json"), null, false, false, Map.of(), List.of());
  }

  @AfterAll
  void stopCluster() throws Exception {
    summary.forEach(System.out::println);
    if (runDir != null) {
      Files.write(runDir.resolve("row-level-summary.txt"), summary);
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
    for (RowLevelCommands.Layout layout : RowLevelCommands.Layout.values()) {
      for (RowLevelCommands.Mode mode : RowLevelCommands.Mode.values()) {
        for (RowLevelCommands command : RowLevelCommands.values()) {
          cases.add(Arguments.of(mode, command, layout));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{1} {0} {2}")
  @MethodSource("cases")
  void theProbeSeesEveryAttemptOfARowLevelCommand(RowLevelCommands.Mode mode, RowLevelCommands command,
      RowLevelCommands.Layout layout) throws Exception {
    String name = (command + "_" + mode + "_" + layout).toLowerCase(java.util.Locale.ROOT);
    Map<String, String> properties = new LinkedHashMap<>(mode.properties());
    properties.putAll(layout.properties);
    String location = fixture.createTable(name, dev.sft.contract.TableLayout.UNPARTITIONED, properties);
    fixture.source().writeTo(Fixture.qualified(name)).append();
    Table table = StorageAudit.load(location);
    Snapshot seed = table.currentSnapshot();

    boolean pauses = command != RowLevelCommands.MERGE && layout == RowLevelCommands.Layout.FILE_PER_TASK;
    boolean holds = command == RowLevelCommands.MERGE;
    ProbeSpec spec = new ProbeSpec(runDir.resolve(name).toString(), Fixture.dataLocation(location),
        holds ? List.of(HELD_PARTITION) : List.of(), pauses ? PAUSE_AFTER_ROWS : 0, List.of(), TIMEOUT.toMillis());
    try (BoundedJob<Void> job = BoundedJob.startInterruptible(spark, "row-level-" + name, () -> {
      ProbedCommand.run(spark, spec, () -> spark.sql(command.sql(Fixture.probed(name))));
      return null;
    })) {
      if (pauses) {
        awaitEveryWriterPaused(spec, job);
      }
      if (holds) {
        awaitHeldAfterHandoff(spec, job);
      }
      job.await(TIMEOUT);
    }

    WriteEvidence evidence = WriteEvidence.read(spec.paths());
    Set<Long> writers = tids(evidence.started());
    assertThat(writers).as("writer attempts").isNotEmpty();
    assertThat(evidence.started()).allSatisfy(m -> assertThat(m.detail()).isEqualTo("row-level data writer"));
    assertThat(tids(evidence.handoffs())).as("handed off").isEqualTo(writers);
    assertThat(evidence.completed()).as("completed").hasSize(writers.size())
        .allSatisfy(m -> assertThat(m.detail()).isEqualTo("succeeded"));
    assertThat(evidence.aborted()).isEmpty();
    assertThat(evidence.gateTimeouts()).isEmpty();
    assertThat(evidence.acceptedTids()).as("accepted once each").isEqualTo(writers);
    assertThat(evidence.accepted()).hasSize(writers.size());
    assertThat(evidence.duplicateAccepted()).isEmpty();
    assertThat(evidence.unattributedAccepted()).isEmpty();
    assertThat(evidence.commits()).singleElement().satisfies(c -> {
      assertThat(c.succeeded()).as(c.detail()).isTrue();
      assertThat(c.messages()).isEqualTo(writers.size());
    });

    table.refresh();
    Snapshot after = table.currentSnapshot();
    assertThat(after.parentId()).as("one commit on the seed").isEqualTo(seed.snapshotId());
    Set<String> addedData = paths(after.addedDataFiles(table.io()));
    Set<String> addedDeletes = paths(after.addedDeleteFiles(table.io()));
    Set<String> added = new TreeSet<>(addedData);
    added.addAll(addedDeletes);
    // Format v3 allows one deletion vector per data file: when several tasks wrote DVs for one data file, Iceberg's
    // commit merges them into a Puffin file of its own (merged-dvs-*.puffin, written by the driver) and the tasks'
    // Puffin files it superseded stay on storage, unreferenced.
    Set<String> mergedByCommit = new TreeSet<>(added);
    mergedByCommit.removeIf(f -> !Path.of(f).getFileName().toString().startsWith("merged-dvs-"));
    Set<String> fromAttempts = new TreeSet<>(added);
    fromAttempts.removeAll(mergedByCommit);
    Set<String> superseded = new TreeSet<>(evidence.winnerFiles());
    superseded.removeAll(added);
    assertThat(evidence.winnerFiles()).as("accepted files include every file the snapshot adds from an attempt")
        .containsAll(fromAttempts);
    if (mergedByCommit.isEmpty()) {
      assertThat(superseded).as("accepted files the snapshot does not add").isEmpty();
    } else {
      assertThat(mode.formatVersion).as("DVs merged at commit: " + mergedByCommit).isGreaterThanOrEqualTo(3);
      assertThat(superseded).as("accepted files superseded by the commit's DV merge").isNotEmpty()
          .allSatisfy(f -> assertThat(f).endsWith("-deletes.puffin"));
    }
    if (mode.mergeOnRead()) {
      assertThat(addedDeletes).as("delete files").isNotEmpty()
          .allSatisfy(f -> assertThat(f).endsWith(mode.formatVersion >= 3 ? ".puffin" : ".parquet"));
    } else {
      assertThat(addedDeletes).as("copy-on-write adds no delete files").isEmpty();
    }
    if (layout == RowLevelCommands.Layout.FILE_PER_TASK && command != RowLevelCommands.MERGE) {
      assertThat(writers).as("one writer task per data file").hasSize(Fixture.WRITER_PARTITIONS);
    }

    var actual = spark.table(Fixture.qualified(name)).select("id", "payload");
    var expected = command.expected(spark);
    assertThat(actual.count()).as("rows").isEqualTo(expected.count());
    assertThat(expected.exceptAll(actual).count()).as("expected rows missing").isZero();
    assertThat(actual.exceptAll(expected).count()).as("rows not expected").isZero();

    long nonEmpty = evidence.handoffs().stream().filter(m -> !m.files().isEmpty()).count();
    summary.add(String.format(java.util.Locale.ROOT,
        "row-level %-7s %-17s %-13s writer tasks %d (%d with files), added data files %d, added delete files %d,"
            + " removed data files %d, stage %s%s",
        command, mode, layout, writers.size(), nonEmpty, addedData.size(), addedDeletes.size(),
        paths(after.removedDataFiles(table.io())).size(), stages(evidence.started()),
        mergedByCommit.isEmpty() ? "" : "; the commit merged DVs into " + names(mergedByCommit) + ", superseding "
            + names(superseded) + " (still on storage: " + superseded.stream().filter(f -> Files.exists(Path.of(f)))
            .count() + ")"));
  }

  /** Every writer attempt pauses on input after {@link #PAUSE_AFTER_ROWS} rows, before any hands off. */
  private void awaitEveryWriterPaused(ProbeSpec spec, BoundedJob<Void> job) {
    BoundedWait.untilTrue(Fixture.WRITER_PARTITIONS + " writer attempts paused on input", TIMEOUT, () -> {
      requireRunning(job);
      return WriteEvidence.read(spec.paths()).paused().size() == Fixture.WRITER_PARTITIONS;
    }, () -> describe(spec));
    WriteEvidence paused = WriteEvidence.read(spec.paths());
    assertThat(paused.handoffs()).as("handoffs while paused").isEmpty();
    assertThat(paused.commits()).as("commits while paused").isEmpty();
    assertThat(paused.paused()).allSatisfy(m -> assertThat(m.rowsSupplied()).isEqualTo((long) PAUSE_AFTER_ROWS));
    Markers.publishText(spec.paths().releaseAll(), "released by RowLevelProbeIT");
  }

  /** Partition 0's attempt is held after handoff: its message is not accepted and nothing commits until released. */
  private void awaitHeldAfterHandoff(ProbeSpec spec, BoundedJob<Void> job) {
    AttemptMarker held = BoundedWait.until("partition " + HELD_PARTITION + " held after handoff", TIMEOUT, () -> {
      requireRunning(job);
      return WriteEvidence.read(spec.paths()).handoffsOf(HELD_PARTITION).stream().findFirst();
    }, () -> describe(spec));
    BoundedWait.sleep(Duration.ofSeconds(1));
    WriteEvidence holding = WriteEvidence.read(spec.paths());
    assertThat(holding.acceptedTids()).as("accepted while held").doesNotContain(held.attempt().taskAttemptId());
    assertThat(holding.commits()).as("commits while held").isEmpty();
    Markers.publishText(spec.paths().release(HELD_PARTITION, held.attempt().taskAttemptId()), "released");
  }

  private static void requireRunning(BoundedJob<Void> job) {
    if (job.isDone()) {
      job.await(TIMEOUT);
      throw new IllegalStateException("the command ended before the probe's gate was reached");
    }
  }

  private static String describe(ProbeSpec spec) {
    WriteEvidence e = WriteEvidence.read(spec.paths());
    return "started " + tids(e.started()) + ", paused " + tids(e.paused()) + ", handed off " + tids(e.handoffs())
        + ", commits " + e.commits();
  }

  private static Set<Long> tids(List<AttemptMarker> markers) {
    Set<Long> tids = new TreeSet<>();
    markers.forEach(m -> tids.add(m.attempt().taskAttemptId()));
    return tids;
  }

  private static Set<Integer> stages(List<AttemptMarker> markers) {
    Set<Integer> stages = new TreeSet<>();
    markers.forEach(m -> stages.add(m.attempt().stageId()));
    return stages;
  }

  private static List<String> names(Set<String> files) {
    return files.stream().map(f -> Path.of(f).getFileName().toString()).toList();
  }

  private static Set<String> paths(Iterable<? extends ContentFile<?>> files) {
    Set<String> paths = new TreeSet<>();
    files.forEach(f -> paths.add(WriterFiles.localPath(f.location())));
    return paths;
  }
}
