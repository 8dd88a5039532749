package dev.sft.e2e.node;

/**
 * Why a pod's container cannot be started yet: a missing claim, config map, secret or image, or a field the
 * simulator does not support. The reason is a kubelet waiting reason (e.g. {@code CreateContainerConfigError}); the
 * pod stays Pending with it, and the start is retried on the next sync.
 */
public final class PodStartBlocked extends RuntimeException {
  public static final String CONFIG_ERROR = "CreateContainerConfigError";
  public static final String UNSCHEDULABLE = "Unschedulable";

  private final String reason;

  public PodStartBlocked(String reason, String message) {
    super(message);
    this.reason = reason;
  }

  String reason() {
    return reason;
  }
}
