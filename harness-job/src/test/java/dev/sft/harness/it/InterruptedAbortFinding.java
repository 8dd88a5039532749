package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.judge.LoserFilesJudge;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The writer defect a speculation cell may show on Iceberg 1.11 (docs/harness.md): Spark interrupts every speculative
 * loser it kills, and Iceberg's abort can give up its deletes on that interrupt and leave the loser's files. The
 * probe does not mask it, so a cell either passes storage or fails it by exactly this finding, reported as such;
 * anything else failing is a test failure.
 */
final class InterruptedAbortFinding {
  private static final Pattern LEFT = Pattern.compile("left (\\d+) file\\(s\\) on storage");

  private InterruptedAbortFinding() {}

  /** Whether the cell reports the finding; asserts that, if it does, nothing else failed storage. */
  static boolean shown(ScenarioResult s) {
    if (s.storage() == Verdict.Passed) {
      return false;
    }
    List<String> failing = s.checks().stream()
        .filter(c -> c.side().equals(Check.STORAGE) && c.verdict() != Verdict.Passed).map(Check::rule).toList();
    assertThat(failing).as(s.cell() + ": storage fails only by the loser's files: " + s.message())
        .containsExactlyInAnyOrder("files.no-orphans", LoserFilesJudge.RULE);
    String detail = s.checks().stream().filter(c -> c.rule().equals(LoserFilesJudge.RULE)).findFirst().orElseThrow()
        .detail();
    assertThat(detail).as(s.cell() + ": the message names the cause and the executor log")
        .contains(LoserFilesJudge.INTERRUPTED_ABORT).contains("executor log ");
    Matcher left = LEFT.matcher(detail);
    assertThat(left.find()).as(detail).isTrue();
    assertThat(s.orphanFiles()).as(s.cell() + ": every orphan is the loser's").isEqualTo(Integer.parseInt(left.group(1)));
    System.out.println("finding in " + s.cell() + ": " + detail);
    return true;
  }

  /** Storage Passed, or Failed by exactly this finding. */
  static void assertStoragePassedOrOnlyThisFinding(ScenarioResult s) {
    if (!shown(s)) {
      assertThat(s.storage()).as(s.cell() + ": " + s.message()).isEqualTo(Verdict.Passed);
    }
  }

  /** The run's exit code: 0 when no cell failed, 1 (NOT PASSED) when a cell reported the finding. */
  static int expectedExitCode(List<ScenarioResult> scenarios) {
    return scenarios.stream().anyMatch(s -> s.storage() != Verdict.Passed) ? 1 : 0;
  }
}
