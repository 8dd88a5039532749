package dev.sft.contract;

/**
 * One named rule evaluated for a scenario, e.g. {@code storage/orphans-empty}. The scenario's scheduler and storage
 * verdicts are the conjunction of their checks, so a reader can always see which rule decided a verdict.
 *
 * @param side {@code scheduler} or {@code storage}
 * @param rule a stable rule name
 * @param verdict the outcome of this rule
 * @param detail what was expected and what was seen
 * @param attributions for a failed check of a failure scenario in a run with control cells: for each of its causes
 *     (one without a cause for a check without causes), how often its family's control found the same; empty
 *     otherwise
 * @param causes for a failed check, the {@link Cause} ids of what it found, sorted (e.g. an orphan rule's files by who
 *     left them); empty when the rule has one meaning of its own, and for a check that did not fail
 */
public record Check(String side, String rule, Verdict verdict, String detail,
    @com.fasterxml.jackson.annotation.JsonAlias("attribution")
    @com.fasterxml.jackson.annotation.JsonFormat(
        with = com.fasterxml.jackson.annotation.JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
    java.util.List<FaultAttribution> attributions,
    java.util.List<String> causes) {
  public static final String SCHEDULER = "scheduler";
  public static final String STORAGE = "storage";
  /** The rule of a pinned repetition whose pin was never held ("pin not reached"): Unknown, never Passed. */
  public static final String PIN_REACHED = "pin.reached";
  /** The rule that the native writer (Comet's) wrote the monitored data, not a fallback to the JVM writer. */
  public static final String NATIVE_WRITER_RAN = "writer.native-ran";

  public Check {
    attributions = attributions == null ? java.util.List.of() : java.util.List.copyOf(attributions);
    causes = causes == null ? java.util.List.of() : java.util.List.copyOf(new java.util.TreeSet<>(causes));
    for (String cause : causes) {
      if (!Cause.ALL.contains(cause)) {
        throw new IllegalArgumentException("unknown cause '" + cause + "' of " + side + "/" + rule);
      }
    }
  }

  /** A check as a judge records it, not (yet) attributed, without causes. */
  public Check(String side, String rule, Verdict verdict, String detail) {
    this(side, rule, verdict, detail, null, null);
  }

  /** A check as a judge records it, with the causes of what it found. */
  public Check(String side, String rule, Verdict verdict, String detail, java.util.Collection<String> causes) {
    this(side, rule, verdict, detail, null, causes == null ? null : java.util.List.copyOf(causes));
  }

  /** The same check, attributed: one attribution per cause. */
  public Check attributed(java.util.List<FaultAttribution> newAttributions) {
    return new Check(side, rule, verdict, detail, newAttributions, causes);
  }

  /** The same check with another detail, e.g. shortened for a termination message. */
  public Check withDetail(String newDetail) {
    return new Check(side, rule, verdict, newDetail, attributions, causes);
  }
}
