package dev.sft.harness.kill;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.KillExitCode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.server.mock.OutputStreamMessage;
import io.fabric8.kubernetes.client.server.mock.StatusMessage;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pod-exec transport against the fabric8 mock API server (CRUD store for pods, scripted exec sessions standing in
 * for the kubelet). What the container would print is simulated here, in the test, never in the product.
 */
@EnableKubernetesMockClient(crud = true)
class PodExecTransportTest {
  private static final String NAMESPACE = "staging";
  private static final String SELECTOR = "sft.dev/test=nightly,sft.dev/component=worker";
  private static final String CMDLINE =
      "java -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend --executor-id 3 "
          + "--hostname 10.0.0.12";

  KubernetesMockServer server;
  KubernetesClient client;

  @TempDir
  Path runDir;

  @BeforeEach
  void workerPods() {
    create(pod("nightly-worker-0", "nightly", "10.0.0.12"));
    create(pod("nightly-worker-1", "nightly", "10.0.0.13"));
    create(pod("other-worker-0", "other", "10.0.0.99"));
  }

  private static Pod pod(String name, String test, String ip) {
    return new PodBuilder()
        .withNewMetadata().withName(name).withNamespace(NAMESPACE)
        .addToLabels("sft.dev/test", test).addToLabels("sft.dev/component", "worker").endMetadata()
        .withNewSpec().withHostname(name).withSubdomain(test + "-workers")
        .addNewContainer().withName("spark").withImage("apache/spark:4.1.3").endContainer().endSpec()
        .withNewStatus().withPodIP(ip).endStatus()
        .build();
  }

  private void create(Pod pod) {
    client.pods().inNamespace(NAMESPACE).resource(pod).create();
  }

  /** The exec URL fabric8 builds: every command argument URL-encoded, spaces as %20. */
  private static String execPath(String pod, String mode, String pid, String executorId, String host) {
    List<String> command = List.of("sh", "-c", KillScript.text(), "sft-kill", mode, pid, executorId, host, "5000");
    return "/api/v1/namespaces/" + NAMESPACE + "/pods/" + pod + "/exec?"
        + command.stream().map(c -> "command=" + URLEncoder.encode(c, StandardCharsets.UTF_8).replace("+", "%20"))
            .collect(Collectors.joining("&"))
        + "&container=spark&stdout=true&stderr=true";
  }

  private void expectExec(String path, String output, int exitCode) {
    server.expect().get().withPath(path).andUpgradeToWebSocket().open()
        .waitFor(20).andEmit(new OutputStreamMessage(output))
        .waitFor(20).andEmit(new StatusMessage(exitCode == 0
            ? new StatusBuilder().withStatus("Success").build()
            : new StatusBuilder().withStatus("Failure").withReason("NonZeroExitCode").withNewDetails()
                .addNewCause().withReason("ExitCode").withMessage(String.valueOf(exitCode)).endCause().endDetails()
                .build()))
        .done().once();
  }

  private KillRecord kill(String host, String pid, String executorId) {
    PodExecTransport transport = new PodExecTransport(client, NAMESPACE, SELECTOR, "spark");
    return new Killer(transport, Duration.ofSeconds(5)).kill(KillRequest.parse(host, pid, executorId,
        runDir.toString()));
  }

  private List<String> execRequests() throws InterruptedException {
    List<String> paths = new ArrayList<>();
    RecordedRequest request;
    while ((request = server.takeRequest(10, TimeUnit.MILLISECONDS)) != null) {
      if (request.getPath().contains("/exec?")) {
        paths.add(request.getPath());
      }
    }
    return paths;
  }

  @Test
  void killsInTheResolvedWorkerPodInOneExecAndRecordsThePod() throws Exception {
    expectExec(execPath("nightly-worker-0", "kill", "4242", "3", "10.0.0.12"),
        "cmdline=" + CMDLINE + "\nkill_time_ms=1000\nexit_state=gone\nexit_observed_ms=1090\nresult=killed\n", 0);

    KillRecord record = kill("10.0.0.12", "4242", "3");

    assertThat(record.exitCode()).as(record.reason()).isEqualTo(KillExitCode.KILLED.code());
    assertThat(record.transport()).isEqualTo("pod-exec");
    assertThat(record.pod()).isEqualTo("nightly-worker-0");
    assertThat(record.container()).isEqualTo("spark");
    assertThat(record.cmdline()).isEqualTo(CMDLINE);
    assertThat(record.exitObservedMs()).isEqualTo(1090L);
    // One round trip, in the pod the host resolved to: the script proves the identity before it signals.
    assertThat(execRequests()).singleElement().satisfies(
        kill -> assertThat(kill).contains("/pods/nightly-worker-0/exec?").contains("command=kill"));
  }

  @Test
  void resolvesByHostnameToo() throws Exception {
    expectExec(execPath("nightly-worker-1", "kill", "77", "5", "nightly-worker-1.nightly-workers.staging.svc"),
        "kill_time_ms=1\nexit_state=zombie\nexit_observed_ms=2\nresult=killed\n", 0);
    assertThat(kill("nightly-worker-1.nightly-workers.staging.svc", "77", "5").pod()).isEqualTo("nightly-worker-1");
  }

  @Test
  void theScriptsRefusalIsTheRecordAndNothingIsTriedAgain() throws Exception {
    expectExec(execPath("nightly-worker-0", "kill", "4242", "4", "10.0.0.12"),
        "cmdline=" + CMDLINE + "\nresult=refused\nreason=process 4242 is executor '3', not '4'\n",
        KillExitCode.REFUSED_IDENTITY.code());

    KillRecord record = kill("10.0.0.12", "4242", "4");

    // The refusal's wording is the scripted container's; what the product decides is to report the script's exit
    // and the pod, and not to exec again (the script refusing before its signal: KillContractTest).
    assertThat(record.exitCode()).isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(record.pod()).isEqualTo("nightly-worker-0");
    assertThat(execRequests()).hasSize(1);
  }

  @Test
  void anUnknownHostIsRefusedWithoutAnyExec() throws Exception {
    KillRecord record = kill("10.0.0.50", "4242", "3");
    assertThat(record.exitCode()).isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(record.reason()).contains("no worker pod of this test");
    assertThat(execRequests()).isEmpty();
  }

  @Test
  void aPodOfAnotherTestIsNeverATarget() throws Exception {
    KillRecord record = kill("10.0.0.99", "4242", "3");
    assertThat(record.exitCode()).isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(execRequests()).isEmpty();
  }

  @Test
  void severalMatchingPodsAreARefusal() throws Exception {
    create(pod("nightly-worker-2", "nightly", "10.0.0.12"));
    KillRecord record = kill("10.0.0.12", "4242", "3");
    assertThat(record.exitCode()).isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(record.reason()).contains("matches several worker pods");
    assertThat(execRequests()).isEmpty();
  }

  @Test
  void anExecFailureIsATransportFailure() throws Exception {
    server.expect().get().withPath(execPath("nightly-worker-0", "kill", "4242", "3", "10.0.0.12"))
        .andReturn(403, "{\"kind\":\"Status\",\"status\":\"Failure\",\"reason\":\"Forbidden\",\"code\":403}")
        .once();
    KillRecord record = kill("10.0.0.12", "4242", "3");
    assertThat(record.exitCode()).isEqualTo(KillExitCode.TRANSPORT_FAILURE.code());
    assertThat(Stream.of(record.reason())).allMatch(r -> r != null && r.contains("exec in pod nightly-worker-0"));
    assertThat(execRequests()).hasSize(1);
  }
}
