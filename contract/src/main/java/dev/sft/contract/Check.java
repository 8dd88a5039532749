package dev.sft.contract;

/**
 * One named rule evaluated for a scenario, e.g. {@code storage/orphans-empty}. The scenario's scheduler and storage
 * verdicts are the conjunction of their checks, so a reader can always see which rule decided a verdict.
 *
 * @param side {@code scheduler} or {@code storage}
 * @param rule a stable rule name
 * @param verdict the outcome of this rule
 * @param detail what was expected and what was seen
 * @param attribution for a failed check of a failure scenario in a run with control cells: whether the control cell
 *     failed it too; null otherwise
 */
public record Check(String side, String rule, Verdict verdict, String detail, FaultAttribution attribution) {
  public static final String SCHEDULER = "scheduler";
  public static final String STORAGE = "storage";
  /** The rule that the native writer (Comet's) wrote the monitored data, not a fallback to the JVM writer. */
  public static final String NATIVE_WRITER_RAN = "writer.native-ran";

  /** A check as a judge records it, not (yet) attributed. */
  public Check(String side, String rule, Verdict verdict, String detail) {
    this(side, rule, verdict, detail, null);
  }

  /** The same check, attributed. */
  public Check attributed(FaultAttribution newAttribution) {
    return new Check(side, rule, verdict, detail, newAttribution);
  }
}
