package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Time to verdict, {@code sft local} against the operator on the simulator, measured in turn on one host ({@code
 * bench/k8s-run.sh N}, issue "Time to verdict on Kubernetes"): N times, {@code ./sft local} of the reference suite's
 * four scenarios, then {@code kubectl apply} of {@code examples/minimal.yaml} (the same four) to its verdict (phase
 * Succeeded). Prints each pair's wall times, ratio and the machine's busy CPU seconds (every process: on Kubernetes the
 * stand-in's API server, simulated node and controller too), the medians and the median ratio, and each Kubernetes
 * run's phase table ({@link PhaseTable}); writes them to {@code <output>/k8s-run.txt}. Every run must end with all four
 * passed (or Known). Not a test of correctness: tag {@code bench}, run only by that script.
 */
@Tag("bench")
class TimeToVerdictBenchIT {
  @Test
  void kubernetesAgainstLocal() throws Exception {
    E2eSettings settings = E2eSettings.fromSystemProperties();
    int runs = Integer.getInteger("sft.bench.runs", 3);
    Path out = settings.output().resolve("k8s-run");
    Files.createDirectories(out);
    try (TestKubernetes cluster = SimulatedKubernetes.start(settings)) {
      Kubectl kubectl = new Kubectl(settings.kubectl(), cluster.kubeconfig());
      SftK8s sft = new SftK8s(settings.repository(), cluster.kubeconfig());
      Operator.installedForBench(settings, kubectl);
      TestResources resources = new TestResources(settings);
      // The first sft local on a build records its JVMs' class-data archives, a minute and more: not counted.
      SuiteProgress.say("bench: a warm-up sft local (records the class-data archives on a new build), not counted");
      localRun(settings, out.resolve("local-warm-up"));
      // What the API server stand-in, the simulated node and the controller take with nothing to do.
      double restBefore = MachineCpu.busySeconds();
      double standInBefore = MachineCpu.standInSeconds();
      Thread.sleep(10_000);
      double atRest = (MachineCpu.busySeconds() - restBefore) / 10;
      double standInAtRest = (MachineCpu.standInSeconds() - standInBefore) / 10;
      List<double[]> pairs = new ArrayList<>();
      StringBuilder report = new StringBuilder(String.format(Locale.ROOT, "at rest, the stand-in, simulated node and"
          + " controller keep the machine busy %.2f CPU seconds a second, %.2f of them in the suite's JVM (the API"
          + " server stand-in, the simulated controllers and kubelet; not the podman commands it runs)%n", atRest,
          standInAtRest));
      for (int run = 1; run <= runs; run++) {
        double cpuBefore = MachineCpu.busySeconds();
        double local = localRun(settings, out.resolve("local-" + run));
        double localCpu = MachineCpu.busySeconds() - cpuBefore;
        Kubernetes k8s = kubernetesRun(settings, kubectl, sft, resources, "bench-" + run);
        pairs.add(new double[] {local, k8s.seconds()});
        String line = String.format(Locale.ROOT, "run %d: sft local %.1f s, kubectl apply to verdict %.1f s,"
            + " ratio %.2f; the machine's busy CPU seconds: %.1f and %.1f (%.1f of them in the suite's JVM)", run,
            local, k8s.seconds(), k8s.seconds() / local, localCpu, k8s.cpuSeconds(), k8s.standInCpuSeconds());
        SuiteProgress.say("bench: %s", line);
        report.append(line).append('\n').append(k8s.phases().render()).append('\n');
      }
      double localMedian = median(pairs.stream().map(p -> p[0]).toList());
      double k8sMedian = median(pairs.stream().map(p -> p[1]).toList());
      double ratioMedian = median(pairs.stream().map(p -> p[1] / p[0]).toList());
      String summary = String.format(Locale.ROOT, "medians of %d runs: sft local %.1f s, kubectl apply to verdict"
          + " %.1f s; median ratio %.2f (goal: at most 1.25, issue 42)%n", runs, localMedian, k8sMedian, ratioMedian);
      report.append(summary);
      Files.writeString(settings.output().resolve("k8s-run.txt"), report.toString());
      SuiteProgress.say("bench:%n%s", report);
    }
  }

  /**
   * {@code ./sft local} of the default four scenarios, with the known findings every test of the suite acknowledges
   * (as the Kubernetes side has them); its wall time in seconds.
   */
  private static double localRun(E2eSettings settings, Path out) {
    long started = System.nanoTime();
    Command.Result result = Command.run(Duration.ofMinutes(15), null, List.of(
        settings.repository().resolve("sft").toString(), "local", "--out", out.toString(), "--known-findings",
        settings.repository().resolve("examples/known-findings.json").toString()));
    double seconds = (System.nanoTime() - started) / 1e9;
    assertThat(result.exitCode()).as("sft local, every scenario Passed or Known: %s", result.describe()).isZero();
    return seconds;
  }

  /**
   * @param cpuSeconds the machine's busy CPU seconds from the apply to the verdict
   * @param standInCpuSeconds those of the suite's own JVM (the API server stand-in and the simulated node)
   */
  private record Kubernetes(double seconds, double cpuSeconds, double standInCpuSeconds, PhaseTable phases) {}

  /**
   * One apply of the minimal example to its verdict, the cluster retained so that its pods and Jobs say where the
   * time went; then the test is deleted (not timed).
   */
  private static Kubernetes kubernetesRun(E2eSettings settings, Kubectl kubectl, SftK8s sft, TestResources resources,
      String name) {
    String ns = settings.testNamespace();
    ObjectNode test = resources.minimal(name);
    ((ObjectNode) test.get("spec")).putObject("cleanup").put("onSuccess", "Retain").put("onFailure", "Retain");
    long started = System.nanoTime();
    double cpuBefore = MachineCpu.busySeconds();
    double standInBefore = MachineCpu.standInSeconds();
    kubectl.apply(ns, TestResources.json(test));
    Instant applied = Instant.now();
    // As a user's CI waits: one watch until the verdict. A kubectl process a second, polling, took its CPU from the
    // run it timed, on the same two cores.
    Command.Result waited = sft.await(ns, name, settings.runBound());
    double seconds = (System.nanoTime() - started) / 1e9;
    double cpuSeconds = MachineCpu.busySeconds() - cpuBefore;
    double standInCpuSeconds = MachineCpu.standInSeconds() - standInBefore;
    JsonNode status = kubectl.find(ns, "schedulerfailuretest", name).path("status");
    assertThat(waited.exitCode()).as("sft k8s wait: %s\nstatus: %s", waited.describe(), status).isZero();
    assertThat(status.path("phase").asText()).as("every scenario Passed or Known: %s", status)
        .isEqualTo("Succeeded");
    JsonNode finished = kubectl.find(ns, "schedulerfailuretest", name);
    List<JsonNode> pods = kubectl.list(ns, "pods", "sft.dev/test=" + name);
    List<JsonNode> jobs = kubectl.list(ns, "jobs", "sft.dev/test=" + name);
    Map<String, String> logs = new LinkedHashMap<>();
    for (JsonNode job : finished.path("status").path("harnessJobs")) {
      String jobName = job.path("name").asText();
      pods.stream().filter(p -> jobName.equals(p.path("metadata").path("labels").path("job-name").asText()))
          .map(p -> p.path("metadata").path("name").asText()).findFirst().ifPresent(pod -> logs.put(jobName,
              kubectl.run(Duration.ofSeconds(60), null, "logs", "-n", ns, pod).stdout()));
    }
    PhaseTable phases = PhaseTable.of(applied, finished, pods, jobs, logs);
    kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", name, "-n", ns).orFail();
    Await.until(name + "'s pods gone", Duration.ofSeconds(180), () -> kubectl.list(ns, "pods", "sft.dev/test=" + name)
        .size(), remaining -> remaining == 0);
    return new Kubernetes(seconds, cpuSeconds, standInCpuSeconds, phases);
  }

  static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
