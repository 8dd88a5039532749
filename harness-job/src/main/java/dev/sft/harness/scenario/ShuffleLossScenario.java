package dev.sft.harness.scenario;

import static org.apache.spark.sql.functions.col;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.judge.KillTarget;
import dev.sft.harness.judge.SchedulerHistory;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.probe.InputGate;
import dev.sft.harness.probe.PausingInput;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.table.Fixture;
import java.util.Iterator;
import dev.sft.contract.OperationName;
import dev.sft.harness.operation.Operation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.iceberg.spark.Spark3Util;

/**
 * Executor loss with shuffle-output loss. For an append or overwrite the write's input comes through a hash
 * shuffle, exposed as an RDD scan and zipped with a gate, so two reducers are held before their shuffle iterator is
 * built. A row-level command's writer reads a shuffle of Spark's own plan (see {@link #operationOverrides}), and the
 * probe's shuffle manager holds the same two reducers before their shuffle reader exists. The target is an active
 * writer whose executor also owns completed map output. After the executor is removed, releasing the held reducers
 * must produce FetchFailed and a writer stage attempt with a higher stageAttemptId: a higher task attempt number
 * alone is not stage re-execution. The rules are {@link dev.sft.harness.judge.ShuffleLossJudge}'s.
 */
final class ShuffleLossScenario extends ExecutorLossScenario {
  /** Reducers held before fetching; partitions 0 and 1 write, and one of them is the target. */
  static final List<Integer> HELD_REDUCERS = List.of(2, 3);

  ShuffleLossScenario() {
    super(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS);
  }

  @Override
  Dataset<Row> input(ScenarioContext context, ProbeSpec spec) {
    return shuffledInput(context, spec);
  }

  /** The write's input through a hash shuffle and the gate; also the shuffle-loss control's, with nothing held. */
  static Dataset<Row> shuffledInput(ScenarioContext context, ProbeSpec spec) {
    Dataset<Row> source = context.fixture().source();
    // Hash partitioning is deterministic, so Spark may legally re-run the lost map output and the writer stage.
    JavaRDD<Row> shuffled = source.repartition(Fixture.WRITER_PARTITIONS, col("id")).javaRDD();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(context.spark().sparkContext());
    JavaRDD<Integer> gate = jsc.parallelize(List.of(0, 1, 2, 3), Fixture.WRITER_PARTITIONS)
        .mapPartitions(new InputGate(spec));
    // zipPartitions builds the gate's iterator first, so a held reducer has not created its shuffle reader yet.
    JavaRDD<Row> gated = gate.zipPartitions(shuffled, (FlatMapFunction2<Iterator<Integer>, Iterator<Row>, Row>)
        (gateSide, rows) -> PausingInput.wrap(spec, rows));
    return context.spark().createDataFrame(gated, source.schema());
  }

  /**
   * A row-level command reads the table itself, so its writer must read a shuffle for the map output's loss to be
   * fetched: MERGE's writer stage is its join, which reads two shuffles; DELETE and UPDATE (one task per file, no
   * exchange, under the operation's own {@code none}) get Iceberg's range distribution, an exchange directly below
   * the writer that still spreads the rows over the four writer partitions. The reducers are then held before
   * their shuffle reader exists by {@link dev.sft.harness.probe.HoldingShuffleManager}.
   */
  @Override
  Map<String, String> operationOverrides(Operation operation) {
    return overrides(operation);
  }

  /** {@link #operationOverrides}, for the shuffle-loss control too. */
  static Map<String, String> overrides(Operation operation) {
    return operation.takesInput() ? Map.of() : ROW_LEVEL_DISTRIBUTION;
  }

  static final Map<String, String> ROW_LEVEL_DISTRIBUTION = Map.of(
      "write.delete.distribution-mode", "range",
      "write.update.distribution-mode", "range");

  /**
   * Iceberg writes a merge-on-read UPDATE as a delete plus a reinsert, and a reinsert has no file: under the range
   * distribution by file every reinsert would go to one writer partition and the others would only buffer deletes,
   * with no bytes on storage to kill. A table sort order by {@code id} puts the reinserts in order too, so they
   * spread over writer partitions (measured: without it, only one partition owned files when paused).
   */
  static final Set<OperationName> SORTED_BY_ID = Set.of(OperationName.UPDATE_MOR, OperationName.UPDATE_DV);

  @Override
  void drive(ScenarioRepetition repetition, ScenarioContext context, String table, String location, Learned learned) {
    sortIfReinserting(repetition, context, table);
    super.drive(repetition, context, table, location, learned);
  }

  /** Sorts the table by {@code id} for an operation of {@link #SORTED_BY_ID}; also for the shuffle-loss control. */
  static void sortIfReinserting(ScenarioRepetition repetition, ScenarioContext context, String table) {
    if (SORTED_BY_ID.contains(repetition.operation().id().operation())) {
      try {
        Spark3Util.loadIcebergTable(context.spark(), Fixture.qualified(table)).replaceSortOrder().asc("id").commit();
      } catch (ParseException | NoSuchTableException e) {
        throw new IllegalStateException("cannot set the sort order of " + table + ": " + e.getMessage(), e);
      }
      repetition.phase("table sort order set to id, so the UPDATE's reinserts spread over the writer partitions");
    }
  }

  @Override
  List<Integer> holdBeforeInput() {
    return HELD_REDUCERS;
  }

  @Override
  Optional<KillTarget> chooseTarget(ScenarioRepetition repetition, WriteEvidence evidence) {
    Set<Integer> held = evidence.heldBeforeInput().stream().map(m -> m.attempt().partition())
        .collect(Collectors.toCollection(TreeSet::new));
    if (!held.containsAll(HELD_REDUCERS)) {
      return Optional.empty();
    }
    SchedulerHistory history = repetition.history();
    List<AttemptMarker> paused = pausedWithBytes(evidence);
    return paused.stream()
        .filter(m -> !HELD_REDUCERS.contains(m.attempt().partition()))
        .filter(m -> history.mapOutputOn(m.attempt().executorId(), m.attempt().stageId()).isPresent())
        .findFirst()
        .flatMap(victim -> otherProcess(paused, victim).map(other -> new KillTarget(victim, other)));
  }
}
