package dev.sft.e2e.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.e2e.apiserver.exec.RecordingExecBackend;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fabric8 client (JDK HTTP client, as the harness uses it) against the stand-in. */
class Fabric8AgainstStandInTest {

  @TempDir
  static Path work;
  private static ApiServerStandIn standIn;
  private static KubernetesClient client;
  private static final RecordingExecBackend EXEC = new RecordingExecBackend();

  @BeforeAll
  static void start() throws Exception {
    standIn = ApiServerStandIn.start(work.resolve("apiserver"), EXEC);
    client = client(false);
    Path crd = CommandLineTool.repositoryRoot().resolve("crds/schedulerfailuretests.sft.dev-v1.yml");
    try (var in = Files.newInputStream(crd)) {
      client.load(in).create();
    }
    for (String ns : List.of("inf-ws", "inf-http", "exec", "ssa", "cr", "sel")) {
      client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
    }
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

  private static KubernetesClient client(boolean onlyHttpWatches) throws Exception {
    Config config = Config.fromKubeconfig(Files.readString(standIn.kubeconfigPath()));
    config.setOnlyHttpWatches(onlyHttpWatches);
    return new KubernetesClientBuilder().withConfig(config).withHttpClientFactory(new JdkHttpClientFactory()).build();
  }

  @ParameterizedTest(name = "only HTTP watches: {0}")
  @ValueSource(booleans = {false, true})
  void informerSeesEachChangeExactlyOnce(boolean onlyHttpWatches) throws Exception {
    String ns = onlyHttpWatches ? "inf-http" : "inf-ws";
    client.configMaps().inNamespace(ns).resource(configMap(ns, "before", Map.of("a", "1"))).create();
    Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    String transport = onlyHttpWatches ? "http" : "websocket";
    int servedBefore = standIn.watchesServed().get(transport);
    try (KubernetesClient watching = client(onlyHttpWatches);
        SharedIndexInformer<ConfigMap> informer = watching.configMaps().inNamespace(ns).inform(counter(counts))) {
      await("the informer to sync", informer::hasSynced, counts);
      client.configMaps().inNamespace(ns).resource(configMap(ns, "cm", Map.of("a", "1"))).create();
      client.configMaps().inNamespace(ns).withName("cm").edit(cm -> {
        cm.getData().put("a", "2");
        return cm;
      });
      client.configMaps().inNamespace(ns).withName("cm").delete();
      await("the DELETED event of cm", () -> count(counts, "DELETED cm") == 1, counts);
      Thread.sleep(1500); // replays, if any, would arrive now
      assertThat(counts).containsOnlyKeys("ADDED before", "ADDED cm", "MODIFIED cm", "DELETED cm");
      assertThat(counts.values()).allMatch(n -> n.get() == 1, "each event once");
      assertThat(standIn.watchesServed().get(transport)).as(transport + " watches").isGreaterThan(servedBefore);
    }
    await("the informer's watch to close", () -> standIn.openWatches() == 0, counts);
  }

  @Test
  void watchFromAResourceVersionStartsAfterIt() throws Exception {
    String ns = "sel";
    client.configMaps().inNamespace(ns).resource(configMap(ns, "old", Map.of())).create();
    String version = client.configMaps().inNamespace(ns).list().getMetadata().getResourceVersion();
    List<String> events = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (var watch = client.configMaps().inNamespace(ns).withLabel("pick", "yes")
        .watch(new io.fabric8.kubernetes.api.model.ListOptionsBuilder().withResourceVersion(version).build(),
            new io.fabric8.kubernetes.client.Watcher<ConfigMap>() {
              @Override
              public void eventReceived(Action action, ConfigMap resource) {
                events.add(action + " " + resource.getMetadata().getName());
              }

              @Override
              public void onClose(io.fabric8.kubernetes.client.WatcherException cause) {
              }
            })) {
      ConfigMap skipped = configMap(ns, "not-picked", Map.of());
      client.configMaps().inNamespace(ns).resource(skipped).create();
      ConfigMap picked = configMap(ns, "picked", Map.of());
      picked.getMetadata().setLabels(Map.of("pick", "yes"));
      client.configMaps().inNamespace(ns).resource(picked).create();
      await("the ADDED event of picked", () -> !events.isEmpty(), events);
      Thread.sleep(500);
      assertThat(events).containsExactly("ADDED picked");
    }
    assertThat(client.configMaps().inNamespace(ns).withField("metadata.name", "old").list().getItems())
        .extracting(cm -> cm.getMetadata().getName()).containsExactly("old");
  }

  @Test
  void execAsThePodExecTransportDoesIt() throws Exception {
    client.pods().inNamespace("exec").resource(new PodBuilder().withNewMetadata().withName("worker-0")
        .addToLabels("sft.dev/component", "worker").endMetadata().withNewSpec().addNewContainer().withName("spark")
        .withImage("spark").endContainer().endSpec().build()).create();
    String pod = client.pods().inNamespace("exec").withLabelSelector("sft.dev/component=worker").list().getItems()
        .get(0).getMetadata().getName();
    String script = "echo \"result=$1 target=$2\"; echo note >&2; [ \"$1\" = check ] || exit 137";
    assertThat(exec(pod, "sh", "-c", script, "sft-kill", "check", "pid-42")).isEqualTo("0|result=check target=pid-42\n|note\n");
    assertThat(EXEC.last()).isEqualTo(new RecordingExecBackend.Call("exec", "worker-0", "spark",
        List.of("sh", "-c", script, "sft-kill", "check", "pid-42")));
    assertThat(exec(pod, "sh", "-c", script, "sft-kill", "kill", "pid-42")).startsWith("137|result=kill");
  }

  private static String exec(String pod, String... command) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ExecWatch watch = client.pods().inNamespace("exec").withName(pod).inContainer("spark")
        .writingOutput(out).writingError(err).exec(command)) {
      Integer code = watch.exitCode().get(30, TimeUnit.SECONDS);
      return code + "|" + out.toString(StandardCharsets.UTF_8) + "|" + err.toString(StandardCharsets.UTF_8);
    }
  }

  @Test
  void execFeedsStdinToTheRunningCommand() throws Exception {
    client.pods().inNamespace("exec").resource(new PodBuilder().withNewMetadata().withName("stdin").endMetadata()
        .withNewSpec().addNewContainer().withName("main").withImage("x").endContainer().endSpec().build()).create();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ExecWatch watch = client.pods().inNamespace("exec").withName("stdin").redirectingInput().writingOutput(out)
        .exec("sh", "-c", "read line; echo got:$line; exit 4")) {
      watch.getInput().write("abc\n".getBytes(StandardCharsets.UTF_8));
      watch.getInput().flush();
      assertThat(watch.exitCode().get(30, TimeUnit.SECONDS)).isEqualTo(4);
    }
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("got:abc\n");
  }

  @Test
  void generateNameGetsFiveCharactersAsInKubernetes() {
    ConfigMap generated = client.configMaps().inNamespace("ssa").resource(new ConfigMapBuilder().withNewMetadata()
        .withGenerateName("run-").endMetadata().build()).create();
    assertThat(generated.getMetadata().getName()).matches("run-[a-z0-9]{5}");
    assertThat(client.configMaps().inNamespace("ssa").withName(generated.getMetadata().getName()).get()).isNotNull();
  }

  @Test
  void serverSideApplyCreatesThenUpdatesInPlace() {
    Resource<ConfigMap> applied = client.configMaps().inNamespace("ssa")
        .resource(configMap("ssa", "settings", Map.of("a", "1")));
    ConfigMap created = applied.fieldManager("sft-test").forceConflicts().serverSideApply();
    assertThat(created.getData()).containsExactly(Map.entry("a", "1"));
    ConfigMap updated = client.configMaps().inNamespace("ssa")
        .resource(configMap("ssa", "settings", Map.of("a", "2", "b", "3")))
        .fieldManager("sft-test").forceConflicts().serverSideApply();
    assertThat(updated.getData()).containsOnly(Map.entry("a", "2"), Map.entry("b", "3"));
    assertThat(updated.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid());
    assertThat(Long.parseLong(updated.getMetadata().getResourceVersion()))
        .isGreaterThan(Long.parseLong(created.getMetadata().getResourceVersion()));
    ConfigMap again = client.configMaps().inNamespace("ssa")
        .resource(configMap("ssa", "settings", Map.of("a", "2", "b", "3")))
        .fieldManager("sft-test").forceConflicts().serverSideApply();
    assertThat(again.getMetadata().getResourceVersion()).as("an unchanged apply writes nothing")
        .isEqualTo(updated.getMetadata().getResourceVersion());
  }

  @Test
  void customResourceStatusGenerationAndConflictsFollowTheApiServerRules() {
    MixedOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>>
        tests = client.genericKubernetesResources("sft.dev/v1alpha1", "SchedulerFailureTest");
    GenericKubernetesResource test = new GenericKubernetesResource();
    test.setApiVersion("sft.dev/v1alpha1");
    test.setKind("SchedulerFailureTest");
    test.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName("t").withNamespace("cr")
        .build());
    test.setAdditionalProperties(new java.util.HashMap<>(Map.of("spec", validSpec(1),
        "status", Map.of("phase", "ignored-on-create"))));
    GenericKubernetesResource created = tests.inNamespace("cr").resource(test).create();
    assertThat(created.getAdditionalProperties()).doesNotContainKey("status");
    assertThat(created.getMetadata().getGeneration()).isEqualTo(1L);

    created.setAdditionalProperty("status", Map.of("phase", "Running", "observedGeneration", 1));
    GenericKubernetesResource withStatus = tests.inNamespace("cr").resource(created).updateStatus();
    assertThat(withStatus.getMetadata().getGeneration()).isEqualTo(1L);
    assertThat(withStatus.get("status", "phase").toString()).isEqualTo("Running");

    withStatus.setAdditionalProperty("spec", validSpec(2));
    withStatus.setAdditionalProperty("status", Map.of("phase", "overwritten-by-a-spec-update"));
    GenericKubernetesResource respecced = tests.inNamespace("cr").resource(withStatus).update();
    assertThat(respecced.getMetadata().getGeneration()).isEqualTo(2L);
    assertThat(respecced.get("status", "phase").toString()).isEqualTo("Running");

    // withStatus carries the resourceVersion before the spec update: stale
    assertThatThrownBy(() -> tests.inNamespace("cr").resource(withStatus).updateStatus())
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(409);
          assertThat(e.getStatus().getReason()).isEqualTo("Conflict");
        });
    assertThatThrownBy(() -> tests.inNamespace("cr").resource(test).create())
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(409);
          assertThat(e.getStatus().getReason()).isEqualTo("AlreadyExists");
        });
    assertThat(tests.inNamespace("cr").withName("absent").get()).isNull();
  }

  /** A spec the CRD's schema admits (the stand-in validates custom resources as the API server does). */
  private static Map<String, Object> validSpec(int repeat) {
    return Map.of("repeat", repeat, "spark", Map.of("image", "sft:test"), "harness", Map.of("image", "sft:test"),
        "storage", Map.of("mountPath", "/shared", "existingClaim", "shared"));
  }

  private static ResourceEventHandler<ConfigMap> counter(Map<String, AtomicInteger> counts) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(ConfigMap cm) {
        bump("ADDED", cm);
      }

      @Override
      public void onUpdate(ConfigMap before, ConfigMap after) {
        bump("MODIFIED", after);
      }

      @Override
      public void onDelete(ConfigMap cm, boolean finalStateUnknown) {
        bump("DELETED", cm);
      }

      private void bump(String type, ConfigMap cm) {
        counts.computeIfAbsent(type + " " + cm.getMetadata().getName(), k -> new AtomicInteger()).incrementAndGet();
      }
    };
  }

  private static int count(Map<String, AtomicInteger> counts, String key) {
    AtomicInteger n = counts.get(key);
    return n == null ? 0 : n.get();
  }

  private static void await(String what, BooleanSupplier condition, Object seen) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("waited 20 s for " + what + "; saw " + seen);
      }
      Thread.sleep(50);
    }
  }

  private static ConfigMap configMap(String ns, String name, Map<String, String> data) {
    return new ConfigMapBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
        .withData(new java.util.HashMap<>(data)).build();
  }
}
