package dev.sft.harness.driver;

import dev.sft.harness.probe.HoldingShuffleManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.SparkConf;

/**
 * The effective Spark configuration the scenarios depend on, checked after every {@code --conf} override is applied:
 * a scenario judged under other conditions would mean something else (an external shuffle service keeps shuffle
 * output alive after its executor dies; decommissioning, push shuffle or dynamic allocation move it; AQE re-plans the
 * write; fewer than four task failures abort a job the scenarios expect to recover). A violation refuses the run.
 */
public final class RequiredSettings {
  /** The reference suite's and Spark's default; the scenarios fail tasks on purpose and need room to retry. */
  public static final int MIN_TASK_MAX_FAILURES = 4;

  /** Settings that must be off (absent means Spark's default, which is off for all of them). */
  static final List<String> MUST_BE_OFF = List.of(
      "spark.shuffle.service.enabled",
      "spark.decommission.enabled",
      "spark.storage.decommission.enabled",
      "spark.shuffle.push.enabled",
      "spark.dynamicAllocation.enabled",
      "spark.sql.adaptive.enabled");

  /** Speculation only on its own duration rule, as in the reference suite (Spark's default is true). */
  static final String SPECULATION_EFFICIENCY = "spark.speculation.efficiency.enabled";

  /**
   * The shuffle manager must be the probe's ({@link HoldingShuffleManager}, Spark's sort shuffle plus the hold before
   * a reducer's fetch): without it the shuffle-loss scenario cannot hold a row-level command's reducers.
   */
  static final String SHUFFLE_MANAGER = "spark.shuffle.manager";

  private RequiredSettings() {}

  /** Throws an {@link IllegalArgumentException} naming every key that breaks the scenarios' conditions. */
  public static void require(SparkConf conf, boolean speculation) {
    List<String> violations = new ArrayList<>();
    String effectiveSpeculation = conf.get("spark.speculation", "false");
    if (!isBoolean(effectiveSpeculation, speculation)) {
      violations.add("spark.speculation=" + effectiveSpeculation + " but this driver run needs " + speculation
          + " (speculation is fixed per driver run: --speculation)");
    }
    for (String key : MUST_BE_OFF) {
      String value = conf.get(key, "false");
      if (!isBoolean(value, false)) {
        violations.add(key + "=" + value + " but the scenarios need it false");
      }
    }
    if (speculation) {
      String value = conf.get(SPECULATION_EFFICIENCY, "true");
      if (!isBoolean(value, false)) {
        violations.add(SPECULATION_EFFICIENCY + "=" + value + " but the speculation scenarios need it false");
      }
    }
    String shuffleManager = conf.get(SHUFFLE_MANAGER, "sort");
    if (!shuffleManager.equals(HoldingShuffleManager.class.getName())) {
      violations.add(SHUFFLE_MANAGER + "=" + shuffleManager + " but the scenarios need "
          + HoldingShuffleManager.class.getName() + " (Spark's sort shuffle with the probe's hold before a fetch)");
    }
    String maxFailures = conf.get("spark.task.maxFailures", String.valueOf(MIN_TASK_MAX_FAILURES));
    if (!atLeast(maxFailures, MIN_TASK_MAX_FAILURES)) {
      violations.add("spark.task.maxFailures=" + maxFailures + " but the scenarios need at least "
          + MIN_TASK_MAX_FAILURES);
    }
    if (!violations.isEmpty()) {
      throw new IllegalArgumentException("the effective Spark configuration breaks the scenarios' conditions: "
          + String.join("; ", violations));
    }
  }

  private static boolean isBoolean(String value, boolean expected) {
    return value.trim().toLowerCase(Locale.ROOT).equals(String.valueOf(expected));
  }

  private static boolean atLeast(String value, int minimum) {
    try {
      return Integer.parseInt(value.trim()) >= minimum;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
