package dev.sft.controller.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.controller.support.WithStrictKubernetesServer;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The endpoints the Helm chart's Deployment and its ServiceMonitor or PodMonitor point at (charts/sft-operator): if one of them moves or
 * disappears, the chart's probes would restart a healthy controller, or monitoring would scrape nothing.
 */
@QuarkusTest
@WithStrictKubernetesServer
class OperationalEndpointsTest {
  @TestHTTPResource("/q/health/started") URL started;
  @TestHTTPResource("/q/health/live") URL live;
  @TestHTTPResource("/q/health/ready") URL ready;
  @TestHTTPResource("/q/metrics") URL metrics;

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void startupIsUp() throws Exception {
    HttpResponse<String> response = get(started);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.body()).contains("\"status\": \"UP\"");
  }

  @Test
  void livenessIsUp() throws Exception {
    HttpResponse<String> response = get(live);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.body()).contains("\"status\": \"UP\"");
  }

  @Test
  void readinessIsUpOnceTheOperatorRuns() throws Exception {
    HttpResponse<String> response = get(ready);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.body()).contains("\"status\": \"UP\"");
  }

  /** What Prometheus gets when it asks for the classic text format (it negotiates OpenMetrics otherwise). */
  @Test
  void metricsArePrometheusText() throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(metrics.toString()))
        .header("Accept", "text/plain; version=0.0.4").timeout(Duration.ofSeconds(10)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("content-type").orElse("")).startsWith("text/plain");
    assertThat(response.body()).contains("jvm_memory_used_bytes");
    // The operator SDK's own metrics, per controller (docs/operations.md names them).
    assertThat(response.body()).contains("reconciliations_execution_duration_seconds_count{controller_name=\"schedulerfailuretest\"");
  }

  private HttpResponse<String> get(URL url) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(url.toString())).timeout(Duration.ofSeconds(10)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
