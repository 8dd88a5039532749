package dev.sft.harness.driver;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;

/**
 * The cheap check before each scenario: preflight proved executors on two hosts once per driver run, but an executor
 * can be lost between scenarios (an earlier kill, a worker that went away). Reads only the driver's status tracker.
 */
public final class ExecutorHosts {
  private ExecutorHosts() {}

  /** Why the registered executors cannot host a scenario, or empty when they span at least two hosts. */
  public static Optional<String> shortfall(List<String> registered) {
    Set<String> hosts = hosts(registered);
    if (hosts.size() >= Preflight.MIN_HOSTS) {
      return Optional.empty();
    }
    return Optional.of("executors are registered on " + hosts.size() + " host(s) " + hosts + " (executors "
        + registered + ") but every scenario needs executors on at least " + Preflight.MIN_HOSTS
        + " distinct hosts; did a worker or its executors go away since preflight?");
  }

  /** The registered executors ({@code host:port}, the driver excluded) right now. */
  public static List<String> registered(SparkSession spark) {
    return Preflight.executorsSeen(spark);
  }

  static Set<String> hosts(List<String> executors) {
    return executors.stream().map(e -> e.substring(0, e.lastIndexOf(':')))
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
