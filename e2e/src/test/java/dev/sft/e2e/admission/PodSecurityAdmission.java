package dev.sft.e2e.admission;

import dev.sft.e2e.admission.PodSecurityStandards.Level;
import dev.sft.e2e.admission.PodSecurityStandards.Violation;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Pod Security admission in enforce mode: a namespace labelled {@code pod-security.kubernetes.io/enforce: LEVEL}
 * refuses pods that violate the level. An unknown level counts as {@code restricted}, as the real plugin fails
 * closed. The {@code warn} and {@code audit} modes are not simulated.
 */
final class PodSecurityAdmission {
  static final String ENFORCE = "pod-security.kubernetes.io/enforce";
  static final String ENFORCE_VERSION = "pod-security.kubernetes.io/enforce-version";

  private PodSecurityAdmission() {}

  static void validate(Pod pod, Namespace namespace) throws AdmissionRefused {
    Map<String, String> labels = namespace == null ? null : namespace.getMetadata().getLabels();
    String enforce = labels == null ? null : labels.get(ENFORCE);
    if (enforce == null) {
      return;
    }
    Level level = switch (enforce) {
      case "privileged" -> Level.PRIVILEGED;
      case "baseline" -> Level.BASELINE;
      default -> Level.RESTRICTED;
    };
    List<Violation> violations = PodSecurityStandards.check(pod.getMetadata().getAnnotations(), pod.getSpec(), level);
    if (violations.isEmpty()) {
      return;
    }
    String version = labels.getOrDefault(ENFORCE_VERSION, "latest");
    throw AdmissionRefused.forbidden(pod.getMetadata().getName(), "violates PodSecurity \""
        + level.name().toLowerCase(Locale.ROOT) + ":" + version + "\": "
        + violations.stream().map(Violation::toString).collect(Collectors.joining(", ")));
  }
}
