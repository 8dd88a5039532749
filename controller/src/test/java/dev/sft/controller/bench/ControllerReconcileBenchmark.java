package dev.sft.controller.bench;

import com.sun.net.httpserver.HttpServer;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.net.InetAddress;
import java.util.HashMap;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Benchmark (run by {@code bench/controller-reconcile.sh}, never by the test suite): N test resources reconciled at
 * once by the packaged controller, run as its own process against a fabric8 CRUD mock server on loopback. Measures,
 * per resource, the time from "cluster ready" (the master reports every worker ALIVE and the StatefulSets report
 * ready) to "harness Job created" (seen through a watch), and the controller process's peak RSS (VmHWM).
 *
 * <p>Arguments: {@code <controller quarkus-run.jar> <crd yaml> [resources=50] [controller JVM options...]}
 */
public final class ControllerReconcileBenchmark {
  private static final String NAMESPACE = "bench";
  /** Names.storageCheckJob's suffix: {@code NAME-rN-storage}. */
  private static final String STORAGE_CHECK_SUFFIX = "-storage";
  /** The mock server logs every request; quiet, and held here so JUL cannot drop the setting. */
  private static final java.util.logging.Logger MOCK_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  public static void main(String[] args) throws Exception {
    int exit = 1;
    try {
      run(args);
      exit = 0;
    } finally {
      System.exit(exit); // the mock server's event loop threads would keep the JVM alive
    }
  }

  private static void run(String[] args) throws Exception {
    Path controllerJar = Path.of(args[0]);
    Path crd = Path.of(args[1]);
    int count = args.length > 2 ? Integer.parseInt(args[2]) : 50;
    List<String> jvmOptions = args.length > 3 ? List.of(args).subList(3, args.length) : List.of();

    MOCK_LOG.setLevel(java.util.logging.Level.WARNING);
    KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
        new KubernetesCrudDispatcher(), false);
    server.init(InetAddress.getByName("127.0.0.1"), 0);
    KubernetesClient client = server.createClient();
    client.resource(Serialization.unmarshal(Files.readString(crd), CustomResourceDefinition.class)).create();

