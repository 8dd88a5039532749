package dev.sft.harness.judge;

import dev.sft.contract.Check;
import dev.sft.contract.FaultAttribution;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tells each finding of a failure cell apart by the control cell of the same write operation (the same write with no
 * fault): a rule the control failed too is the write path's own ("also without a fault"); one it passed, or does not
 * have because it is about the fault itself, came with the fault ("only under this fault"). A function over the
 * recorded results; the checks keep their verdicts and details.
 */
public final class ControlAttribution {
  /**
   * Where a failure scenario's rule has another name in the control cell: the loss scenarios' orphan rule tolerates
   * the killed attempts' files and judges the rest as the control's {@code files.no-orphans} does.
   */
  private static final Map<String, String> CONTROL_RULE = Map.of("files.orphans-known-rejected", "files.no-orphans");

  private ControlAttribution() {}

  /** {@code results} with every failed check of a failure cell attributed, where a control cell of its operation ran. */
  public static List<ScenarioResult> attribute(List<ScenarioResult> results, List<ScenarioResult> controls) {
    Map<WriteOperation, ScenarioResult> controlByOperation = new LinkedHashMap<>();
    controls.stream().filter(c -> c.name().equals(dev.sft.contract.ScenarioName.CONTROL.id()))
        .forEach(c -> controlByOperation.putIfAbsent(c.writeOperation(), c));
    List<ScenarioResult> attributed = new ArrayList<>();
    for (ScenarioResult result : results) {
      ScenarioResult control = controlByOperation.get(result.writeOperation());
      boolean isControl = result.name().equals(dev.sft.contract.ScenarioName.CONTROL.id());
      attributed.add(control == null || isControl || result.checks() == null ? result : attribute(result, control));
    }
    return attributed;
  }

  private static ScenarioResult attribute(ScenarioResult result, ScenarioResult control) {
    List<Check> checks = new ArrayList<>();
    Map<FaultAttribution, List<String>> rulesBy = new LinkedHashMap<>();
    for (Check check : result.checks()) {
      if (check.verdict() != Verdict.Failed) {
        checks.add(check);
        continue;
      }
      FaultAttribution attribution = of(check, control);
      checks.add(check.attributed(attribution));
      rulesBy.computeIfAbsent(attribution, a -> new ArrayList<>()).add(check.rule());
    }
    if (rulesBy.isEmpty()) {
      return result;
    }
    List<String> parts = new ArrayList<>();
    rulesBy.forEach((attribution, rules) -> parts.add(attribution.words() + ": " + String.join(", ", rules)));
    String summary = String.join("; ", parts) + " (control cell " + control.cell() + ")";
    return result.withMessage(result.message() == null ? summary : summary + "; " + result.message(), checks);
  }

  /** The attribution of one failed check of a failure cell. */
  static FaultAttribution of(Check failed, ScenarioResult control) {
    Verdict controlSide = Check.SCHEDULER.equals(failed.side()) ? control.scheduler() : control.storage();
    if (controlSide == null || controlSide == Verdict.Unknown) {
      return FaultAttribution.CONTROL_NOT_JUDGED;
    }
    String rule = CONTROL_RULE.getOrDefault(failed.rule(), failed.rule());
    Optional<Check> same = control.checks() == null ? Optional.empty()
        : control.checks().stream().filter(c -> c.rule().equals(rule)).findFirst();
    if (same.isEmpty()) {
      return FaultAttribution.ONLY_UNDER_FAULT;
    }
    return switch (same.get().verdict()) {
      case Failed, Known -> FaultAttribution.ALSO_WITHOUT_FAULT;
      case Passed -> FaultAttribution.ONLY_UNDER_FAULT;
      case Unknown -> FaultAttribution.CONTROL_NOT_JUDGED;
    };
  }
}
