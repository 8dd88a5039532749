package dev.sft.harness.scenario;

import static dev.sft.contract.Check.SCHEDULER;
import static org.apache.spark.sql.functions.col;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.driver.SchedulerEvent;
import dev.sft.harness.probe.AttemptIdentity;
import dev.sft.harness.probe.AttemptMarker;
import dev.sft.harness.probe.InputGate;
import dev.sft.harness.probe.PausingInput;
import dev.sft.harness.probe.ProbeSpec;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Executor loss with shuffle-output loss. The write's input comes through a hash shuffle, exposed as an RDD scan and
 * zipped with a gate, so two reducers are held before their shuffle iterator is built. The target is an active
 * writer whose executor also owns completed map output. After the executor is removed, releasing the held reducers
 * must produce FetchFailed and a writer stage attempt with a higher stageAttemptId: a higher task attempt number
 * alone is not stage re-execution.
 */
final class ShuffleLossScenario extends ExecutorLossScenario {
  /** Reducers held before fetching; partitions 0 and 1 write, and one of them is the target. */
  static final List<Integer> HELD_REDUCERS = List.of(2, 3);

  ShuffleLossScenario() {
    super(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS);
  }

  @Override
  Dataset<Row> input(ScenarioContext context, ProbeSpec spec) {
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

  @Override
  List<Integer> holdBeforeInput() {
    return HELD_REDUCERS;
  }

  @Override
  Optional<Target> chooseTarget(ScenarioRun run, WriteEvidence evidence) {
    Set<Integer> held = evidence.heldBeforeInput().stream().map(m -> m.attempt().partition())
        .collect(Collectors.toCollection(TreeSet::new));
    if (!held.containsAll(HELD_REDUCERS)) {
      return Optional.empty();
    }
    List<AttemptMarker> paused = pausedWithBytes(evidence);
    return paused.stream()
        .filter(m -> !HELD_REDUCERS.contains(m.attempt().partition()))
        .filter(m -> mapOutputOwnedBy(run, m.attempt()).isPresent())
        .findFirst()
        .flatMap(victim -> otherProcess(paused, victim).map(other -> new Target(victim, other)));
  }

  /** A successful map task of the write's shuffle on the victim's executor, before the write stage. */
  private static Optional<SchedulerEvent> mapOutputOwnedBy(ScenarioRun run, AttemptIdentity writer) {
    List<Integer> mapStages = mapStages(run, writer.stageId());
    return run.events().stream()
        .filter(e -> e.isTaskEnd() && SchedulerEvent.SUCCESS.equals(e.reason()))
        .filter(e -> e.stageId() != null && mapStages.contains(e.stageId()) && e.stageAttempt() == 0)
        .filter(e -> writer.executorId().equals(e.executorId()))
        .findFirst();
  }

  /** The other stages of the job that contains the writer stage: its shuffle map stage. */
  private static List<Integer> mapStages(ScenarioRun run, int writerStage) {
    return run.events().stream()
        .filter(e -> SchedulerEvent.JOB_START.equals(e.type()) && e.stageIds() != null
            && e.stageIds().contains(writerStage))
        .findFirst()
        .map(e -> e.stageIds().stream().filter(id -> id != writerStage).toList())
        .orElse(List.of());
  }

  @Override
  void judgeSpecific(ScenarioRun run, Target target, WriteEvidence evidence) {
    AttemptIdentity victim = target.attempt();
    Optional<SchedulerEvent> mapTask = mapOutputOwnedBy(run, victim);
    run.check(SCHEDULER, "target.owned-shuffle-output", mapTask.isPresent(),
        mapTask.map(e -> "executor " + victim.executorId() + " completed map task TID " + e.taskId() + " of stage "
            + e.stageId()).orElse("executor " + victim.executorId() + " completed no map task of the write"));

    List<AttemptMarker> held = evidence.heldBeforeInput();
    run.check(SCHEDULER, "reducers.held-before-fetch",
        held.stream().map(m -> m.attempt().partition()).collect(Collectors.toSet()).containsAll(HELD_REDUCERS),
        "held before building their shuffle iterator: " + held.stream()
            .map(m -> "p" + m.attempt().partition() + "/TID " + m.attempt().taskAttemptId()).toList());

    List<Long> heldTids = held.stream().map(m -> m.attempt().taskAttemptId()).toList();
    List<SchedulerEvent> fetchFailures = run.events().stream()
        .filter(e -> e.isTaskEnd() && "FetchFailed".equals(e.reason()))
        .filter(e -> e.stageId() != null && e.stageId() == victim.stageId())
        .toList();
    boolean releasedReducerFailed = fetchFailures.stream().anyMatch(e -> heldTids.contains(e.taskId()));
    run.check(SCHEDULER, "fetch-failed.after-release", releasedReducerFailed,
        "FetchFailed in the writer stage for TIDs " + fetchFailures.stream().map(SchedulerEvent::taskId).toList()
            + "; held reducers were TIDs " + heldTids);

    List<String> writerAttempts = run.events().stream()
        .filter(e -> SchedulerEvent.STAGE_SUBMITTED.equals(e.type()) && e.stageId() != null
            && e.stageId() == victim.stageId())
        .map(e -> e.stageId() + "." + e.stageAttempt())
        .toList();
    boolean reexecuted = run.events().stream()
        .anyMatch(e -> SchedulerEvent.STAGE_SUBMITTED.equals(e.type()) && e.stageId() != null
            && e.stageId() == victim.stageId() && e.stageAttempt() > victim.stageAttempt());
    run.check(SCHEDULER, "writer-stage.reexecuted", reexecuted,
        "writer stage attempts submitted: " + writerAttempts + " (the target ran in " + victim.stageId() + "."
            + victim.stageAttempt() + ")");

    List<Integer> mapStages = mapStages(run, victim.stageId());
    boolean mapRerun = run.events().stream()
        .anyMatch(e -> SchedulerEvent.STAGE_SUBMITTED.equals(e.type()) && e.stageId() != null
            && mapStages.contains(e.stageId()) && e.stageAttempt() > 0);
    run.check(SCHEDULER, "map-stage.reexecuted", mapRerun,
        "map stage(s) " + mapStages + " resubmitted to regenerate the lost shuffle output: " + mapRerun);
  }
}
