package dev.sft.e2e.suite;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code sft k8s} as a user runs it after {@code kubectl apply}: this checkout's launcher, on the cluster under test
 * through the same kubeconfig kubectl gets ({@code --kubeconfig}). The launcher runs the client jar e2e/run.sh's Maven
 * build made ({@code SFT_K8S_JAR}), so it never builds.
 */
final class SftK8s {
  private final Path launcher;
  private final Path clientJar;
  private final Path kubeconfig;

  SftK8s(Path repository, Path kubeconfig) {
    this.launcher = repository.resolve("sft");
    this.clientJar = repository.resolve("k8s-cli/target/sft-k8s.jar");
    this.kubeconfig = kubeconfig;
    if (!Files.isRegularFile(clientJar)) {
      throw new IllegalStateException(clientJar + " is missing: e2e/run.sh builds it (./mvnw install)");
    }
  }

  /** {@code sft k8s wait NAME -n NS --timeout}: 0 Succeeded, 1 a verdict, 2 invalid spec, 3 preflight, 4 otherwise. */
  Command.Result await(String namespace, String name, Duration timeout) {
    return run(timeout.plusSeconds(60), "wait", name, "-n", namespace, "--timeout", timeout.toSeconds() + "s");
  }

  /** {@code sft k8s fetch NAME -n NS --out DIR}: the run's folder lands in {@code DIR/<runId>/}; fails unless 0. */
  Command.Result fetch(String namespace, String name, Path out) {
    Command.Result fetched = run(Duration.ofMinutes(5), "fetch", name, "-n", namespace, "--out", out.toString());
    fetched.orFail();
    return fetched;
  }

  Command.Result run(Duration bound, String... args) {
    List<String> command = new ArrayList<>(List.of(launcher.toString(), "k8s"));
    command.addAll(List.of(args));
    command.addAll(List.of("--kubeconfig", kubeconfig.toString()));
    Command.Result result = Command.run(bound, null, command, Map.of("SFT_K8S_JAR", clientJar.toString()));
    SuiteProgress.say("%s exited %d", String.join(" ", command.subList(1, command.size())), result.exitCode());
    return result;
  }
}
