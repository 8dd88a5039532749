package dev.sft.harness.cli;

import dev.sft.contract.Soak;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The options of a soak until the first failure, the same for {@code sft local} and {@code sft run}. */
final class SoakOptions {
  @Option(names = Soak.UNTIL_FAILURE_OPTION, negatable = true, description = "repeat the selected cells round after round until a"
      + " repetition fails (Failed or Unknown; a Known one goes on) or a bound is reached (" + Soak.MAX_REPEAT_OPTION
      + " and/or " + Soak.MAX_TIME_OPTION + "), then print how many repetitions passed and the upper bound on the"
      + " failure rate they support; passing repetitions' tables are deleted as usual, the failing one's kept")
  boolean untilFailure;

  @Option(names = Soak.MAX_REPEAT_OPTION, paramLabel = "<n>", description = "with " + Soak.UNTIL_FAILURE_OPTION
      + ": at most <n> rounds (repetitions of each cell)")
  Integer maxRepeat;

  @Option(names = Soak.MAX_TIME_OPTION, paramLabel = "<duration>", description = "with " + Soak.UNTIL_FAILURE_OPTION
      + ": start no round after this long, e.g. 90s, 30m, 2h or 1h30m (a round already running finishes)")
  Duration maxTime;

  /** The soak the options ask for, or null for none; refuses bounds without {@code --until-failure}, and the reverse. */
  Soak soak(int repeat) {
    if (!untilFailure) {
      if (maxRepeat != null || maxTime != null) {
        throw new IllegalArgumentException(Soak.MAX_REPEAT_OPTION + " and " + Soak.MAX_TIME_OPTION + " bound a soak:"
            + " give them with " + Soak.UNTIL_FAILURE_OPTION + " (for a fixed number of repetitions use --repeat)");
      }
      return null;
    }
    if (repeat != 1) {
      throw new IllegalArgumentException("--repeat and " + Soak.UNTIL_FAILURE_OPTION + " exclude each other: bound"
          + " the soak with " + Soak.MAX_REPEAT_OPTION + " N and/or " + Soak.MAX_TIME_OPTION + " DURATION");
    }
    if (maxRepeat != null && maxRepeat < 1) {
      throw new IllegalArgumentException(Soak.MAX_REPEAT_OPTION + " must be at least 1, got " + maxRepeat);
    }
    return new Soak(maxRepeat == null ? 0 : maxRepeat,
        maxTime == null ? null : OptionValues.positive(Soak.MAX_TIME_OPTION, maxTime));
  }
}
