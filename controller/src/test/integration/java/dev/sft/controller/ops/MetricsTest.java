package dev.sft.controller.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.support.PromqlNames;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.Runs;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A run driven to its end shows in /q/metrics with the labels and values docs/operations.md promises, every metric
 * the chart's Grafana dashboard and alert rules query is among what the controller exports, and a deleted test's
 * series go.
 */
@QuarkusTest
@WithStrictKubernetesServer
class MetricsTest extends ReconcilerTestBase {
  static final Path CHART = Path.of("..", "charts", "sft-operator");
  static final Path DASHBOARD = CHART.resolve("dashboards/sft.json");
  static final Path RULES = CHART.resolve("rules/sft-alerts.yaml");
  /** One sample line of the Prometheus text format: name, labels, value. */
  static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)");
  static final Pattern LABEL = Pattern.compile("([a-zA-Z_]\\w*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  @TestHTTPResource("/q/metrics") URL metrics;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void aFinishedRunIsCountedWithItsVerdictsAndEveryQueriedMetricIsExported() throws Exception {
    // A test whose run passes, for the series only a success has (sft_last_success_timestamp_seconds).
    SchedulerFailureTest passing = TestResources.valid("metrics", "passing");
    passing.getSpec().scenarios = List.of("speculation-original-wins");
    cluster.create(passing);
    new Runs(cluster, workloads).runToEnd(passing, Verdict.Passed, Verdict.Passed);
    cluster.awaitStatus(passing, "succeeded", s -> s.phase == Phase.Succeeded);
    SchedulerFailureTest test = TestResources.valid("metrics", "nightly");
    cluster.create(test);
    // Speculation cells pass; each executor-loss cell's one repetition fails its storage verdict.
    new Runs(cluster, workloads).runToEnd(test, Verdict.Passed, Verdict.Failed);
    cluster.awaitStatus(test, "failed and done", s -> s.phase == Phase.Failed && s.step == Step.Done);

    List<Sample> samples = await().atMost(TestCluster.TIMEOUT).until(this::scrape,
        s -> s.stream().anyMatch(x -> x.name().equals("sft_runs_total") && x.is("test", "nightly")));
    Map<String, String> nightly = Map.of("namespace", "metrics", "test", "nightly");

    assertThat(value(samples, "sft_repetitions_total", nightly, Map.of("scenario", "executor-loss-shuffle-loss",
        "operation", "append", "writer", "iceberg", "scheduler", "Passed", "storage", "Failed"))).isEqualTo(1.0);
    assertThat(value(samples, "sft_repetitions_total", nightly, Map.of("scenario", "speculation-original-wins",
        "operation", "append", "writer", "iceberg", "scheduler", "Passed", "storage", "Passed"))).isEqualTo(1.0);
    assertThat(select(samples, "sft_repetitions_total", nightly)).as("one series per cell and verdict pair")
        .hasSize(4);
    assertThat(select(samples, "sft_repetitions_total", nightly).stream().filter(s -> s.is("storage", "Failed"))
        .mapToDouble(Sample::value).sum()).isEqualTo(2.0);
    assertThat(value(samples, "sft_runs_total", nightly, Map.of("outcome", "Failed"))).isEqualTo(1.0);
    assertThat(select(samples, "sft_runs_total", nightly)).hasSize(1);
    assertThat(value(samples, "sft_run_duration_seconds_count", nightly, Map.of("outcome", "Failed")))
        .isEqualTo(1.0);
    assertThat(value(samples, "sft_test_phase", nightly, Map.of("phase", "Failed"))).isEqualTo(1.0);
    assertThat(value(samples, "sft_test_phase", nightly, Map.of("phase", "Succeeded"))).isEqualTo(0.0);
    assertThat(value(samples, "sft_last_run_succeeded", nightly, Map.of())).isEqualTo(0.0);
    assertThat(value(samples, "sft_last_run_timestamp_seconds", nightly, Map.of()))
        .isCloseTo(System.currentTimeMillis() / 1000.0, offset(120.0));
    assertThat(select(samples, "sft_last_success_timestamp_seconds", nightly)).as("it never succeeded").isEmpty();
    assertThat(value(samples, "sft_last_success_timestamp_seconds", Map.of("namespace", "metrics", "test", "passing"),
        Map.of())).isCloseTo(System.currentTimeMillis() / 1000.0, offset(120.0));
    assertThat(value(samples, "sft_cell_failure_rate", nightly, Map.of("scenario", "executor-loss-task-replacement",
        "operation", "append", "bound", "estimate"))).isEqualTo(1.0);
    // No run id, nor anything else unbounded, in any label.
    String runId = cluster.get(test).getStatus().runId;
    assertThat(samples).filteredOn(s -> s.name().startsWith("sft_"))
        .allSatisfy(s -> assertThat(s.labels().values()).doesNotContain(runId));

    Set<String> exported = new TreeSet<>(samples.stream().map(Sample::name).toList());
    Set<String> queried = queriedMetrics();
    assertThat(queried).as("the dashboard and the rules query the controller's metrics")
        .contains("sft_repetitions_total", "sft_cell_failure_rate", "sft_last_success_timestamp_seconds",
            "sft_last_run_succeeded", "sft_last_run_known_repetitions", "sft_run_duration_seconds_bucket",
            "sft_test_created_timestamp_seconds");
    assertThat(exported).as("metrics the dashboard (%s) and the alert rules (%s) query", DASHBOARD, RULES)
        .containsAll(queried);

    // A deleted test's series go, the other test's stay; without a finalizer the deletion is immediate.
    client.resource(cluster.get(test)).delete();
    List<Sample> afterDelete = await().atMost(TestCluster.TIMEOUT).until(this::scrape,
        s -> s.stream().noneMatch(x -> x.name().startsWith("sft_") && x.is("test", "nightly")));
    assertThat(select(afterDelete, "sft_runs_total", Map.of("namespace", "metrics", "test", "passing"))).hasSize(1);
  }

  /** Every metric name the dashboard's queries and variables and the alert rules' expressions read. */
  static Set<String> queriedMetrics() throws Exception {
    Set<String> names = new TreeSet<>();
    JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
    List<String> exprs = new ArrayList<>(dashboard.findValuesAsText("expr"));
    assertThat(exprs).as("queries in %s", DASHBOARD).hasSizeGreaterThanOrEqualTo(dashboard.path("panels").size());
    exprs.forEach(expr -> names.addAll(PromqlNames.in(expr)));
    for (JsonNode variable : dashboard.path("templating").path("list")) {
      if (variable.path("type").asText().equals("query")) {
        names.addAll(PromqlNames.inVariableQuery(variable.path("query").path("query").asText()));
      }
    }
    JsonNode rules = new ObjectMapper(new YAMLFactory()).readTree(RULES.toFile());
    List<String> ruleExprs = rules.path("groups").findValuesAsText("expr");
    assertThat(ruleExprs).as("rules in %s", RULES).hasSizeGreaterThanOrEqualTo(2);
    ruleExprs.forEach(expr -> names.addAll(PromqlNames.in(expr)));
    // Prometheus writes `up` for each target it scrapes (SftControllerDown reads it); the controller never exports it.
    assertThat(names.remove("up")).as("SftControllerDown reads up").isTrue();
    return names;
  }

  private List<Sample> scrape() throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(metrics.toString()))
        .header("Accept", "text/plain; version=0.0.4").timeout(Duration.ofSeconds(10)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    List<Sample> samples = new ArrayList<>();
    for (String line : response.body().split("\n")) {
      Matcher sample = SAMPLE.matcher(line);
      if (line.startsWith("#") || !sample.find()) {
        continue;
      }
      Map<String, String> labels = new TreeMap<>();
      Matcher label = LABEL.matcher(sample.group(2) == null ? "" : sample.group(2));
      while (label.find()) {
        labels.put(label.group(1), label.group(2));
      }
      samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(3))));
    }
    return samples;
  }

  private static List<Sample> select(List<Sample> samples, String name, Map<String, String> labels) {
    return samples.stream().filter(s -> s.name().equals(name)
        && labels.entrySet().stream().allMatch(e -> s.is(e.getKey(), e.getValue()))).toList();
  }

  /** The value of the one series of {@code name} with exactly {@code test}'s and {@code more} labels. */
  private static double value(List<Sample> samples, String name, Map<String, String> test, Map<String, String> more) {
    Map<String, String> labels = new TreeMap<>(test);
    labels.putAll(more);
    List<Sample> found = select(samples, name, labels);
    assertThat(found).as("%s%s", name, labels).singleElement();
    return found.get(0).value();
  }

  record Sample(String name, Map<String, String> labels, double value) {
    boolean is(String label, String expected) {
      return expected.equals(labels.get(label));
    }
  }
}
