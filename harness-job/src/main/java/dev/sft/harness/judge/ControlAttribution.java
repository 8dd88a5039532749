package dev.sft.harness.judge;

import dev.sft.contract.Check;
import dev.sft.contract.FaultAttribution;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Counts each finding of a failure cell in the control repetitions of its family ({@link ScenarioName#familyControl}: the
 * same table and plan with no fault) and write operation: for each failed check, by each of its causes (a check
 * without causes by its rule), in how many of the n judged control repetitions the same rule failed by the same
 * cause. "Also without a fault (k of n control runs)" is the write path's own; "not seen in n control runs" came
 * with the fault as far as n runs can tell; with no judged control of the family and operation the finding is "control
 * not comparable". A function over the recorded results; the checks keep their verdicts and details.
 */
public final class ControlAttribution {
  /**
   * Where a failure scenario's rule has another name in the control cell: the loss scenarios' orphan rule tolerates
   * the killed attempts' files and judges the rest as the control's {@code files.no-orphans} does.
   */
  private static final Map<String, String> CONTROL_RULE = Map.of("files.orphans-known-rejected", "files.no-orphans");

  private ControlAttribution() {}

  /**
   * {@code results} with every failed check of a failure cell attributed, when {@code controls} (which may hold other
   * results too) has any control cell; without one, {@code results} as they are (a run without controls).
   */
  public static List<ScenarioResult> attribute(List<ScenarioResult> results, List<ScenarioResult> controls) {
    Map<String, List<ScenarioResult>> controlsByCell = new LinkedHashMap<>();
    controls.stream().filter(ControlAttribution::isControl)
        .forEach(c -> controlsByCell.computeIfAbsent(key(c.name(), c.writeOperation()), k -> new ArrayList<>()).add(c));
    if (controlsByCell.isEmpty()) {
      return results;
    }
    List<ScenarioResult> attributed = new ArrayList<>();
    for (ScenarioResult result : results) {
      Optional<ScenarioName> name = scenario(result.name());
      if (name.isEmpty() || name.get().control() || result.checks() == null) {
        attributed.add(result);
        continue;
      }
      String family = key(name.get().familyControl().id(), result.writeOperation());
      attributed.add(attribute(result, family, controlsByCell.getOrDefault(family, List.of())));
    }
    return attributed;
  }

  private static ScenarioResult attribute(ScenarioResult result, String family, List<ScenarioResult> controls) {
    List<Check> checks = new ArrayList<>();
    Map<String, List<String>> findingsBy = new LinkedHashMap<>();
    for (Check check : result.checks()) {
      if (check.verdict() != Verdict.Failed) {
        checks.add(check);
        continue;
      }
      List<FaultAttribution> attributions = of(check, controls);
      checks.add(check.attributed(attributions));
      for (FaultAttribution a : attributions) {
        findingsBy.computeIfAbsent(a.words(), w -> new ArrayList<>())
            .add(check.rule() + (a.cause() == null ? "" : ":" + a.cause()));
      }
    }
    if (findingsBy.isEmpty()) {
      return result;
    }
    List<String> parts = new ArrayList<>();
    findingsBy.forEach((words, findings) -> parts.add(words + ": " + String.join(", ", findings)));
    String summary = String.join("; ", parts) + " (control " + family + ")";
    return result.withMessage(result.message() == null ? summary : summary + "; " + result.message(), checks);
  }

  /**
   * One failed check of a failure cell counted in the control repetitions of its family and operation: one
   * attribution per cause, or one for the rule when the check has no causes.
   */
  static List<FaultAttribution> of(Check failed, List<ScenarioResult> controls) {
    List<ScenarioResult> judged = controls.stream().filter(c -> judgedSide(c, failed.side())).toList();
    String rule = CONTROL_RULE.getOrDefault(failed.rule(), failed.rule());
    List<String> causes = failed.causes().isEmpty() ? java.util.Collections.singletonList(null) : failed.causes();
    List<FaultAttribution> attributions = new ArrayList<>();
    for (String cause : causes) {
      int seen = (int) judged.stream().filter(c -> found(c, failed.side(), rule, cause)).count();
      attributions.add(new FaultAttribution(cause, seen, judged.size()));
    }
    return attributions;
  }

  /** Whether a control repetition judged this side: a side left Unknown (or never reported) is no evidence. */
  private static boolean judgedSide(ScenarioResult control, String side) {
    Verdict verdict = Check.SCHEDULER.equals(side) ? control.scheduler() : control.storage();
    return verdict != null && verdict != Verdict.Unknown && control.checks() != null;
  }

  /** Whether a control repetition failed {@code rule} on {@code side}, by {@code cause} when there is one. */
  private static boolean found(ScenarioResult control, String side, String rule, String cause) {
    return control.checks().stream()
        .filter(c -> c.side().equals(side) && c.rule().equals(rule))
        .filter(c -> c.verdict() == Verdict.Failed || c.verdict() == Verdict.Known)
        .anyMatch(c -> cause == null || c.causes().contains(cause));
  }

  private static boolean isControl(ScenarioResult result) {
    return scenario(result.name()).map(ScenarioName::control).orElse(false);
  }

  /** The scenario of a recorded result; empty for a name this build does not know (an older report's). */
  private static Optional<ScenarioName> scenario(String id) {
    try {
      return Optional.of(ScenarioName.fromId(id));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static String key(String control, WriteOperation operation) {
    return control + "/" + operation.id();
  }
}
