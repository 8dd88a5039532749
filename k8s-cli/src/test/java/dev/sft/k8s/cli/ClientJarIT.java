package dev.sft.k8s.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.contract.RunExitCode;
import dev.sft.k8s.KubeClients;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar, {@code target/sft-k8s.jar}, run as a user runs it ({@code java -jar}, a JVM of its own, only that
 * jar on the class path) against fabric8's mock API server: what the shading must keep working (the main class,
 * the service files through which fabric8 finds its HTTP client, a silent SLF4J).
 */
@EnableKubernetesMockClient(crud = true)
class ClientJarIT {
  private static final Path JAR = Path.of("target", "sft-k8s.jar");

  KubernetesClient client;

  @TempDir
  Path dir;
  MockCluster cluster;

  private record Run(int exit, String out, String err) {}

  @BeforeEach
  void cluster() {
    cluster = new MockCluster(client, dir);
  }

  private Run java(String... args) throws IOException, InterruptedException {
    assertThat(JAR).as("mvn package builds it").isRegularFile();
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toString()));
    command.addAll(List.of(args));
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("exits").isTrue();
    return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void statusPrintsTheTableAndTheResourceWithNothingOnStderr() throws Exception {
    cluster.installCrd();
    cluster.store(MockCluster.failedRun());
    Path kubeconfig = cluster.kubeconfig();

    Run table = java("status", "nightly", "--kubeconfig", kubeconfig.toString());
    assertThat(table.err).as("no SLF4J or JVM warning").isEmpty();
    assertThat(table.exit).isZero();
    assertThat(table.out).startsWith("SCENARIO").contains("RESULT: NOT PASSED");

    Run json = java("status", "nightly", "--kubeconfig", kubeconfig.toString(), "-o", "json");
    assertThat(json.exit).isZero();
    assertThat(KubeClients.SERIALIZATION.unmarshal(json.out, SchedulerFailureTest.class).getStatus().runId)
        .isEqualTo("nightly-r3-1a2b");
  }

  @Test
  void aUsageErrorAndAMissingClusterExitAsTheContractSays() throws Exception {
    Run usage = java("wait", "nightly", "--timeout", "soon");
    assertThat(usage.exit).isEqualTo(RunExitCode.USAGE.code());
    assertThat(usage.err.lines().toList()).hasSize(2).last().isEqualTo(
        "Try 'sft k8s wait --help' for more information.");

    Run nowhere = java("status", "nightly", "--kubeconfig", cluster.kubeconfig("https://127.0.0.1:1").toString());
    assertThat(nowhere.exit).isEqualTo(RunExitCode.INFRASTRUCTURE.code());
    assertThat(nowhere.err.strip()).isEqualTo(
        "sft k8s status: cannot reach the API server at https://127.0.0.1:1/: connection refused");
  }
}
