package dev.sft.contract;


/**
 * How often one known finding matched a failing check in a run, and in how many repetitions it could have. An entry
 * that matched nothing is stale: the defect may be fixed, or the entry no longer says what the rule reports; how many
 * repetitions could have shown it says how much that absence weighs (none: the run never looked).
 *
 * @param key the entry's {@link KnownFinding#key}, so the controller names its own entry when a termination message
 *     leaves the entry's text out, wherever the entry stands in the list
 * @param finding the entry, or null where a compact report left it out
 * @param matches how many failing checks it matched
 * @param couldHaveMatched how many repetitions it could have matched in ({@link KnownFinding#couldMatch}): of the
 *     cells its scenario, operation and writer select, those that judged its rule
 */
public record KnownFindingUse(String key, KnownFinding finding, int matches, int couldHaveMatched) {
  public KnownFindingUse {
    if (key == null && finding == null) {
      throw new IllegalArgumentException("a known finding's use names its entry: a key or the entry");
    }
    key = key == null ? finding.key() : key;
  }

  public boolean stale() {
    return matches == 0;
  }

  /**
   * Whether this entry fails a run of {@code --fail-on-stale bound}: it matched nothing where it could have in at
   * least {@code bound} repetitions. A bound of {@link DriverRun#NEVER_FAIL_ON_STALE} never fails.
   */
  public boolean failsStale(int bound) {
    return bound != DriverRun.NEVER_FAIL_ON_STALE && stale() && couldHaveMatched >= bound;
  }

  /** The entry in one line, or its key where a compact report left its text out. */
  public String describe() {
    return finding == null ? "entry " + key : finding.describe();
  }

  /** A stale entry in one line, with the repetitions it could have matched in. */
  public String describeStale() {
    return describe() + ": could have matched in " + couldHaveMatched + " repetition(s), matched none";
  }

  /** The same counts without the entry's text, as a compact report carries them. */
  public KnownFindingUse withoutText() {
    return new KnownFindingUse(key, null, matches, couldHaveMatched);
  }
}
