package dev.sft.contract;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one repetition found, as a comparison and a trend key it: a failing rule and, where the rule names one, its
 * {@link Cause} ({@code storage/files.no-orphans:loser-interrupted-abort}). A rule by two causes is two findings: an
 * orphan left by a loser's interrupted abort is a known race, one no attempt wrote is a defect every time.
 *
 * <p>A repetition the build left Unknown (not for a reason of the environment) finds {@code side/rule:unjudged} for
 * each rule it could not judge: a build that cannot be judged is never counted as one that passed.
 *
 * @param side {@code scheduler} or {@code storage}
 * @param rule the check's rule
 * @param cause a {@link Cause} id, or null for a rule with one meaning of its own
 */
public record Finding(String side, String rule, String cause) implements Comparable<Finding> {
  /** The rule an Unknown repetition without any check (it never reported) could not judge. */
  public static final String NOT_REPORTED = "repetition.reported";

  /** {@code side/rule} or {@code side/rule:cause}. */
  public String id() {
    return side + "/" + rule + (cause == null ? "" : ":" + cause);
  }

  /** The {@code side/rule} part of the id. */
  public String sideRule() {
    return side + "/" + rule;
  }

  /**
   * Whether one occurrence is a defect of the build (the table is wrong whatever the schedule, or the build could not
   * be judged): everything but the writer races of {@link Cause#RACES}, which are judged by how often they occur.
   */
  public boolean invariant() {
    return cause == null || !Cause.RACES.contains(cause);
  }

  /** Reads an {@link #id}; throws IllegalArgumentException for anything else. */
  public static Finding parse(String id) {
    int slash = id == null ? -1 : id.indexOf('/');
    if (slash <= 0 || slash == id.length() - 1) {
      throw new IllegalArgumentException("not a finding (side/rule[:cause]): " + id);
    }
    String rest = id.substring(slash + 1);
    int colon = rest.indexOf(':');
    return colon < 0 ? new Finding(id.substring(0, slash), rest, null)
        : new Finding(id.substring(0, slash), rest.substring(0, colon), rest.substring(colon + 1));
  }

  /**
   * What a repetition found: for a Failed or Known one, each failing check by each of its causes; for one Unknown for
   * a reason of the build, each rule it could not judge ({@link Cause#UNJUDGED}); nothing for a Passed one or one
   * Unknown for a reason of the environment ({@link #environmentUnknown}).
   */
  public static Set<Finding> of(ScenarioResult result) {
    return of(result.outcome(), result.checks());
  }

  /** What a repetition with this outcome over both sides and these checks found. */
  static Set<Finding> of(Verdict outcome, List<Check> checks) {
    Set<Finding> found = new TreeSet<>();
    List<Check> all = checks == null ? List.of() : checks;
    if (outcome == Verdict.Failed || outcome == Verdict.Known) {
      for (Check c : all) {
        if (c.verdict() == Verdict.Failed || c.verdict() == Verdict.Known) {
          if (c.causes().isEmpty()) {
            found.add(new Finding(c.side(), c.rule(), null));
          }
          c.causes().forEach(cause -> found.add(new Finding(c.side(), c.rule(), cause)));
        }
      }
    } else if (outcome == Verdict.Unknown && !environmentUnknown(outcome, all)) {
      all.stream().filter(c -> c.verdict() == Verdict.Unknown)
          .forEach(c -> found.add(new Finding(c.side(), c.rule(), Cause.UNJUDGED)));
      if (found.isEmpty()) {
        found.add(new Finding(Check.SCHEDULER, NOT_REPORTED, Cause.UNJUDGED));
      }
    }
    return found;
  }

  /**
   * Whether a repetition is Unknown for a reason of the environment alone (a preflight that failed, the harness
   * deadline, a pod or worker lost to the cluster): it says nothing about the build and is left out of comparisons.
   */
  public static boolean environmentUnknown(ScenarioResult result) {
    return environmentUnknown(result.outcome(), result.checks());
  }

  private static boolean environmentUnknown(Verdict outcome, List<Check> checks) {
    return outcome == Verdict.Unknown && checks != null && checks.stream()
        .anyMatch(c -> c.verdict() == Verdict.Unknown
            && ScenarioStats.ENVIRONMENT_RULES.contains(c.side() + "/" + c.rule()));
  }

  @Override
  public int compareTo(Finding other) {
    return id().compareTo(other.id());
  }
}
