package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.e2e.apiserver.ApiServerStandIn;
import dev.sft.e2e.apiserver.exec.ExecBackend;
import dev.sft.e2e.apiserver.exec.ExecResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's namespaced-install step without containers: the chart installed by {@link Operator} (a real helm) into
 * the stand-in, and a controller pod whose mounted token is what the simulated kubelet would mount (the stand-in's
 * token of the pod's service account, served to {@code kubectl exec ... cat}). The step must pass with the chart's
 * RBAC, and fail when the controller is bound more widely than its namespaces.
 */
class ControllerPermissionsTest {

  @TempDir
  Path work;
  private ApiServerStandIn standIn;
  private E2eSettings settings;
  private Kubectl kubectl;
  /** Each pod's service account, as the kubelet would know it from the pod spec. */
  private final java.util.Map<String, String> accounts = new java.util.concurrent.ConcurrentHashMap<>();

  @BeforeEach
  void installTheChart() throws Exception {
    AtomicReference<ApiServerStandIn> api = new AtomicReference<>();
    ExecBackend mountedToken = (namespace, pod, container, command, stdin) -> {
      if (!command.equals(List.of("cat", "/var/run/secrets/kubernetes.io/serviceaccount/token"))) {
        throw new ExecBackend.ExecException("this test's pods only show their token, not " + command);
      }
      String account = accounts.get(pod);
      if (account == null) {
        throw new ExecBackend.ExecException("no pod " + pod + " in this test");
      }
      return new ExecResult(0, api.get().serviceAccountToken(namespace, account).getBytes(StandardCharsets.UTF_8),
          new byte[0]);
    };
    standIn = ApiServerStandIn.start(work.resolve("apiserver"), mountedToken);
    api.set(standIn);
    Path root = repositoryRoot();
    Path tools = root.resolve("target/k8s-tools");
    assertThat(tools.resolve("kubectl/kubectl")).as("the real kubectl (charts/test/k8s-tools.sh fetches it)")
        .isExecutable();
    settings = new E2eSettings(root, work.resolve("out"), tools.resolve("kubectl/kubectl"),
        tools.resolve("helm/helm"), null, "localhost/sft/sft:e2e", "localhost/sft/custom:e2e", "0".repeat(64),
        "localhost/sft/sft-controller:e2e", "sft-system", "sft-staging", Duration.ofMinutes(5));
    kubectl = new Kubectl(settings.kubectl(), standIn.kubeconfigPath());
    kubectl.apply(null, Files.readString(root.resolve("crds/schedulerfailuretests.sft.dev-v1.yml")));
    new Operator(settings, kubectl, java.util.List.of()).install();
  }

  @AfterEach
  void stop() {
    if (standIn != null) {
      standIn.close();
    }
  }

  /** The pod the Deployment would have: its template's service account, in the operator namespace. */
  private JsonNode controllerPod() throws Exception {
    JsonNode deployment = kubectl.getJson(settings.operatorNamespace(), "deployment", Operator.DEPLOYMENT);
    String account = deployment.path("spec").path("template").path("spec").path("serviceAccountName").asText();
    assertThat(account).as("the chart names the controller's service account").isNotBlank();
    String pod = """
        {"apiVersion":"v1","kind":"Pod","metadata":{"name":"controller-0"},
         "spec":{"serviceAccountName":"%s","containers":[{"name":"controller","image":"x"}]}}""".formatted(account);
    accounts.put("controller-0", account);
    kubectl.apply(settings.operatorNamespace(), pod);
    return kubectl.getJson(settings.operatorNamespace(), "pod", "controller-0");
  }

  @Test
  void theChartsNamespacedControllerIsAllowedInItsNamespaceAndRefusedElsewhere() throws Exception {
    new ControllerPermissions(settings, kubectl).assertForbiddenOutsideTheWatchedNamespaces(controllerPod());
  }

  @Test
  void theStepFailsWhenTheControllerMayReadPodsEverywhere() throws Exception {
    JsonNode pod = controllerPod();
    kubectl.apply(null, """
        apiVersion: rbac.authorization.k8s.io/v1
        kind: ClusterRoleBinding
        metadata: {name: too-wide}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
        subjects: [{kind: ServiceAccount, name: %s, namespace: %s}]
        """.formatted(pod.path("spec").path("serviceAccountName").asText(), settings.operatorNamespace()));
    assertThatThrownBy(() -> new ControllerPermissions(settings, kubectl)
        .assertForbiddenOutsideTheWatchedNamespaces(pod)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("pods in sft-system");
  }

  private static Path repositoryRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("charts/sft-operator"))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("the repository root above %s", Path.of("").toAbsolutePath()).isNotNull();
    return dir;
  }
}
