package dev.sft.contract;

import java.util.List;

/**
 * The latest repetition of a cell that did not pass, as the cell's summary names it: which repetition, how it ended,
 * the first rule that decided it and where its evidence is.
 *
 * @param repetition the repetition's number
 * @param outcome Failed, Known or Unknown
 * @param rule the first check that did not pass ({@code side/rule}), or null when the repetition recorded none
 * @param message the repetition's message
 * @param evidence its evidence folder
 */
public record CellFailure(int repetition, Verdict outcome, String rule, String message, String evidence) {

  /** The latest repetition that did not pass, or null when every one passed. */
  public static CellFailure latest(List<ScenarioResult> repetitions) {
    ScenarioResult latest = null;
    for (ScenarioResult r : repetitions) {
      if (!r.passed() && (latest == null || r.repetition() >= latest.repetition())) {
        latest = r;
      }
    }
    if (latest == null) {
      return null;
    }
    String rule = latest.checks() == null ? null : latest.checks().stream()
        .filter(c -> c.verdict() != Verdict.Passed).findFirst().map(c -> c.side() + "/" + c.rule()).orElse(null);
    return new CellFailure(latest.repetition(), latest.outcome(), rule, latest.message(), latest.evidence());
  }

  /** The same failure with another message and evidence path, e.g. shortened for a termination message. */
  public CellFailure with(String newMessage, String newEvidence) {
    return new CellFailure(repetition, outcome, rule, newMessage, newEvidence);
  }
}
