package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The sft operator installed as docs/quick-start.md says, with a real {@code helm install} (the stand-in decodes helm's
 * protobuf release Secrets; the GitOps way, {@code helm template … | kubectl apply -f -}, is covered by the
 * stand-in's own tests).
 */
final class Operator {
  static final String RELEASE = "sft";
  /** The chart's Deployment and container names ("<release>-sft-operator", "controller"). */
  static final String DEPLOYMENT = RELEASE + "-sft-operator";
  static final String SELECTOR = "app.kubernetes.io/name=sft-controller,app.kubernetes.io/instance=" + RELEASE;

  private final E2eSettings settings;
  private final Kubectl kubectl;
  /** Namespaces the operator watches besides the test namespace (created by the caller before the install). */
  private final List<String> moreNamespaces;
  private boolean installed;

  /** The chart installed with its defaults for the test namespace only, its controller Ready: where a benchmark starts. */
  static void installedForBench(E2eSettings settings, Kubectl kubectl) {
    Operator operator = new Operator(settings, kubectl, List.of());
    operator.install();
    operator.awaitReady(java.time.Duration.ofSeconds(180));
  }

  Operator(E2eSettings settings, Kubectl kubectl, List<String> moreNamespaces) {
    this.settings = settings;
    this.kubectl = kubectl;
    this.moreNamespaces = moreNamespaces;
  }

  void install() {
    kubectl.apply(null, TestResources.namespace(settings.operatorNamespace()));
    kubectl.apply(null, TestResources.namespace(settings.testNamespace()));
    Map<String, String> image = split(settings.controllerImage());
    Command.run(Duration.ofSeconds(180), List.of(settings.helm().toString(), "install", RELEASE,
        settings.repository().resolve("charts/sft-operator").toString(), "--namespace", settings.operatorNamespace(),
        "--kubeconfig", kubectl.kubeconfig().toString(),
        "--set", "watchNamespaces={" + String.join(",", watched()) + "}",
        "--set", "image.repository=" + image.get("repository"), "--set", "image.tag=" + image.get("tag"),
        "--set", "image.pullPolicy=" + System.getProperty("sft.e2e.pullPolicy", "IfNotPresent"),
        // Simulated pods share this machine's network: 8080 on every address would take the Spark masters' port.
        "--set", "listenOnPodIP=" + !settings.realCluster())).orFail();
    installed = true;
    SuiteProgress.say("helm install %s: %s", RELEASE, kubectl.run("get", "deployment", "-n",
        settings.operatorNamespace(), DEPLOYMENT, "-o", "name").orFail().strip());
  }

  private List<String> watched() {
    List<String> watched = new java.util.ArrayList<>(List.of(settings.testNamespace()));
    watched.addAll(moreNamespaces);
    return watched;
  }

  /** The controller's pod, once its readiness probe (the health endpoint /q/health/ready) passes. */
  JsonNode awaitReady(Duration bound) {
    return Await.until("controller pod Ready (readiness probe on /q/health/ready)", bound,
        () -> kubectl.list(settings.operatorNamespace(), "pods", SELECTOR),
        pods -> pods.size() == 1 && ready(pods.get(0))).get(0);
  }

  /** The controller is back after {@code before} was killed: a restarted container or a replacement pod, Ready. */
  JsonNode awaitBack(JsonNode before, Duration bound) {
    String uid = before.path("metadata").path("uid").asText();
    int restarts = restarts(before);
    return Await.until("controller back and Ready after the kill", bound,
        () -> kubectl.list(settings.operatorNamespace(), "pods", SELECTOR),
        pods -> pods.size() == 1 && ready(pods.get(0))
            && (!uid.equals(pods.get(0).path("metadata").path("uid").asText()) || restarts(pods.get(0)) > restarts))
        .get(0);
  }

  /**
   * {@code helm upgrade --reuse-values} with {@code sets} (e.g. {@code sparkPods.fsGroup=null}), then waits until the
   * rolled-out controller pod is the only one and Ready.
   */
  void upgrade(Duration bound, String... sets) {
    JsonNode before = awaitReady(bound);
    List<String> command = new java.util.ArrayList<>(List.of(settings.helm().toString(), "upgrade", RELEASE,
        settings.repository().resolve("charts/sft-operator").toString(), "--namespace", settings.operatorNamespace(),
        "--kubeconfig", kubectl.kubeconfig().toString(), "--reuse-values"));
    for (String set : sets) {
      command.addAll(List.of("--set", set));
    }
    Command.run(bound, command).orFail();
    String uid = before.path("metadata").path("uid").asText();
    JsonNode rolled = Await.until("controller rolled out after helm upgrade " + List.of(sets), bound,
        () -> kubectl.list(settings.operatorNamespace(), "pods", SELECTOR),
        pods -> pods.size() == 1 && ready(pods.get(0))
            && !uid.equals(pods.get(0).path("metadata").path("uid").asText())).get(0);
    awaitLeader(rolled, bound);
  }

  /**
   * The leader Lease (named after the release, {@code SFT_LEADER_LEASE_NAME}) held by {@code pod}: a Ready pod is only
   * a follower until it takes the Lease over, with the verbs the chart grants it.
   */
  void awaitLeader(JsonNode pod, Duration bound) {
    String name = pod.path("metadata").path("name").asText();
    Await.until("controller pod " + name + " holds the leader Lease " + DEPLOYMENT, bound,
        () -> kubectl.getJson(settings.operatorNamespace(), "lease", DEPLOYMENT),
        lease -> name.equals(lease.path("spec").path("holderIdentity").asText()));
    SuiteProgress.say("leader Lease %s held by the new controller pod %s", DEPLOYMENT, name);
  }

  void uninstall() {
    if (installed) {
      Command.run(Duration.ofSeconds(180), List.of(settings.helm().toString(), "uninstall", RELEASE, "--namespace",
          settings.operatorNamespace(), "--kubeconfig", kubectl.kubeconfig().toString()));
    }
  }

  private static int restarts(JsonNode pod) {
    return pod.path("status").path("containerStatuses").path(0).path("restartCount").asInt();
  }

  /** {@code registry/name:tag} as the chart's image.repository and image.tag. */
  static Map<String, String> split(String image) {
    int colon = image.lastIndexOf(':');
    return Map.of("repository", image.substring(0, colon), "tag", image.substring(colon + 1));
  }

  static boolean ready(JsonNode pod) {
    for (JsonNode condition : pod.path("status").path("conditions")) {
      if ("Ready".equals(condition.path("type").asText())) {
        return "True".equals(condition.path("status").asText());
      }
    }
    return false;
  }
}
