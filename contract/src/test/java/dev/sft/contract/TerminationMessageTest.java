package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TerminationMessageTest {
  private static ScenarioResult result(int repetition, String message) {
    return ScenarioResult.judged("executor-loss-shuffle-loss", repetition, Verdict.Passed, Verdict.Failed,
        new ScenarioResult.Counts(48_000, 48_000, 1, 4, 3, 2, 0), 61_000,
        "/shared/run/executor-loss-shuffle-loss-r" + repetition, message,
        List.of(new Check(Check.STORAGE, "files.orphans-known-rejected", Verdict.Failed, "x".repeat(500))));
  }

  @Test
  void keepsVerdictsAndCountsAndDropsTheChecks() throws Exception {
    Report report = Report.of("run-7", "iceberg", "spark://m:7077", List.of(result(1, "orphan found")), "a", "b",
        null);
    Report decoded = TerminationMessage.decode(TerminationMessage.encode(report));
    ScenarioResult s = decoded.scenarios().get(0);
    assertThat(s.scheduler()).isEqualTo(Verdict.Passed);
    assertThat(s.storage()).isEqualTo(Verdict.Failed);
    assertThat(s.orphanFiles()).isEqualTo(3);
    assertThat(s.knownRejectedOrphans()).isEqualTo(2);
    assertThat(s.message()).isEqualTo("orphan found");
    assertThat(s.checks()).isNull();
    assertThat(decoded.passed()).isFalse();
  }

  @Test
  void alwaysFitsTheKubernetesLimit() throws Exception {
    List<ScenarioResult> many = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      many.add(result(i, "m".repeat(2000)));
    }
    Report report = Report.of("run-8", "iceberg", "spark://m:7077", many, "a", "b", null);
    String encoded = TerminationMessage.encode(report);
    assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    assertThat(TerminationMessage.decode(encoded).passed()).isFalse();
  }
}
