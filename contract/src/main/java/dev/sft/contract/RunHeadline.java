package dev.sft.contract;

/**
 * The words a run's outcome is headlined with, wherever it is shown: the harness's terminal and HTML report, and
 * {@code sft k8s}, which knows a run on Kubernetes only by its counts.
 */
public final class RunHeadline {
  private RunHeadline() {}

  /**
   * PASSED, PASSED WITH n KNOWN FINDING(S) (never plain PASSED when one matched), or NOT PASSED: {@code passed} when
   * every repetition passed, {@code accepted} when every one passed or was Known.
   */
  public static String of(boolean passed, boolean accepted, long known) {
    if (passed) {
      return "PASSED";
    }
    if (accepted) {
      return "PASSED WITH " + known + " KNOWN " + (known == 1 ? "FINDING" : "FINDINGS");
    }
    return "NOT PASSED";
  }
}
