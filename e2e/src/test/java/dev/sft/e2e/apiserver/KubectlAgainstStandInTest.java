package dev.sft.e2e.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.sft.e2e.apiserver.exec.RecordingExecBackend;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real kubectl (and helm template) against the stand-in, for what the e2e suite does with them. */
class KubectlAgainstStandInTest {

  private static final Duration BOUND = Duration.ofSeconds(60);
  private static final Path ROOT = CommandLineTool.repositoryRoot();

  @TempDir
  static Path work;
  private static ApiServerStandIn standIn;
  private static CommandLineTool kubectl;
  private static final RecordingExecBackend EXEC = new RecordingExecBackend();

  @BeforeAll
  static void start() throws Exception {
    standIn = ApiServerStandIn.start(work.resolve("apiserver"), EXEC);
    kubectl = CommandLineTool.kubectl(standIn.kubeconfigPath(), work.resolve("kubectl-cache"));
    kubectl.ok(BOUND, "apply", "-f", ROOT.resolve("crds").toString());
  }

  @AfterAll
  static void stop() {
    if (standIn != null) {
      standIn.close();
    }
  }

  private static void namespace(String name) {
    apply("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + name + "\n");
  }

  private static String apply(String yaml, String... extra) {
    List<String> args = new java.util.ArrayList<>(List.of("apply", "-f", "-"));
    args.addAll(List.of(extra));
    CommandLineTool.Result result = kubectl.runWithInput(BOUND, yaml.getBytes(StandardCharsets.UTF_8),
        args.toArray(new String[0]));
    assertThat(result.exitCode()).as(result.describe()).isZero();
    return result.stdout();
  }

  @Test
  void customResourceFromTheExampleIsAppliedPatchedAndReportsReady() throws Exception {
    namespace("cr");
    kubectl.ok(BOUND, "-n", "cr", "apply", "-f", ROOT.resolve("examples/minimal.yaml").toString());
    assertThat(kubectl.ok(BOUND, "-n", "cr", "get", "sft", "-o", "name"))
        .isEqualTo("schedulerfailuretest.sft.dev/minimal\n");
    assertThat(jsonpath("cr", "sft/minimal", "{.metadata.generation}")).isEqualTo("1");

    kubectl.ok(BOUND, "-n", "cr", "patch", "sft", "minimal", "--type", "merge", "-p", "{\"spec\":{\"repeat\":2}}");
    assertThat(jsonpath("cr", "sft/minimal", "{.metadata.generation} {.spec.repeat}")).isEqualTo("2 2");
    kubectl.ok(BOUND, "-n", "cr", "patch", "sft", "minimal", "--type", "json", "-p",
        "[{\"op\":\"replace\",\"path\":\"/spec/repeat\",\"value\":3}]");
    assertThat(jsonpath("cr", "sft/minimal", "{.metadata.generation} {.spec.repeat}")).isEqualTo("3 3");

    // kubectl wait must be blocked on the watch when the status arrives, and return because of it
    CompletableFuture<CommandLineTool.Result> wait = CompletableFuture.supplyAsync(() ->
        kubectl.run(BOUND, "-n", "cr", "wait", "sft/minimal", "--for=condition=Ready", "--timeout=45s"));
    Thread.sleep(2000);
    assertThat(wait).as("kubectl wait returned before any status was written").isNotDone();
    kubectl.ok(BOUND, "-n", "cr", "patch", "sft", "minimal", "--subresource=status", "--type", "merge", "-p",
        "{\"status\":{\"observedGeneration\":3,\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\","
            + "\"reason\":\"Passed\",\"message\":\"all verdicts passed\","
            + "\"lastTransitionTime\":\"2026-01-01T00:00:00Z\"}]}}");
    CommandLineTool.Result waited = wait.get(50, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(waited.exitCode()).as(waited.describe()).isZero();
    assertThat(waited.stdout()).contains("condition met");

    // status writes leave generation alone; spec writes leave status alone
    assertThat(jsonpath("cr", "sft/minimal", "{.metadata.generation} {.status.conditions[0].type}"))
        .isEqualTo("3 Ready");
    kubectl.ok(BOUND, "-n", "cr", "patch", "sft", "minimal", "--type", "merge", "-p",
        "{\"spec\":{\"repeat\":4},\"status\":{\"conditions\":[]}}");
    assertThat(jsonpath("cr", "sft/minimal", "{.metadata.generation} {.status.conditions[0].type}"))
        .isEqualTo("4 Ready");

    String another = Files.readString(ROOT.resolve("examples/minimal.yaml")).replace("name: minimal", "name: dry");
    CommandLineTool.Result dryRun = kubectl.runWithInput(BOUND, another.getBytes(StandardCharsets.UTF_8),
        "-n", "cr", "apply", "--dry-run=server", "-f", "-");
    assertThat(dryRun.exitCode()).as("a server dry run would write: refused").isNotZero();
    assertThat(dryRun.stderr()).contains("dryRun is not supported");
    assertThat(kubectl.ok(BOUND, "-n", "cr", "get", "sft", "-o", "name")).doesNotContain("dry");

    kubectl.ok(BOUND, "-n", "cr", "delete", "sft", "minimal");
    assertThat(kubectl.ok(BOUND, "-n", "cr", "get", "sft", "-o", "name")).isEmpty();
  }

  @Test
  void podsAreSelectedByLabelPatchedStrategicallyAndDeletedAfterTheirFinalizers() {
    namespace("pods");
    apply(pod("worker-0", "worker") + "---\n" + pod("driver", "driver"), "-n", "pods");
    assertThat(kubectl.ok(BOUND, "-n", "pods", "get", "pods", "-l", "role=worker", "-o", "name"))
        .isEqualTo("pod/worker-0\n");
    assertThat(kubectl.ok(BOUND, "-n", "pods", "get", "pods", "--field-selector", "metadata.name=driver", "-o",
        "name")).isEqualTo("pod/driver\n");

    kubectl.ok(BOUND, "-n", "pods", "patch", "pod", "worker-0", "--type", "strategic", "-p",
        "{\"spec\":{\"containers\":[{\"name\":\"spark\",\"env\":[{\"name\":\"B\",\"value\":\"3\"},"
            + "{\"name\":\"C\",\"value\":\"4\"}]}]}}");
    assertThat(jsonpath("pods", "pod/worker-0",
        "{range .spec.containers[*]}{.name}:{range .env[*]}{.name}={.value},{end};{end}"))
        .isEqualTo("spark:A=1,B=3,C=4,;sidecar:;");
    // re-applying the changed manifest (client-side apply: a strategic merge patch) keeps both containers
    apply(pod("worker-0", "worker").replace("value: \"2\"", "value: \"5\""), "-n", "pods");
    assertThat(jsonpath("pods", "pod/worker-0", "{.spec.containers[0].env[1].value} {.spec.containers[1].name}"))
        .isEqualTo("5 sidecar");

    kubectl.ok(BOUND, "-n", "pods", "patch", "pod", "worker-0", "--type", "merge", "-p",
        "{\"metadata\":{\"finalizers\":[\"sft.dev/test\"]}}");
    kubectl.ok(BOUND, "-n", "pods", "delete", "pod", "worker-0", "--wait=false");
    assertThat(jsonpath("pods", "pod/worker-0", "{.metadata.deletionTimestamp}")).isNotEmpty();
    kubectl.ok(BOUND, "-n", "pods", "patch", "pod", "worker-0", "--type", "json", "-p",
        "[{\"op\":\"remove\",\"path\":\"/metadata/finalizers\"}]");
    CommandLineTool.Result gone = kubectl.run(BOUND, "-n", "pods", "get", "pod", "worker-0");
    assertThat(gone.exitCode()).isEqualTo(1);
    assertThat(gone.stderr()).contains("NotFound").contains("\"worker-0\" not found");
  }

  @Test
  void execAndLogsRunInTheBackendWithExitCodeOutputAndStdin() {
    namespace("exec");
    apply(pod("worker-1", "worker"), "-n", "exec");
    CommandLineTool.Result failed = kubectl.run(BOUND, "-n", "exec", "exec", "worker-1", "-c", "sidecar", "--",
        "sh", "-c", "echo out; echo err >&2; exit 3");
    assertThat(failed.exitCode()).as(failed.describe()).isEqualTo(3);
    assertThat(failed.stdout()).isEqualTo("out\n");
    assertThat(failed.stderr()).contains("err\n");
    assertThat(EXEC.last()).isEqualTo(new RecordingExecBackend.Call("exec", "worker-1", "sidecar",
        List.of("sh", "-c", "echo out; echo err >&2; exit 3")));

    CommandLineTool.Result echoed = kubectl.runWithInput(BOUND, "hello stdin\n".getBytes(StandardCharsets.UTF_8),
        "-n", "exec", "exec", "-i", "worker-1", "--", "cat");
    assertThat(echoed.exitCode()).as(echoed.describe()).isZero();
    assertThat(echoed.stdout()).isEqualTo("hello stdin\n");
    assertThat(EXEC.last().container()).as("the first container is the default").isEqualTo("spark");

    assertThat(kubectl.ok(BOUND, "-n", "exec", "logs", "worker-1", "-c", "sidecar"))
        .isEqualTo("log of exec/worker-1/sidecar\n");

    CommandLineTool.Result missing = kubectl.run(BOUND, "-n", "exec", "exec", "no-such-pod", "--", "true");
    assertThat(missing.exitCode()).isNotZero();
    assertThat(missing.stderr()).contains("not found");
  }

  @Test
  void aServiceAccountsTokenIsRefusedWhereNoBindingLetsItAndKubectlPrintsTheServersReason() {
    namespace("rbac-in");
    namespace("rbac-out");
    apply("""
        apiVersion: rbac.authorization.k8s.io/v1
        kind: Role
        metadata: {name: reader, namespace: rbac-in}
        rules: [{apiGroups: [""], resources: [pods], verbs: [list]}]
        ---
        apiVersion: rbac.authorization.k8s.io/v1
        kind: RoleBinding
        metadata: {name: reader, namespace: rbac-in}
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader}
        subjects: [{kind: ServiceAccount, name: reader, namespace: rbac-in}]
        """);
    String token = standIn.serviceAccountToken("rbac-in", "reader");
    CommandLineTool.Result inside = kubectl.run(BOUND, "--token", token, "get", "pods", "-n", "rbac-in", "-o", "name");
    assertThat(inside.exitCode()).as(inside.describe()).isZero();
    CommandLineTool.Result outside = kubectl.run(BOUND, "--token", token, "get", "pods", "-n", "rbac-out");
    assertThat(outside.exitCode()).isNotZero();
    assertThat(outside.stderr()).contains("Error from server (Forbidden): pods is forbidden: User "
        + "\"system:serviceaccount:rbac-in:reader\" cannot list resource \"pods\" in API group \"\" in the namespace "
        + "\"rbac-out\"");
    CommandLineTool.Result unknown = kubectl.run(BOUND, "--token", "made-up", "get", "pods", "-n", "rbac-in");
    assertThat(unknown.exitCode()).isNotZero();
    assertThat(unknown.stderr()).contains("error: You must be logged in to the server (Unauthorized)");
  }

  @Test
  void theChartInstallsAsGitOpsToolsInstallIt() throws Exception {
    namespace("sft-system");
    CommandLineTool helm = CommandLineTool.helm(standIn.kubeconfigPath(), work.resolve("helm"));
    String rendered = helm.ok(BOUND, "template", "sft", ROOT.resolve("charts/sft-operator").toString(),
        "--namespace", "sft-system", "--set", "image.tag=e2e");
    String applied = apply(rendered, "-n", "sft-system");
    assertThat(applied).contains("deployment.apps/").contains("serviceaccount/").contains("clusterrole.rbac");
    String image = kubectl.ok(BOUND, "-n", "sft-system", "get", "deployments", "-o",
        "jsonpath={.items[0].spec.template.spec.containers[0].image}");
    assertThat(image).endsWith(":e2e");
    // a second apply of the same manifests changes nothing
    assertThat(apply(rendered, "-n", "sft-system")).doesNotContain("configured").contains("unchanged");

    Path dump = work.resolve("dump");
    assertThat(standIn.dump(dump)).isGreaterThan(3);
    try (var files = Files.walk(dump.resolve("sft-system"))) {
      assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("Deployment-"));
    }
  }

  @Test
  void helmInstallUpgradeAndUninstallWorkWithTheirProtobufReleaseSecrets() {
    namespace("helm-real");
    CommandLineTool helm = CommandLineTool.helm(standIn.kubeconfigPath(), work.resolve("helm-real"));
    String chart = ROOT.resolve("charts/sft-operator").toString();
    assertThat(helm.ok(BOUND, "install", "real", chart, "-n", "helm-real", "--set", "image.tag=one",
        "--set", "fullnameOverride=real")).contains("STATUS: deployed");
    assertThat(kubectl.ok(BOUND, "-n", "helm-real", "get", "secrets", "-l", "owner=helm,name=real", "-o",
        "jsonpath={.items[*].metadata.labels.status}")).isEqualTo("deployed");
    helm.ok(BOUND, "upgrade", "real", chart, "-n", "helm-real", "--set", "image.tag=two",
        "--set", "fullnameOverride=real");
    assertThat(helm.ok(BOUND, "list", "-n", "helm-real", "-o", "json")).contains("\"revision\":\"2\"")
        .contains("\"status\":\"deployed\"");
    assertThat(jsonpath("helm-real", "deployment/real", "{.spec.template.spec.containers[0].image}"))
        .endsWith(":two");
    helm.ok(BOUND, "uninstall", "real", "-n", "helm-real");
    assertThat(kubectl.ok(BOUND, "-n", "helm-real", "get", "deployments,secrets,serviceaccounts", "-o", "name"))
        .isEmpty();
  }

  /** The suite's step (InvalidSpecs) against the stand-in: the refusals kubectl prints quote the CRD's rules. */
  @Test
  void invalidSpecsAreRefusedByKubectlApplyWithTheRulesOwnMessages() throws Exception {
    namespace("refused");
    com.fasterxml.jackson.databind.node.ObjectNode valid = (com.fasterxml.jackson.databind.node.ObjectNode)
        new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(
            Files.readString(ROOT.resolve("examples/minimal.yaml")));
    for (dev.sft.e2e.suite.InvalidSpecs.Case refused : dev.sft.e2e.suite.InvalidSpecs.from(valid)) {
      CommandLineTool.Result result = kubectl.runWithInput(BOUND, refused.test().toString()
          .getBytes(StandardCharsets.UTF_8), "apply", "-n", "refused", "-f", "-");
      dev.sft.e2e.suite.InvalidSpecs.assertRefused(refused, result.exitCode(), result.stdout() + result.stderr());
    }
    assertThat(kubectl.ok(BOUND, "-n", "refused", "get", "sft", "-o", "name")).isEmpty();
    // the valid one is admitted, with the schema's defaults
    kubectl.ok(BOUND, "-n", "refused", "apply", "-f", ROOT.resolve("examples/minimal.yaml").toString());
    assertThat(jsonpath("refused", "sft/minimal", "{.spec.repeat} {.spec.spark.workers}")).isEqualTo("1 2");
    // with --validate=warn an unknown field is dropped, and kubectl prints the API server's Warning header
    String unknownField = Files.readString(ROOT.resolve("examples/minimal.yaml")).replace("spec:\n",
        "spec:\n  repeats: 3\n");
    CommandLineTool.Result warned = kubectl.runWithInput(BOUND, unknownField.getBytes(StandardCharsets.UTF_8),
        "apply", "-n", "refused", "--validate=warn", "-f", "-");
    assertThat(warned.exitCode()).as(warned.describe()).isZero();
    assertThat(warned.stderr()).contains("Warning: unknown field \"spec.repeats\"");
    assertThat(jsonpath("refused", "sft/minimal", "{.spec}")).doesNotContain("repeats");
  }

  private static String jsonpath(String namespace, String object, String expression) {
    return kubectl.ok(BOUND, "-n", namespace, "get", object, "-o", "jsonpath=" + expression);
  }

  /**
   * The documented way to the master's UI (docs/operations.md): {@code kubectl proxy}, then the Service's proxy path.
   * A local HTTP server plays the master's UI, on the pod IP the pod's status gives.
   */
  @Test
  void kubectlProxyReachesAPodsPortThroughItsServicesProxyPath() throws Exception {
    namespace("proxy");
    HttpServer ui = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    ui.createContext("/json/", exchange -> {
      byte[] body = "{\"workers\":[{\"host\":\"127.0.0.1\",\"state\":\"ALIVE\"}]}".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    ui.start();
    Process proxy = null;
    try {
      int uiPort = ui.getAddress().getPort();
      apply(String.join("\n",
          "apiVersion: v1", "kind: Service", "metadata: {name: t-master}",
          "spec: {clusterIP: None, selector: {role: master}, ports: [{name: spark, port: 7077},"
              + " {name: http, port: 8080, targetPort: ui}]}",
          "---",
          "apiVersion: v1", "kind: Pod", "metadata: {name: t-master-0, labels: {role: master}}",
          "spec: {containers: [{name: spark, image: localhost/sft/sft:e2e, ports: [{name: ui, containerPort: "
              + uiPort + "}]}]}", ""), "-n", "proxy");
      String base = "/api/v1/namespaces/proxy/services/t-master:http/proxy/json/";

      proxy = kubectl.start("proxy", "--port=0");
      BufferedReader output = new BufferedReader(new InputStreamReader(proxy.getInputStream(), StandardCharsets.UTF_8));
      String banner = CompletableFuture.supplyAsync(() -> {
        try {
          return output.readLine();
        } catch (java.io.IOException e) {
          return "unreadable: " + e;
        }
      }).get(30, java.util.concurrent.TimeUnit.SECONDS);
      Matcher served = Pattern.compile("Starting to serve on 127\\.0\\.0\\.1:(\\d+)").matcher(String.valueOf(banner));
      assertThat(served.find()).as("kubectl proxy's first line: %s", banner).isTrue();
      // HTTP/1.1: Java's default asks for an h2c upgrade, which kubectl proxy would treat as a protocol upgrade.
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      URI url = URI.create("http://127.0.0.1:" + served.group(1) + base);

      // Not ready yet: no endpoint, as on a real cluster.
      HttpResponse<String> before = http.send(HttpRequest.newBuilder(url).timeout(BOUND).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(before.statusCode()).as(before.body()).isEqualTo(503);
      assertThat(before.body()).contains("no endpoints available");

      kubectl.ok(BOUND, "-n", "proxy", "patch", "pod", "t-master-0", "--subresource=status", "--type", "merge", "-p",
          "{\"status\":{\"phase\":\"Running\",\"podIP\":\"127.0.0.1\",\"conditions\":[{\"type\":\"Ready\","
              + "\"status\":\"True\"}]}}");
      HttpResponse<String> after = http.send(HttpRequest.newBuilder(url).timeout(BOUND).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(after.statusCode()).as(after.body()).isEqualTo(200);
      assertThat(after.body()).contains("\"state\":\"ALIVE\"");
    } finally {
      if (proxy != null) {
        proxy.destroy();
        proxy.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
      }
      ui.stop(0);
    }
  }

  private static String pod(String name, String role) {
    return String.join("\n",
        "apiVersion: v1",
        "kind: Pod",
        "metadata:",
        "  name: " + name,
        "  labels: {app: spark, role: " + role + "}",
        "spec:",
        "  containers:",
        "  - name: spark",
        "    image: localhost/sft/spark:e2e",
        "    env:",
        "    - {name: A, value: \"1\"}",
        "    - {name: B, value: \"2\"}",
        "  - name: sidecar",
        "    image: localhost/sft/sidecar:e2e",
        "");
  }
}
