package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.contract.ScenarioName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The shipped example under a real cluster's admission, each in a namespace of its own that the operator watches: Pod
 * Security {@code restricted} (label {@code pod-security.kubernetes.io/enforce}), OpenShift's {@code restricted-v2}
 * (the namespace's {@code openshift.io/sa.scc.*} ranges: UIDs and fsGroup come from the platform), and a ResourceQuota
 * that refuses the harness pod, which must surface as the harness Job's {@code FailedCreate} and in the test's status
 * within 30 s.
 */
final class AdmissionSteps {
  static final String UID_RANGE_START = "1000680000";
  /**
   * A loss scenario: it kills an executor through pod exec, which these namespaces' policies must allow, and it has
   * no speculative loser, whose abort may leave files on today's Iceberg (docs/scenarios.md) and fail the run.
   */
  private static final String SCENARIO = ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT.id();
  private static final Duration SURFACES_WITHIN = Duration.ofSeconds(30);

  private final E2eSettings settings;
  private final Kubectl kubectl;
  private final TestResources resources;

  AdmissionSteps(E2eSettings settings, Kubectl kubectl, TestResources resources) {
    this.settings = settings;
    this.kubectl = kubectl;
    this.resources = resources;
  }

  String restricted() {
    return settings.testNamespace() + "-restricted";
  }

  String openShift() {
    return settings.testNamespace() + "-openshift";
  }

  String quota() {
    return settings.testNamespace() + "-quota";
  }

  /** The namespaces, applied before the operator is installed to watch them. */
  List<String> namespaces() {
    return List.of(restricted(), openShift(), quota());
  }

  void createNamespaces() {
    // One apply each: kubectl validates a List against /openapi/v2 (protobuf), which the stand-in does not serve.
    kubectl.apply(null, """
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "%s",
          "labels": {"pod-security.kubernetes.io/enforce": "restricted"}}}""".formatted(restricted()));
    kubectl.apply(null, """
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "%s",
          "labels": {"pod-security.kubernetes.io/enforce": "restricted"},
          "annotations": {"openshift.io/sa.scc.uid-range": "%s/10000",
            "openshift.io/sa.scc.supplemental-groups": "%s/10000"}}}""".formatted(openShift(), UID_RANGE_START,
        UID_RANGE_START));
    kubectl.apply(null, """
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "%s"}}""".formatted(quota()));
  }

  /**
   * One scenario of the example in {@code namespace}, to its end, or to the first pod admission refuses (these
   * namespaces' refusals do not heal); every pod's user seen meanwhile.
   */
  JsonNode runToTheEnd(String namespace, String name, Set<String> usersSeen) {
    kubectl.apply(namespace, TestResources.json(oneScenario(name)));
    Observed end = Await.until(name + " in " + namespace + " finished", settings.runBound(), () -> {
      for (JsonNode pod : kubectl.list(namespace, "pods", "sft.dev/test=" + name)) {
        usersSeen.add(runAsUser(pod));
      }
      JsonNode test = kubectl.find(namespace, "schedulerfailuretest", name);
      return new Observed(test == null ? null : test.path("status"), failedCreates(namespace));
    }, o -> o.finished() || !o.failedCreates().isEmpty());
    assertThat(end.failedCreates()).as("pods of %s refused by admission in %s: %s", name, namespace, end).isEmpty();
    return end.status();
  }

  void assertPassedWithoutRefusals(String namespace, JsonNode status) {
    assertThat(status.path("phase").asText()).as("status: %s", status).isEqualTo("Succeeded");
    assertThat(status.path("cells")).singleElement().satisfies(c -> {
      assertThat(c.path("passed").asInt()).as("%s", c).isEqualTo(1);
      assertThat(c.path("verdicts").path("Passed/Passed").asInt()).as("%s", c).isEqualTo(1);
    });
    assertThat(failedCreates(namespace)).as("pods refused by admission in %s", namespace).isEmpty();
  }

  /** A harness asking for more memory than the namespace's quota leaves: its Job's pod is refused. */
  void quotaRefusesTheHarnessPod(String name) {
    String namespace = quota();
    kubectl.apply(namespace, """
        {"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "harness-refused"},
         "spec": {"hard": {"requests.memory": "64Gi", "limits.memory": "64Gi"}}}""");
    ObjectNode test = oneScenario(name);
    ((ObjectNode) test.get("spec").get("harness")).putObject("resources").set("requests",
        Kubectl.parse("{\"memory\": \"100Gi\"}"));
    ((ObjectNode) test.get("spec").get("harness").get("resources")).set("limits",
        Kubectl.parse("{\"memory\": \"100Gi\"}"));
    kubectl.apply(namespace, TestResources.json(test));
    String job = name + "-r1-loss";
    // The Spark pods fit the quota; a refusal of any of them ends the wait with its Event.
    Observed created = Await.until("harness Job " + job + " created", settings.runBound(), () -> new Observed(
        kubectl.find(namespace, "job", job), failedCreates(namespace)),
        o -> o.status() != null || !o.failedCreates().isEmpty());
    assertThat(created.status()).as("harness Job %s; %s", job, created).isNotNull();
    JsonNode refused = Await.until("FailedCreate on Job " + job, SURFACES_WITHIN,
        () -> failedCreates(namespace).stream().filter(e -> job.equals(e.path("involvedObject").path("name")
            .asText())).findFirst().orElse(null), e -> e != null);
    assertThat(refused.path("message").asText()).startsWith("Error creating: pods \"" + job + "-")
        .contains("is forbidden: exceeded quota: harness-refused, requested: limits.memory=100Gi,"
            + "requests.memory=100Gi");
    JsonNode status = Await.until("the refusal quoted in " + name + "'s status", SURFACES_WITHIN,
        () -> kubectl.find(namespace, "schedulerfailuretest", name).path("status"),
        s -> s.toString().contains("exceeded quota"));
    SuiteProgress.say("%s surfaced: %s", name, status.path("conditions"));
    kubectl.run(Duration.ofSeconds(120), null, "delete", "-n", namespace, "schedulerfailuretest", name).orFail();
  }

  private ObjectNode oneScenario(String name) {
    ObjectNode test = resources.minimal(name);
    ((ObjectNode) test.get("spec")).putArray("scenarios").add(SCENARIO);
    return test;
  }

  private List<JsonNode> failedCreates(String namespace) {
    List<JsonNode> refused = new ArrayList<>();
    for (JsonNode event : kubectl.list(namespace, "events", null)) {
      if ("FailedCreate".equals(event.path("reason").asText())) {
        refused.add(event);
      }
    }
    return refused;
  }

  /** The user a pod's first container runs as, as the pod spec says it (container over pod), or "image default". */
  static String runAsUser(JsonNode pod) {
    JsonNode container = pod.path("spec").path("containers").path(0).path("securityContext").path("runAsUser");
    JsonNode podLevel = pod.path("spec").path("securityContext").path("runAsUser");
    return !container.isMissingNode() ? container.asText() : !podLevel.isMissingNode() ? podLevel.asText()
        : "image default";
  }

  /**
   * What a wait saw last: an object (a test's status, a Job) and any admission refusals (which explain a run that
   * hangs).
   */
  private record Observed(JsonNode status, List<JsonNode> failedCreates) {
    boolean finished() {
      String phase = status == null ? "" : status.path("phase").asText();
      return "Succeeded".equals(phase) || "Failed".equals(phase);
    }

    @Override
    public String toString() {
      Set<String> messages = new TreeSet<>();
      failedCreates.forEach(e -> messages.add(e.path("message").asText()));
      return "status " + status + (messages.isEmpty() ? "" : "; FailedCreate events: " + messages);
    }
  }
}
