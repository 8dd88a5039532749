package dev.sft.contract;

/**
 * One named rule evaluated for a scenario, e.g. {@code storage/orphans-empty}. The scenario's scheduler and storage
 * verdicts are the conjunction of their checks, so a reader can always see which rule decided a verdict.
 *
 * @param side {@code scheduler} or {@code storage}
 * @param rule a stable rule name
 * @param verdict the outcome of this rule
 * @param detail what was expected and what was seen
 */
public record Check(String side, String rule, Verdict verdict, String detail) {
  public static final String SCHEDULER = "scheduler";
  public static final String STORAGE = "storage";
}
