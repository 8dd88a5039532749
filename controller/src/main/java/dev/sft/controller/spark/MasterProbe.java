package dev.sft.controller.spark;

import java.net.URI;
import java.util.List;

/**
 * Asks a Spark Standalone master which workers it sees ALIVE. Behind an interface because readiness is the
 * master's view, not the pods' state, and tests substitute the master.
 */
public interface MasterProbe {

  /**
   * @param masterJsonUrl the master's {@code /json/} endpoint
   * @return the ALIVE workers' hosts, or why they could not be read
   */
  Result aliveWorkers(URI masterJsonUrl);

  /**
   * @param aliveHosts the host each ALIVE worker registered with (its pod IP: workers start with --host $(POD_IP))
   * @param error null when {@code aliveHosts} was read from the master
   */
  record Result(List<String> aliveHosts, String error) {
    public Result {
      aliveHosts = List.copyOf(aliveHosts);
    }

    public int alive() {
      return aliveHosts.size();
    }

    public static Result alive(List<String> hosts) {
      return new Result(hosts, null);
    }

    public static Result unreachable(String error) {
      return new Result(List.of(), error);
    }
  }
}
