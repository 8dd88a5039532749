package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SpecDefaults;

/**
 * How many earlier runs {@code status.history} keeps, by outcome ({@code spec.history}, defaults applied). Only the
 * status is bounded: the evidence of a run dropped from it stays on the volume under its run id.
 */
public record HistoryLimits(int succeeded, int failed) {
  public static final HistoryLimits DEFAULTS = new HistoryLimits(Integer.parseInt(SpecDefaults.HISTORY_SUCCEEDED),
      Integer.parseInt(SpecDefaults.HISTORY_FAILED));

  /** Out-of-range values (a spec the validator refuses, archived while stalling) count as the nearest bound. */
  public static HistoryLimits of(SchedulerFailureTestSpec spec) {
    if (spec == null || spec.history == null) {
      return DEFAULTS;
    }
    return new HistoryLimits(bounded(spec.history.succeeded, DEFAULTS.succeeded),
        bounded(spec.history.failed, DEFAULTS.failed));
  }

  private static int bounded(Integer value, int fallback) {
    return value == null ? fallback : (int) Math.max(0, Math.min(SpecDefaults.MAX_HISTORY, value));
  }
}
