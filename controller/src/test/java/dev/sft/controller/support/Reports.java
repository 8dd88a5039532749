package dev.sft.controller.support;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Harness reports as the harness would leave them; counts are distinct per entry so copying errors show. */
public final class Reports {
  private Reports() {}

  public static Report of(String runId, List<String> scenarios, int repeat, Verdict scheduler, Verdict storage) {
    return of(runId, scenarios, List.of(WriteOperation.DEFAULT), repeat, (cell, rep) -> storage, scheduler);
  }

  /**
   * Every scenario under every operation, {@code repeat} times, the storage verdict of each repetition drawn from
   * {@code seed}: about one in ten Failed and one in twenty Unknown, so each cell's counts differ.
   */
  public static Report drawn(String runId, List<String> scenarios, List<WriteOperation> operations, int repeat,
      long seed) {
    Random random = new Random(seed);
    return of(runId, scenarios, operations, repeat, (cell, rep) -> {
      int draw = random.nextInt(20);
      return draw < 2 ? Verdict.Failed : draw == 2 ? Verdict.Unknown : Verdict.Passed;
    }, Verdict.Passed);
  }

  /** The storage verdict of one repetition of one cell. */
  public interface StorageVerdicts {
    Verdict of(String cell, int repetition);
  }

  private static Report of(String runId, List<String> scenarios, List<WriteOperation> operations, int repeat,
      StorageVerdicts storage, Verdict scheduler) {
    List<ScenarioResult> results = new ArrayList<>();
    int n = 0;
    for (String scenario : scenarios) {
      for (WriteOperation operation : operations) {
        for (int rep = 1; rep <= repeat; rep++) {
          n++;
          Verdict verdict = storage.of(scenario + "/" + operation.id(), rep);
          results.add(ScenarioResult.judged(scenario, operation, rep, scheduler, verdict,
              new ScenarioResult.Counts(48_000, 48_000 - n, 1, 4, n, n + 10, verdict == Verdict.Passed ? 0 : 2),
              1000L * n, "/shared/sft/" + runId + "/" + scenario + "-" + operation.id() + "-" + rep,
              scheduler == Verdict.Passed && verdict == Verdict.Passed ? null : "missing files: 2 (cell " + n + ")",
              null));
        }
      }
    }
    return Report.of(runId, "iceberg", "spark://master:7077", results, "2026-01-01T00:00:00Z",
        "2026-01-01T00:01:00Z", null);
  }
}
