package dev.sft.controller.support;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.util.ArrayList;
import java.util.List;

/** Harness reports as the harness would leave them; counts are distinct per entry so copying errors show. */
public final class Reports {
  private Reports() {}

  public static Report of(String runId, List<String> scenarios, int repeat, Verdict scheduler, Verdict storage) {
    List<ScenarioResult> results = new ArrayList<>();
    int n = 0;
    for (String scenario : scenarios) {
      for (int rep = 1; rep <= repeat; rep++) {
        n++;
        results.add(ScenarioResult.judged(scenario, rep, scheduler, storage,
            new ScenarioResult.Counts(48_000, 48_000 - n, 1, 4, n, n + 10, storage == Verdict.Passed ? 0 : 2),
            1000L * n, "/shared/sft/" + runId + "/" + scenario + "-" + rep,
            scheduler == Verdict.Passed && storage == Verdict.Passed ? null : "missing files: 2", null));
      }
    }
    return Report.of(runId, "iceberg", "spark://master:7077", results, "2026-01-01T00:00:00Z",
        "2026-01-01T00:01:00Z", null);
  }
}
