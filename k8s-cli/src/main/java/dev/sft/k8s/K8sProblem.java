package dev.sft.k8s;

/**
 * What stops a {@code sft k8s} command for a reason outside the test itself: no cluster, no CRD, no permission, a
 * missing resource, a reader pod that would not start, a time-out. Its message is the one line the user reads; the
 * command exits with the code for infrastructure.
 */
public final class K8sProblem extends RuntimeException {
  private final boolean passing;

  public K8sProblem(String message) {
    this(message, null, false);
  }

  public K8sProblem(String message, Throwable cause) {
    this(message, cause, false);
  }

  /**
   * @param passing whether asking again may succeed (the server unreachable for a moment, a 5xx, a 429): a waiter
   *     retries those until its time-out, and stops at once for the rest (no such test, no permission)
   */
  public K8sProblem(String message, Throwable cause, boolean passing) {
    super(message, cause);
    this.passing = passing;
  }

  public boolean passing() {
    return passing;
  }
}
