package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.contract.ScenarioName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Repetitions per minute at {@code spec.parallelism} 1 and 2 on the simulator ({@code bench/parallelism.sh R}, issue
 * "Answers at cluster scale"): the same test, one loss scenario repeated R times, at each parallelism in turn; for
 * each, apply to verdict, cluster ready to completion (the rate the sizing formula's {@code r} is), and the
 * repetitions a minute of each. Writes {@code <output>/parallelism.txt}. Every run must succeed. On this 2-core host
 * both clusters share the same two cores, so the figures measure the controller's dealing and the clusters' start,
 * not a speed-up. Not a test of correctness: tag {@code bench}, run only by that script.
 */
@Tag("bench")
class ParallelismBenchIT {
  @Test
  void repetitionsPerMinuteAtParallelismOneAndTwo() throws Exception {
    E2eSettings settings = E2eSettings.fromSystemProperties();
    int repeat = Integer.getInteger("sft.bench.repeat", 6);
    StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
        "scenario %s, repeat %d, on the simulator%n", ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT.id(), repeat));
    try (TestKubernetes cluster = SimulatedKubernetes.start(settings)) {
      Kubectl kubectl = new Kubectl(settings.kubectl(), cluster.kubeconfig());
      Operator.installedForBench(settings, kubectl);
      TestResources resources = new TestResources(settings);
      for (int parallelism : new int[] {1, 2}) {
        String line = run(settings, kubectl, resources, "bench-parallel-" + parallelism, repeat, parallelism);
        SuiteProgress.say("bench: %s", line);
        report.append(line).append('\n');
      }
    }
    Files.writeString(settings.output().resolve("parallelism.txt"), report.toString());
    SuiteProgress.say("bench:%n%s", report);
  }

  private static String run(E2eSettings settings, Kubectl kubectl, TestResources resources, String name, int repeat,
      int parallelism) {
    String ns = settings.testNamespace();
    ObjectNode test = resources.minimal(name);
    ObjectNode spec = (ObjectNode) test.get("spec");
    spec.putArray("scenarios").add(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT.id());
    spec.put("repeat", repeat);
    spec.put("parallelism", parallelism);
    long started = System.nanoTime();
    kubectl.apply(ns, TestResources.json(test));
    JsonNode status = Await.until(name + " finished", settings.runBound(),
        () -> kubectl.find(ns, "schedulerfailuretest", name).path("status"),
        s -> "Succeeded".equals(s.path("phase").asText()) || "Failed".equals(s.path("phase").asText()));
    double applyToVerdict = (System.nanoTime() - started) / 1e9;
    assertThat(status.path("phase").asText()).as("%s: %s", name, status).isEqualTo("Succeeded");
    int total = status.path("total").asInt();
    double readyToEnd = Duration.between(Instant.parse(status.path("clusterReadyTime").asText()),
        Instant.parse(status.path("completionTime").asText())).toMillis() / 1000.0;
    kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", name, "-n", ns).orFail();
    Await.until(name + "'s pods gone", Duration.ofSeconds(180), () -> kubectl.list(ns, "pods", "sft.dev/test=" + name)
        .size(), remaining -> remaining == 0);
    return String.format(Locale.ROOT, "parallelism %d: %d repetitions; apply to verdict %.1f s (%.2f a minute);"
        + " cluster ready to completion %.1f s (%.2f a minute)", parallelism, total, applyToVerdict,
        total * 60 / applyToVerdict, readyToEnd, total * 60 / readyToEnd);
  }
}
