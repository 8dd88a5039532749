package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code kubectl proxy --port=0} as docs/operations.md tells a user to run it, and GETs through it: how the suite
 * reaches a master's UI, which listens on its pod IP only.
 */
final class KubectlProxy implements AutoCloseable {
  private static final Pattern SERVING = Pattern.compile("Starting to serve on 127\\.0\\.0\\.1:(\\d+)");
  private static final Duration BOUND = Duration.ofSeconds(30);

  private final Process process;
  private final int port;
  // HTTP/1.1: Java's default asks for an h2c upgrade, which kubectl proxy would treat as a protocol upgrade.
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(BOUND).build();

  private KubectlProxy(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  static KubectlProxy start(Kubectl kubectl) {
    Process process = kubectl.start("proxy", "--port=0");
    BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8));
    String banner;
    try {
      banner = CompletableFuture.supplyAsync(() -> {
        try {
          return output.readLine();
        } catch (IOException e) {
          return "unreadable: " + e;
        }
      }).get(BOUND.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      process.destroyForcibly();
      throw new AssertionError("kubectl proxy printed no line within " + BOUND.toSeconds() + " s: " + e, e);
    }
    Matcher serving = SERVING.matcher(String.valueOf(banner));
    if (!serving.find()) {
      process.destroyForcibly();
      throw new AssertionError("kubectl proxy did not say where it serves; its first line: " + banner);
    }
    return new KubectlProxy(process, Integer.parseInt(serving.group(1)));
  }

  /** GET {@code path} through the proxy; fails with the status and body unless it is 200 and JSON. */
  JsonNode getJson(String path) {
    try {
      HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
          .timeout(BOUND).build(), HttpResponse.BodyHandlers.ofString());
      if (answer.statusCode() != 200) {
        throw new AssertionError("GET " + path + " through kubectl proxy: HTTP " + answer.statusCode() + ": "
            + answer.body());
      }
      return Kubectl.parse(answer.body());
    } catch (IOException e) {
      throw new AssertionError("GET " + path + " through kubectl proxy failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted during GET " + path);
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
