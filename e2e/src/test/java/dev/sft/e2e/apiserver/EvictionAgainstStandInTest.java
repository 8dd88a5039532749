package dev.sft.e2e.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.e2e.apiserver.exec.RecordingExecBackend;
import dev.sft.e2e.controllers.DisruptionController;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The eviction subresource of the stand-in, through the fabric8 client ({@code pods().withName(x).evict()}) and raw
 * POSTs where the answer's body matters, with the simulated disruption controller writing the budgets' status. Each
 * test has its own namespace: a StatefulSet "spark" of two pods and a budget over them.
 */
class EvictionAgainstStandInTest {
  @TempDir
  static Path work;
  private static ApiServerStandIn standIn;
  private static KubernetesClient client;
  private static DisruptionController disruption;

  @BeforeAll
  static void start() throws Exception {
    standIn = ApiServerStandIn.start(work.resolve("apiserver"), new RecordingExecBackend());
    Config config = Config.fromKubeconfig(Files.readString(standIn.kubeconfigPath()));
    config.setRequestRetryBackoffLimit(0); // fabric8 retries 429 and 5xx by default: these tests read each answer
    client = new KubernetesClientBuilder().withConfig(config).withHttpClientFactory(new JdkHttpClientFactory()).build();
    disruption = new DisruptionController(client);
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

  /** Namespace {@code ns} with the StatefulSet's two pods, both Running, and Ready as given. */
  private static void sparkPods(String ns, boolean... ready) {
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build()).create();
    StatefulSet set = client.apps().statefulSets().inNamespace(ns).resource(new StatefulSetBuilder()
        .withNewMetadata().withName("spark").endMetadata()
        .withNewSpec().withReplicas(ready.length).withServiceName("spark")
          .withNewSelector().addToMatchLabels("app", "spark").endSelector()
          .withNewTemplate().withNewMetadata().addToLabels("app", "spark").endMetadata()
            .withNewSpec().addNewContainer().withName("spark").withImage("img").endContainer().endSpec()
          .endTemplate().endSpec().build()).create();
    for (int i = 0; i < ready.length; i++) {
      Pod pod = client.pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("spark-" + i)
          .addToLabels("app", "spark").addNewOwnerReference().withApiVersion("apps/v1").withKind("StatefulSet")
          .withName("spark").withUid(set.getMetadata().getUid()).withController(true).endOwnerReference()
          .endMetadata().withNewSpec().addNewContainer().withName("spark").withImage("img").endContainer().endSpec()
          .build()).create();
      setReady(pod, ready[i]);
    }
  }

  private static void setReady(Pod pod, boolean ready) {
    Pod current = client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
        .get();
    client.pods().inNamespace(pod.getMetadata().getNamespace()).resource(new PodBuilder(current).withNewStatus()
        .withPhase("Running").addNewCondition().withType("Ready").withStatus(ready ? "True" : "False").endCondition()
        .endStatus().build()).updateStatus();
  }

  private static PodDisruptionBudget budget(String ns, String name, IntOrString maxUnavailable, String policy) {
    return client.policy().v1().podDisruptionBudget().inNamespace(ns).resource(new PodDisruptionBudgetBuilder()
        .withNewMetadata().withName(name).endMetadata()
        .withNewSpec().withMaxUnavailable(maxUnavailable).withUnhealthyPodEvictionPolicy(policy)
          .withNewSelector().addToMatchLabels("app", "spark").endSelector().endSpec().build()).create();
  }

  private static PodDisruptionBudget budgetNow(String ns, String name) {
    return client.policy().v1().podDisruptionBudget().inNamespace(ns).withName(name).get();
  }

  private static boolean evict(String ns, String pod) {
    return client.pods().inNamespace(ns).withName(pod).evict();
  }

  /** POSTs an Eviction as kubectl drain does, and returns the answer with its body. */
  private static HttpResponse<String> post(String ns, String pod) throws Exception {
    String eviction = """
        {"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"%s","namespace":"%s"}}""".formatted(pod, ns);
    var http = client.getHttpClient();
    return http.sendAsync(http.newHttpRequestBuilder()
        .uri(URI.create(standIn.url() + "/api/v1/namespaces/" + ns + "/pods/" + pod + "/eviction"))
        .post("application/json", eviction).build(), String.class).get();
  }

  private static boolean exists(String ns, String pod) {
    return client.pods().inNamespace(ns).withName(pod).get() != null;
  }

  @Test
  void aHealthyPodIsHeldByABudgetWithNoDisruptionLeftWithA429NamingTheBudget() throws Exception {
    sparkPods("held", true, true);
    budget("held", "spark", new IntOrString(0), "AlwaysAllow");
    disruption.sync();
    PodDisruptionBudget pdb = budgetNow("held", "spark");
    assertThat(List.of(pdb.getStatus().getExpectedPods(), pdb.getStatus().getDesiredHealthy(),
        pdb.getStatus().getCurrentHealthy(), pdb.getStatus().getDisruptionsAllowed())).containsExactly(2, 2, 2, 0);
    assertThat(pdb.getStatus().getObservedGeneration()).isEqualTo(pdb.getMetadata().getGeneration());

    HttpResponse<String> refused = post("held", "spark-0");
    assertThat(refused.code()).isEqualTo(429);
    JsonNode status = Serialization.jsonMapper().readTree(refused.body());
    assertThat(status.path("reason").asText()).isEqualTo("TooManyRequests");
    assertThat(status.path("message").asText())
        .isEqualTo("Cannot evict pod as it would violate the pod's disruption budget.");
    assertThat(status.path("details").path("causes").path(0).path("reason").asText()).isEqualTo("DisruptionBudget");
    assertThat(status.path("details").path("causes").path(0).path("message").asText())
        .isEqualTo("The disruption budget spark needs 2 healthy pods and has 2 currently");
    assertThat(evict("held", "spark-1")).as("fabric8's evict() says false to a 429").isFalse();
    assertThat(exists("held", "spark-0") && exists("held", "spark-1")).isTrue();
  }

  @Test
  void aPodThatIsNotReadyGoesAtOnceUnderAlwaysAllowMarkedAsADisruptionTargetFirst() throws Exception {
    sparkPods("unhealthy", true, false);
    budget("unhealthy", "spark", new IntOrString(0), "AlwaysAllow");
    disruption.sync();
    List<String> seen = new CopyOnWriteArrayList<>();
    try (var watch = client.pods().inNamespace("unhealthy").withName("spark-1").watch(new Watcher<>() {
      @Override
      public void eventReceived(Action action, Pod pod) {
        String target = pod.getStatus().getConditions().stream().filter(c -> c.getType().equals("DisruptionTarget"))
            .map(c -> c.getStatus() + "/" + c.getReason() + "/" + c.getMessage()).findFirst().orElse("none");
        seen.add(action + " " + target);
      }

      @Override
      public void onClose(WatcherException cause) {
      }
    })) {
      assertThat(evict("unhealthy", "spark-1")).isTrue();
      long until = System.currentTimeMillis() + 5000;
      while (!seen.contains("DELETED True/EvictionByEvictionAPI/Eviction API: evicting")
          && System.currentTimeMillis() < until) {
        Thread.sleep(50);
      }
    }
    assertThat(seen).containsSubsequence("MODIFIED True/EvictionByEvictionAPI/Eviction API: evicting",
        "DELETED True/EvictionByEvictionAPI/Eviction API: evicting");
    assertThat(exists("unhealthy", "spark-1")).isFalse();
    assertThat(evict("unhealthy", "spark-0")).as("the healthy one is still held").isFalse();
  }

  @Test
  void underTheDefaultPolicyANotReadyPodIsHeldWhileTheBudgetIsShortAndGoesOnceItIsNot() throws Exception {
    sparkPods("ifhealthy", true, false);
    budget("ifhealthy", "spark", new IntOrString(1), null);
    disruption.sync();
    // expected 2, maxUnavailable 1: 1 must be healthy and 1 is, so the budget is healthy and the unready one goes.
    assertThat(evict("ifhealthy", "spark-1")).isTrue();

    sparkPods("ifshort", true, false);
    budget("ifshort", "spark", new IntOrString(0), null);
    disruption.sync();
    HttpResponse<String> refused = post("ifshort", "spark-1");
    assertThat(refused.code()).isEqualTo(429);
    assertThat(Serialization.jsonMapper().readTree(refused.body()).path("details").path("causes").path(0)
        .path("message").asText()).isEqualTo("The disruption budget spark needs 2 healthy pods and has 1 currently");
  }

  @Test
  void anAllowedEvictionTakesTheBudgetsLastDisruptionAndTheNextIsRefusedBeforeTheControllerSyncs() throws Exception {
    sparkPods("allowed", true, true);
    budget("allowed", "spark", new IntOrString(1), null);
    disruption.sync();
    HttpResponse<String> evicted = post("allowed", "spark-0");
    assertThat(evicted.code()).isEqualTo(201);
    assertThat(Serialization.jsonMapper().readTree(evicted.body()).path("status").asText()).isEqualTo("Success");
    PodDisruptionBudget pdb = budgetNow("allowed", "spark");
    assertThat(pdb.getStatus().getDisruptionsAllowed()).isZero();
    assertThat(pdb.getStatus().getDisruptedPods()).containsOnlyKeys("spark-0");
    assertThat(evict("allowed", "spark-1")).isFalse();
    assertThat(exists("allowed", "spark-0")).isFalse();
  }

  @Test
  void aBudgetTheControllerHasNotSeenYetRefusesWithARetryAfter() throws Exception {
    sparkPods("unseen", true, true);
    budget("unseen", "spark", new IntOrString(1), null);
    HttpResponse<String> refused = post("unseen", "spark-0");
    assertThat(refused.code()).isEqualTo(429);
    assertThat(refused.header("Retry-After")).isEqualTo("10");
    JsonNode details = Serialization.jsonMapper().readTree(refused.body()).path("details");
    assertThat(details.path("retryAfterSeconds").asInt()).isEqualTo(10);
    assertThat(details.path("causes").path(0).path("message").asText())
        .isEqualTo("The disruption budget spark is still being processed by the server.");
  }

  @Test
  void aPendingPodIsDeletedWhateverTheBudgetAndTwoBudgetsAreAServerError() throws Exception {
    sparkPods("two", true, true);
    budget("two", "spark", new IntOrString(0), null);
    budget("two", "spark-too", new IntOrString(0), null);
    disruption.sync();
    HttpResponse<String> failed = post("two", "spark-0");
    assertThat(failed.code()).isEqualTo(500);
    assertThat(Serialization.jsonMapper().readTree(failed.body()).path("message").asText())
        .isEqualTo("This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.");
    assertThatThrownBy(() -> evict("two", "spark-0")).isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(500));

    Pod pending = client.pods().inNamespace("two").withName("spark-1").get();
    client.pods().inNamespace("two").resource(new PodBuilder(pending).editStatus().withPhase("Pending").endStatus()
        .build()).updateStatus();
    assertThat(evict("two", "spark-1")).isTrue();
    assertThat(exists("two", "spark-1")).isFalse();
    assertThat(post("two", "gone").code()).isEqualTo(404);
  }

  /** What the container suite's drain runs: kubectl cordon, then evictions through kubectl create --raw. */
  @Test
  void kubectlCordonsTheNodeAndItsRawEvictionsAreRefusedOrAccepted() throws Exception {
    sparkPods("kubectl", true, false);
    budget("kubectl", "spark", new IntOrString(0), "AlwaysAllow");
    disruption.sync();
    client.nodes().resource(new NodeBuilder().withNewMetadata().withName("node-a")
        .endMetadata().build()).create();
    CommandLineTool kubectl = CommandLineTool.kubectl(standIn.kubeconfigPath(), work.resolve("kubectl-cache"));
    Duration bound = Duration.ofSeconds(60);
    CommandLineTool.Result cordoned = kubectl.run(bound, "cordon", "node-a");
    assertThat(cordoned.exitCode()).as(cordoned.describe()).isZero();
    assertThat(client.nodes().withName("node-a").get().getSpec().getUnschedulable()).isTrue();

    String eviction = "{\"apiVersion\":\"policy/v1\",\"kind\":\"Eviction\",\"metadata\":{\"name\":\"%s\"}}";
    CommandLineTool.Result held = kubectl.runWithInput(bound,
        eviction.formatted("spark-0").getBytes(StandardCharsets.UTF_8),
        "create", "--raw", "/api/v1/namespaces/kubectl/pods/spark-0/eviction", "-f", "-");
    assertThat(held.exitCode()).as(held.describe()).isNotZero();
    assertThat(held.stderr()).as(held.describe()).contains("TooManyRequests").contains("disruption budget");
    CommandLineTool.Result evicted = kubectl.runWithInput(bound,
        eviction.formatted("spark-1").getBytes(StandardCharsets.UTF_8),
        "create", "--raw", "/api/v1/namespaces/kubectl/pods/spark-1/eviction", "-f", "-");
    assertThat(evicted.exitCode()).as(evicted.describe()).isZero();
    assertThat(exists("kubectl", "spark-1")).isFalse();

    CommandLineTool.Result uncordoned = kubectl.run(bound, "uncordon", "node-a");
    assertThat(uncordoned.exitCode()).as(uncordoned.describe()).isZero();
    assertThat(client.nodes().withName("node-a").get().getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
  }

  @Test
  void discoveryOffersThePolicyV1EvictionSubresourceAsKubectlDrainLooksForIt() {
    var resources = client.getApiResources("v1").getResources();
    assertThat(resources).filteredOn(r -> r.getName().equals("pods/eviction")).singleElement().satisfies(r -> {
      assertThat(r.getGroup()).isEqualTo("policy");
      assertThat(r.getVersion()).isEqualTo("v1");
      assertThat(r.getKind()).isEqualTo("Eviction");
      assertThat(r.getVerbs()).containsExactly("create");
    });
  }
}
