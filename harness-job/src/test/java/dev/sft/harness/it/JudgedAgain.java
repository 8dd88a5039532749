package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.cli.SftCli;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code sft judge} on a finished run's folder, with the run's own options: every repetition must get the verdicts
 * and failing rules the run recorded, as the rules are one set ({@code judge.RepetitionJudge}).
 */
final class JudgedAgain {
  private JudgedAgain() {}

  /** Judges {@code run}'s run folder again into {@code <out>/judged-again} and compares with its report. */
  static void assertSameVerdicts(LocalRun run, String... verdictOptions) {
    Path runDir = Path.of(run.report().scenarios().get(0).evidence()).getParent();
    if (!run.report().scenarios().get(0).writeOperation().equals(dev.sft.contract.WriteOperation.DEFAULT)) {
      runDir = runDir.getParent();
    }
    Path out = run.out().resolve("judged-again");
    List<String> args = new java.util.ArrayList<>(List.of("judge", runDir.toString(), "--out", out.toString()));
    args.addAll(List.of(verdictOptions));
    int exit = SftCli.execute(args.toArray(new String[0]));
    Report again;
    try {
      again = ReportJson.read(out.resolve("report.json"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertThat(exit).as("sft judge's exit code against the run's").isEqualTo(run.exitCode());
    Map<String, ScenarioResult> byRepetition = again.scenarios().stream()
        .collect(Collectors.toMap(JudgedAgain::key, Function.identity()));
    assertThat(byRepetition.keySet()).containsExactlyInAnyOrderElementsOf(
        run.report().scenarios().stream().map(JudgedAgain::key).toList());
    for (ScenarioResult recorded : run.report().scenarios()) {
      ScenarioResult judged = byRepetition.get(key(recorded));
      assertThat(judged.scheduler()).as(key(recorded) + " scheduler: " + judged.message())
          .isEqualTo(recorded.scheduler());
      assertThat(judged.storage()).as(key(recorded) + " storage: " + judged.message()).isEqualTo(recorded.storage());
      assertThat(notPassed(judged)).as(key(recorded) + " rules not passed").isEqualTo(notPassed(recorded));
      assertThat(judged.message()).contains("re-judged by sft judge");
    }
  }

  private static String key(ScenarioResult result) {
    return result.cell() + " r" + result.repetition();
  }

  private static List<String> notPassed(ScenarioResult result) {
    return result.checks().stream().filter(c -> c.verdict() != Verdict.Passed)
        .map(c -> c.side() + "/" + c.rule() + " " + c.verdict()).sorted().toList();
  }

}
