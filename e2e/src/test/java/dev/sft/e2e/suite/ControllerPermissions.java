package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The namespaced install as the API server enforces it: with the controller's own service-account token (read from
 * its pod, where the kubelet mounted it), kubectl may read tests in the watched namespace, and gets the API server's
 * 403 in any other namespace and at cluster scope. On the stand-in this shows that RBAC is enforced at all; on a real
 * cluster, that the chart grants no more than it says.
 */
final class ControllerPermissions {
  private static final String TOKEN_FILE = "/var/run/secrets/kubernetes.io/serviceaccount/token";

  private final E2eSettings settings;
  private final Kubectl admin;

  ControllerPermissions(E2eSettings settings, Kubectl admin) {
    this.settings = settings;
    this.admin = admin;
  }

  /** @param controller the Ready controller pod */
  void assertForbiddenOutsideTheWatchedNamespaces(JsonNode controller) {
    String pod = controller.path("metadata").path("name").asText();
    String account = controller.path("spec").path("serviceAccountName").asText("default");
    String user = "system:serviceaccount:" + settings.operatorNamespace() + ":" + account;
    String token = admin.run("exec", "-n", settings.operatorNamespace(), pod, "-c", "controller", "--", "cat",
        TOKEN_FILE).orFail().strip();
    assertThat(token).as("the controller's mounted service-account token").isNotBlank();
    Kubectl asController = new Kubectl(settings.kubectl(), kubeconfigWithToken(token));

    Command.Result inside = asController.run("get", "schedulerfailuretests", "-n", settings.testNamespace(), "-o",
        "name");
    assertThat(inside.ok()).as("the controller reads tests in its watched namespace: %s", inside.describe()).isTrue();
    Command.Result pods = asController.run("get", "pods", "-n", settings.testNamespace(), "-o", "name");
    assertThat(pods.ok()).as("and pods there: %s", pods.describe()).isTrue();

    for (String outside : List.of(settings.operatorNamespace(), "kube-system")) {
      Command.Result denied = asController.run("get", "pods", "-n", outside);
      assertThat(denied.ok()).as("pods in %s: %s", outside, denied.describe()).isFalse();
      assertThat(denied.stderr()).as("the API server's 403 for %s", outside)
          .contains("Error from server (Forbidden): pods is forbidden: User \"" + user + "\" cannot list resource "
              + "\"pods\" in API group \"\" in the namespace \"" + outside + "\"");
    }
    Command.Result clusterWide = asController.run("get", "schedulerfailuretests", "--all-namespaces");
    assertThat(clusterWide.ok()).as("tests in every namespace: %s", clusterWide.describe()).isFalse();
    assertThat(clusterWide.stderr()).contains("schedulerfailuretests.sft.dev is forbidden: User \"" + user
        + "\" cannot list resource \"schedulerfailuretests\" in API group \"sft.dev\" at the cluster scope");
    Command.Result escalate = asController.run(java.time.Duration.ofSeconds(60), """
        apiVersion: rbac.authorization.k8s.io/v1
        kind: Role
        metadata: {name: sft-e2e-escalation-probe}
        rules: [{apiGroups: [""], resources: [secrets], verbs: [get]}]
        """, "create", "-n", settings.testNamespace(), "-f", "-");
    assertThat(escalate.ok()).as("a Role granting what the controller does not hold: %s", escalate.describe())
        .isFalse();
    assertThat(escalate.stderr()).contains("is attempting to grant RBAC permissions not currently held")
        .contains("{APIGroups:[\"\"], Resources:[\"secrets\"], Verbs:[\"get\"]}");
    SuiteProgress.say("controller %s: allowed in %s; 403 in %s, in kube-system, at cluster scope, and for a Role"
        + " beyond its own rights", user, settings.testNamespace(), settings.operatorNamespace());
  }

  /** The admin kubeconfig's cluster (server and CA) with the given bearer token as its only user. */
  private Path kubeconfigWithToken(String token) {
    JsonNode view = Kubectl.parse(admin.run("config", "view", "--raw", "--minify", "--flatten", "-o", "json")
        .orFail());
    JsonNode cluster = view.path("clusters").path(0).path("cluster");
    String server = cluster.path("server").asText();
    String ca = cluster.path("certificate-authority-data").asText();
    assertThat(server).as("the admin kubeconfig's server").isNotBlank();
    String yaml = String.join("\n",
        "apiVersion: v1",
        "kind: Config",
        "clusters:",
        "- name: under-test",
        "  cluster:",
        "    server: " + server,
        // Without CA data the kubeconfig trusts the system's CAs (a managed cluster's public endpoint).
        ca.isEmpty() ? "    # the system's CAs" : "    certificate-authority-data: " + ca,
        "users:",
        "- name: sft-controller",
        "  user:",
        "    token: " + token,
        "contexts:",
        "- name: as-controller",
        "  context: {cluster: under-test, user: sft-controller}",
        "current-context: as-controller",
        "");
    try {
      Path file = settings.output().resolve("controller-kubeconfig");
      Files.createDirectories(file.getParent());
      Files.writeString(file, yaml);
      file.toFile().setReadable(false, false);
      file.toFile().setReadable(true, true);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the controller's kubeconfig", e);
    }
  }
}
