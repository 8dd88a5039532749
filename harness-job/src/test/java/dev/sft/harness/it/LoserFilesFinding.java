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
 * The writer defect a speculation cell may show on Iceberg 1.11 (docs/scenarios.md): the losing attempt's abort leaves
 * its files on storage. Mostly Spark has interrupted the loser it killed and Iceberg's abort gave up its deletes on
 * that interrupt; rarely the abort ran without an interrupt and still left files (measured 1 in 40 cells,
 * bench/RESULTS.md). Either is a race in the writer, so a cell passes storage or fails it by exactly this finding,
 * which must name its cause and the executor log; anything else failing storage is a test failure.
 */
final class LoserFilesFinding {
  private static final Pattern LEFT = Pattern.compile("left (\\d+) file\\(s\\), still on storage");
  private static final String UNINTERRUPTED_ABORT = "ran its abort() without an interrupt";

  private LoserFilesFinding() {}

  /** Whether the cell reports the finding; asserts that, if it does, nothing else failed storage. */
  static boolean shown(ScenarioResult s) {
    if (s.storage() == Verdict.Passed) {
      return false;
    }
    List<String> failing = s.checks().stream()
        .filter(c -> c.side().equals(Check.STORAGE) && c.verdict() != Verdict.Passed).map(Check::rule).toList();
    assertThat(failing).as(s.cell() + ": storage fails only by the loser's files: " + s.message())
        .containsExactlyInAnyOrder("files.no-orphans", LoserFilesJudge.RULE);
    String detail = detail(s);
    assertThat(detail).as(s.cell() + ": the message names the cause and the executor log")
        .containsAnyOf(LoserFilesJudge.INTERRUPTED_ABORT, UNINTERRUPTED_ABORT).contains("executor log ");
    Matcher left = LEFT.matcher(detail);
    assertThat(left.find()).as(detail).isTrue();
    assertThat(s.orphanFiles()).as(s.cell() + ": every orphan is the loser's").isEqualTo(Integer.parseInt(left.group(1)));
    System.out.println("finding in " + s.cell() + ": " + detail);
    return true;
  }

  /** Whether the finding the cell shows is the common one, the interrupted abort. */
  static boolean interrupted(ScenarioResult s) {
    return shown(s) && detail(s).contains(LoserFilesJudge.INTERRUPTED_ABORT);
  }

  /** Storage Passed, or not passed by exactly this finding. */
  static void assertStoragePassedOrOnlyThisFinding(ScenarioResult s) {
    if (!shown(s)) {
      assertThat(s.storage()).as(s.cell() + ": " + s.message()).isEqualTo(Verdict.Passed);
    }
  }

  private static String detail(ScenarioResult s) {
    return s.checks().stream().filter(c -> c.rule().equals(LoserFilesJudge.RULE)).findFirst().orElseThrow()
        .detail();
  }
}
