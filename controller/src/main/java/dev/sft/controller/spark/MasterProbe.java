package dev.sft.controller.spark;

import java.net.URI;

/**
 * Asks a Spark Standalone master how many workers it sees ALIVE. Behind an interface because readiness is the
 * master's view, not the pods' state, and tests substitute the master.
 */
public interface MasterProbe {

  /**
   * @param masterJsonUrl the master's {@code /json/} endpoint
   * @return the ALIVE workers, or why they could not be counted
   */
  Result aliveWorkers(URI masterJsonUrl);

  /** @param error null when {@code alive} was read from the master */
  record Result(int alive, String error) {
    public static Result alive(int count) {
      return new Result(count, null);
    }

    public static Result unreachable(String error) {
      return new Result(0, error);
    }
  }
}
