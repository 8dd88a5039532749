package dev.sft.e2e.suite;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What e2e/run.sh passes the suite as system properties. {@code customBuildImage} is the sft image with its Iceberg
 * runtime replaced (examples/custom-build/Dockerfile), {@code customBuildSha256} the SHA-256 of that jar. With {@code sft.e2e.kubeconfig} the suite runs against that
 * real cluster (images already pushed there, no simulator); without it, against the stand-in and the simulated
 * kubelet on this machine.
 */
public record E2eSettings(
    Path repository,
    Path output,
    Path kubectl,
    Path helm,
    Path kubeconfig,
    String sparkImage,
    String customBuildImage,
    String customBuildSha256,
    String controllerImage,
    String operatorNamespace,
    String testNamespace,
    Duration runBound) {

  public static E2eSettings fromSystemProperties() {
    Path repository = Path.of(required("sft.e2e.repository")).toAbsolutePath();
    String kubeconfig = System.getProperty("sft.e2e.kubeconfig", "");
    return new E2eSettings(
        repository,
        Path.of(required("sft.e2e.output")).toAbsolutePath(),
        executable(required("sft.e2e.kubectl")),
        executable(required("sft.e2e.helm")),
        kubeconfig.isBlank() ? null : Path.of(kubeconfig).toAbsolutePath(),
        required("sft.e2e.sparkImage"),
        required("sft.e2e.customBuildImage"),
        sha256(required("sft.e2e.customBuildSha256")),
        required("sft.e2e.controllerImage"),
        System.getProperty("sft.e2e.operatorNamespace", "sft-system"),
        System.getProperty("sft.e2e.testNamespace", "sft-staging"),
        Duration.ofSeconds(Long.parseLong(System.getProperty("sft.e2e.runBoundSeconds", "900"))));
  }

  public boolean realCluster() {
    return kubeconfig != null;
  }

  private static String required(String name) {
    String value = System.getProperty(name, "");
    if (value.isBlank()) {
      throw new IllegalStateException("system property " + name + " is not set: run the suite through e2e/run.sh");
    }
    return value;
  }

  private static String sha256(String hex) {
    if (!hex.matches("[0-9a-f]{64}")) {
      throw new IllegalStateException("sft.e2e.customBuildSha256 must be a SHA-256 in 64 lower-case hex digits, got '"
          + hex + "'");
    }
    return hex;
  }

  private static Path executable(String path) {
    Path file = Path.of(path);
    if (!Files.isExecutable(file)) {
      throw new IllegalStateException(file + " is not an executable: e2e/run.sh fetches kubectl and helm"
          + " (charts/test/k8s-tools.sh)");
    }
    return file;
  }
}
