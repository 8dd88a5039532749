package dev.sft.harness.run;

import dev.sft.contract.Report;
import dev.sft.contract.RunMerge;
import dev.sft.contract.Soak;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A soak over several driver runs one after the other (one per speculation setting): each gets an equal share of
 * the time left when it starts, so the first cannot spend the whole {@code --max-time}, and none starts after the
 * soak reached its first failure.
 */
final class SoakShares {
  /** A driver run needs time to start its SparkContext and preflight before its first round. */
  private static final Duration LEAST_SHARE = Duration.ofSeconds(1);

  private final Soak soak;
  private final Instant start = Instant.now();
  private int left;

  SoakShares(Soak soak, int driverRuns) {
    this.soak = soak;
    this.left = driverRuns;
  }

  /** The soak of the next driver run, or empty when the time is used up. */
  Optional<Soak> next() {
    int share = left--;
    if (soak.maxTime() == null) {
      return Optional.of(soak);
    }
    Duration remaining = soak.maxTime().minus(Duration.between(start, Instant.now()));
    Duration slice = remaining.dividedBy(Math.max(1, share));
    return slice.compareTo(LEAST_SHARE) < 0 ? Optional.empty() : Optional.of(soak.withMaxTime(slice));
  }

  /** Whether an earlier driver run's report ends the soak. */
  static boolean stopped(List<Report> earlier) {
    return RunMerge.soakEnd(earlier).isPresent();
  }
}
