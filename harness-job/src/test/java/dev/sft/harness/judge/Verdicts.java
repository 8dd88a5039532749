package dev.sft.harness.judge;

import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import java.util.List;

/** Reads one rule's verdict out of a judge's checks; a rule that was not judged is a test failure. */
final class Verdicts {
  private Verdicts() {}

  static Verdict of(Checks checks, String rule) {
    List<Check> found = checks.all().stream().filter(c -> c.rule().equals(rule)).toList();
    if (found.size() != 1) {
      throw new AssertionError("rule " + rule + " judged " + found.size() + " times in " + checks.all());
    }
    return found.get(0).verdict();
  }

  static String detail(Checks checks, String rule) {
    return checks.all().stream().filter(c -> c.rule().equals(rule)).findFirst().orElseThrow().detail();
  }

  static boolean judged(Checks checks, String rule) {
    return checks.all().stream().anyMatch(c -> c.rule().equals(rule));
  }
}
