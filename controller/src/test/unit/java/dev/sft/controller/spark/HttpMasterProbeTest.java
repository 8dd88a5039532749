package dev.sft.controller.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real probe against a loopback HTTP server serving a master's {@code /json/} page. */
class HttpMasterProbeTest {
  HttpServer server;
  volatile String body;
  volatile int code = 200;

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/json/", exchange -> {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(code, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/json/");
  }

  @Test
  void countsOnlyAliveWorkers() {
    body = """
        {"url":"spark://10.0.0.5:7077","workers":[
          {"id":"worker-1","host":"10.0.0.6","state":"ALIVE"},
          {"id":"worker-0","host":"10.0.0.7","state":"DEAD"},
          {"id":"worker-2","host":"10.0.0.8","state":"ALIVE"}],"aliveworkers":2,"status":"ALIVE"}
        """;
    assertThat(new HttpMasterProbe().aliveWorkers(url()))
        .isEqualTo(MasterProbe.Result.alive(List.of("10.0.0.6", "10.0.0.8")));
  }

  @Test
  void aMasterWithoutWorkersHasNone() {
    body = "{\"workers\":[]}";
    assertThat(new HttpMasterProbe().aliveWorkers(url()).alive()).isZero();
  }

  @Test
  void errorsAreReportedNotCountedAsZeroWorkersSilently() {
    code = 503;
    body = "starting";
    MasterProbe.Result result = new HttpMasterProbe().aliveWorkers(url());
    assertThat(result.error()).contains("503");
    server.stop(0);
    assertThat(new HttpMasterProbe().aliveWorkers(url()).error()).isNotBlank();
  }
}
