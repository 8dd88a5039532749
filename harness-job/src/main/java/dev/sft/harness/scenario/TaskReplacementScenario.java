package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.judge.KillTarget;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.probe.PausingInput;
import dev.sft.harness.probe.ProbeSpec;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The ordinary loss case: kill the executor running writer partition 0 mid-write; Spark must remove the executor,
 * report ExecutorLostFailure, and replace the partition's task on another executor.
 */
final class TaskReplacementScenario extends ExecutorLossScenario {
  static final int TARGET_PARTITION = 0;

  TaskReplacementScenario() {
    super(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT);
  }

  @Override
  Dataset<Row> input(ScenarioContext context, ProbeSpec spec) {
    Dataset<Row> source = context.fixture().source();
    return context.spark().createDataFrame(source.javaRDD().mapPartitions(new PausingInput(spec)), source.schema());
  }

  @Override
  List<Integer> holdBeforeInput() {
    return List.of();
  }

  @Override
  Optional<KillTarget> chooseTarget(ScenarioRepetition repetition, WriteEvidence evidence) {
    List<AttemptMarker> paused = pausedWithBytes(evidence);
    return paused.stream()
        .filter(m -> m.attempt().partition() == TARGET_PARTITION)
        .findFirst()
        .flatMap(victim -> otherProcess(paused, victim).map(other -> new KillTarget(victim, other)));
  }
}