    // The masters: each answers its /json/ with ALIVE workers once the benchmark says its cluster is up.
    Set<String> mastersUp = ConcurrentHashMap.newKeySet();
    HttpServer masters = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    masters.createContext("/", exchange -> {
      String master = exchange.getRequestURI().getPath().split("/")[2];
      String body = mastersUp.contains(master)
          ? "{\"workers\":[{\"host\":\"" + WorkloadSimulator.workerIp(0) + "\",\"state\":\"ALIVE\"},{\"host\":\""
              + WorkloadSimulator.workerIp(1) + "\",\"state\":\"ALIVE\"}]}"
          : "{\"workers\":[]}";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    masters.start();

    Path log = Files.createTempFile("sft-controller-bench", ".log");
    List<String> command = new ArrayList<>(List.of(javaBinary()));
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", controllerJar.toString()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    Map<String, String> env = builder.environment();
    env.put("QUARKUS_KUBERNETES_CLIENT_API_SERVER_URL", client.getConfiguration().getMasterUrl());
    env.put("QUARKUS_KUBERNETES_CLIENT_TRUST_CERTS", "true");
    env.put("QUARKUS_KUBERNETES_CLIENT_NAMESPACE", NAMESPACE);
    env.put("QUARKUS_OPERATOR_SDK_ENABLE_SSA", "false");
    env.put("QUARKUS_HTTP_PORT", "0");
    // The chart sets it from the downward API; the controller refuses to start without it.
    env.put("SFT_CONTROLLER_NAMESPACE", "sft-system");
    env.put("SFT_MASTER_PROBE_URL_TEMPLATE",
        "http://127.0.0.1:" + masters.getAddress().getPort() + "/{namespace}/{service}/json/");
    Process controller = builder.start();

    Map<String, Long> readyAt = new ConcurrentHashMap<>();
    Map<String, Long> jobSeenAt = new ConcurrentHashMap<>();
    var watch = client.batch().v1().jobs().inNamespace(NAMESPACE).watch(new Watcher<Job>() {
      @Override
      public void eventReceived(Action action, Job job) {
        // The storage check's Job comes first and is part of getting ready; only the harness Job counts.
        if (action == Action.ADDED && !job.getMetadata().getName().endsWith(STORAGE_CHECK_SUFFIX)) {
          jobSeenAt.putIfAbsent(job.getMetadata().getLabels().get(Names.TEST_LABEL), System.nanoTime());
        }
      }

      @Override
      public void onClose(WatcherException cause) {}
    });
    try {
      List<SchedulerFailureTest> tests = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        SchedulerFailureTest test = TestResources.valid(NAMESPACE, "bench-" + i);
        test.getSpec().scenarios = List.of("speculation-original-wins");
        tests.add(test);
      }
      long created = System.nanoTime();
      tests.parallelStream().forEach(t -> client.resource(t).create());
      for (SchedulerFailureTest test : tests) {
        waitUntil(Duration.ofSeconds(120), "cluster applied for " + test.getMetadata().getName(), () -> {
          var current = client.resources(SchedulerFailureTest.class).inNamespace(NAMESPACE)
              .withName(test.getMetadata().getName()).get();
          return current.getStatus() != null && current.getStatus().step == Step.AwaitingCluster;
        }, controller);
      }
      System.out.printf("all %d resources provisioned (cluster objects applied) in %.2f s%n", count,
          (System.nanoTime() - created) / 1e9);

      // All clusters become ready at once: the masters report their workers ALIVE; then, test by test, the simulated
      // kubelet and workload controllers (test code, as in the controller's tests) finish the storage check, roll
      // both StatefulSets out ready and give the worker pods the IPs the masters report. That is the last condition,
      // so "cluster ready" is the moment it is written.
      for (SchedulerFailureTest test : tests) {
        mastersUp.add(Names.master(test));
      }
      WorkloadSimulator workloads = new WorkloadSimulator(client, new FakeMasterProbe());
      for (SchedulerFailureTest test : tests) {
        workloads.statefulSetsReady(test, 2);
        readyAt.put(test.getMetadata().getName(), System.nanoTime());
      }
      waitUntil(Duration.ofSeconds(120), "a Job for every resource", () -> jobSeenAt.size() == count, controller);

      List<Double> latencies = new ArrayList<>();
      for (SchedulerFailureTest test : tests) {
        String name = test.getMetadata().getName();
        latencies.add((jobSeenAt.get(name) - readyAt.get(name)) / 1e6);
      }
      Collections.sort(latencies);
      long peakKib = vmHwmKib(controller.pid());
      System.out.printf("resources: %d%n", count);
      System.out.printf("cluster ready -> harness Job created: median %.0f ms, p95 %.0f ms, max %.0f ms%n",
          percentile(latencies, 50), percentile(latencies, 95), latencies.get(latencies.size() - 1));
      System.out.printf("controller peak RSS (VmHWM): %.1f MiB (JVM options: %s)%n", peakKib / 1024.0,
          jvmOptions.isEmpty() ? "none" : String.join(" ", jvmOptions));
    } finally {
      watch.close();
      controller.destroy();
      controller.waitFor();
      masters.stop(0);
      client.close();
      server.destroy();
      System.out.println("controller log: " + log);
    }
  }

  private interface Check {
    boolean ok() throws Exception;
  }

  private static void waitUntil(Duration timeout, String what, Check check, Process controller) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!check.ok()) {
      if (!controller.isAlive()) {
        throw new IllegalStateException("the controller exited (" + controller.exitValue() + ") waiting for " + what);
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("timed out waiting for " + what);
      }
      Thread.sleep(20);
    }
  }

  private static double percentile(List<Double> sorted, int p) {
    int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  /** Peak resident set size of a process, from Linux's /proc. */
  private static long vmHwmKib(long pid) throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
      if (line.startsWith("VmHWM:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    throw new IllegalStateException("no VmHWM for process " + pid);
  }

  private static String javaBinary() {
    return ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + File.separator + "bin"
        + File.separator + "java");
  }
}
