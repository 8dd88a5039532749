package dev.sft.e2e.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.e2e.apiserver.exec.RecordingExecBackend;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pod creates through the stand-in's HTTP front pass admission, whoever sends them: kubectl or a fabric8 client. */
class AdmissionAgainstStandInTest {
  private static final Duration BOUND = Duration.ofSeconds(60);

  @TempDir
  static Path work;
  private static ApiServerStandIn standIn;
  private static KubernetesClient client;
  private static CommandLineTool kubectl;

  @BeforeAll
  static void start() throws Exception {
    standIn = ApiServerStandIn.start(work.resolve("apiserver"), new RecordingExecBackend());
    client = new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(Files.readString(standIn.kubeconfigPath()))).build();
    kubectl = CommandLineTool.kubectl(standIn.kubeconfigPath(), work.resolve("kubectl-cache"));
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.close();
    }
    if (standIn != null) {
      standIn.close();
    }
  }

  @Test
  void kubectlApplyOfAPodViolatingRestrictedGetsTheRealForbiddenError() {
    kubectl.runWithInput(BOUND, """
        apiVersion: v1
        kind: Namespace
        metadata: {name: restricted, labels: {pod-security.kubernetes.io/enforce: restricted}}
        """.getBytes(StandardCharsets.UTF_8), "apply", "-f", "-");
    CommandLineTool.Result refused = kubectl.runWithInput(BOUND, """
        apiVersion: v1
        kind: Pod
        metadata: {name: rooted, namespace: restricted}
        spec: {containers: [{name: app, image: img, securityContext: {privileged: true}}]}
        """.getBytes(StandardCharsets.UTF_8), "apply", "-f", "-");
    assertThat(refused.exitCode()).isNotZero();
    assertThat(refused.stderr()).contains("Error from server (Forbidden): error when creating \"STDIN\": pods "
        + "\"rooted\" is forbidden: violates PodSecurity \"restricted:latest\": allowPrivilegeEscalation != false",
        "privileged (container \"app\" must not set securityContext.privileged=true)");
    assertThat(kubectl.run(BOUND, "-n", "restricted", "get", "pods", "-o", "name").stdout()).isBlank();
  }

  @Test
  void aFabric8CreatePastAQuotaIs403ExceededQuotaAndNothingIsStored() {
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("quota").endMetadata().build())
        .create();
    kubectl.runWithInput(BOUND, """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: one-pod, namespace: quota}
        spec: {hard: {pods: "1"}}
        """.getBytes(StandardCharsets.UTF_8), "apply", "-f", "-");
    Pod pod = new PodBuilder().withNewMetadata().withName("p1").endMetadata().withNewSpec().addNewContainer()
        .withName("app").withImage("img").endContainer().endSpec().build();
    client.pods().inNamespace("quota").resource(pod).create();
    pod.getMetadata().setName("p2");
    assertThatThrownBy(() -> client.pods().inNamespace("quota").resource(pod).create())
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(403);
          assertThat(e.getStatus().getReason()).isEqualTo("Forbidden");
          assertThat(e.getStatus().getMessage()).isEqualTo("pods \"p2\" is forbidden: exceeded quota: one-pod, "
              + "requested: pods=1, used: pods=1, limited: pods=1");
        });
    assertThat(client.pods().inNamespace("quota").list().getItems()).extracting(p -> p.getMetadata().getName())
        .containsExactly("p1");
  }

  @Test
  void aLimitRangeDefaultsTheLimitsOfAPodCreatedThroughTheStandIn() {
    kubectl.runWithInput(BOUND, """
        apiVersion: v1
        kind: Namespace
        metadata: {name: limits}
        ---
        apiVersion: v1
        kind: LimitRange
        metadata: {name: defaults, namespace: limits}
        spec: {limits: [{type: Container, default: {memory: 512Mi}}]}
        """.getBytes(StandardCharsets.UTF_8), "apply", "-f", "-");
    client.pods().inNamespace("limits").resource(new PodBuilder().withNewMetadata().withName("d").endMetadata()
        .withNewSpec().addNewContainer().withName("app").withImage("img").endContainer().endSpec().build()).create();
    var resources = client.pods().inNamespace("limits").withName("d").get().getSpec().getContainers().get(0)
        .getResources();
    assertThat(resources.getLimits().get("memory").toString()).isEqualTo("512Mi");
    assertThat(resources.getRequests().get("memory").toString()).isEqualTo("512Mi");
  }
}
