package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The finding a shuffle-loss cell may show (docs/harness.md, Known findings): the re-executed writer stage and the old
 * stage attempt's task both write a partition; Spark keeps one message and drops the other's as a duplicate (no abort
 * runs for it), or kills the slower one (whose abort runs interrupted and may leave its files). Whether it happens is a
 * race, so a loss cell either passes storage or fails it by exactly this finding, as the entry of
 * examples/known-findings.json (the product's own classification) decides.
 */
final class DuplicateResultFinding {
  private static final KnownFindings ONLY_THIS = only();

  private DuplicateResultFinding() {}

  /** Storage Passed, or Failed by exactly this finding. */
  static void assertStoragePassedOrOnlyThisFinding(ScenarioResult s, String writer) {
    if (s.storage() == Verdict.Passed) {
      return;
    }
    assertThat(ONLY_THIS.classify(writer, s).storage()).as(s.cell() + " fails storage only by a dropped duplicate"
        + " result's files: " + s.message()).isEqualTo(Verdict.Known);
    System.out.println("finding in " + s.cell() + ": " + s.message());
  }

  /** Whether the cell shows it (and only it): Failed by it, or Known where the run acknowledged it. */
  static boolean shown(ScenarioResult s, String writer) {
    return (s.storage() == Verdict.Failed || s.storage() == Verdict.Known)
        && ONLY_THIS.classify(writer, s).storage() == Verdict.Known;
  }

  /** The example file's entry for this finding, alone. */
  private static KnownFindings only() {
    Path example = Path.of("..", "examples", "known-findings.json");
    try {
      KnownFindings all = KnownFindings.parse(Files.readString(example), example.toString());
      return KnownFindings.of(all.entries().stream()
          .filter(e -> e.reference().equals("https://github.com/apache/iceberg/pull/9017")).toList());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + example, e);
    }
  }
}
