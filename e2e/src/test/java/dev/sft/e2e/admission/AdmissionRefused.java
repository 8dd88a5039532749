package dev.sft.e2e.admission;

/** A pod create refused by an admission step: the HTTP code, the Status reason and the message the API server sends. */
public final class AdmissionRefused extends Exception {
  private final int code;
  private final String reason;

  AdmissionRefused(int code, String reason, String message) {
    super(message, null, false, false);
    this.code = code;
    this.reason = reason;
  }

  /** 403 Forbidden: {@code pods "NAME" is forbidden: DETAIL}, as admission.NewForbidden words it. */
  static AdmissionRefused forbidden(String podName, String detail) {
    return new AdmissionRefused(403, "Forbidden", "pods \"" + podName + "\" is forbidden: " + detail);
  }

  /** 422 Invalid: {@code Pod "NAME" is invalid: DETAIL}, as the pod's validation words it. */
  static AdmissionRefused invalid(String podName, String detail) {
    return new AdmissionRefused(422, "Invalid", "Pod \"" + podName + "\" is invalid: " + detail);
  }

  public int code() {
    return code;
  }

  public String reason() {
    return reason;
  }
}
