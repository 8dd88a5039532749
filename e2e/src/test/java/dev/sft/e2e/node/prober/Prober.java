package dev.sft.e2e.node.prober;

import dev.sft.e2e.apiserver.exec.ExecResult;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Probe;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Runs one probe once against the pod, from the node, as a kubelet does: {@code httpGet} (any status 200-399 passes;
 * HTTPS without certificate checks, like the kubelet), {@code tcpSocket} (a connection opens), {@code exec} (exit 0,
 * through {@code podman exec}). gRPC probes are not simulated and fail with that message.
 */
public final class Prober {
  record Result(boolean success, String message) {}

  private final HttpClient http;
  private final BiFunction<List<String>, Duration, ExecResult> exec;

  /** @param exec runs a command in the probed container within a time bound */
  public Prober(BiFunction<List<String>, Duration, ExecResult> exec) {
    this.exec = exec;
    this.http = HttpClient.newBuilder().sslContext(trustAll()).followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(Duration.ofSeconds(5)).build();
  }

  public Result probe(Probe probe, Container container, String podIp) {
    Duration timeout = Duration.ofSeconds(probe.getTimeoutSeconds() == null ? 1 : probe.getTimeoutSeconds());
    try {
      if (probe.getHttpGet() != null) {
        return httpGet(probe.getHttpGet(), container, podIp, timeout);
      }
      if (probe.getTcpSocket() != null) {
        String host = probe.getTcpSocket().getHost() != null ? probe.getTcpSocket().getHost() : podIp;
        int port = port(probe.getTcpSocket().getPort(), container);
        try (Socket socket = new Socket()) {
          socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
          return new Result(true, "connected to " + host + ":" + port);
        }
      }
      if (probe.getExec() != null) {
        ExecResult result = exec.apply(probe.getExec().getCommand(), timeout);
        return new Result(result.exitCode() == 0, "exec exit " + result.exitCode() + " " + result.stdoutText().strip()
            + " " + result.stderrText().strip());
      }
      return new Result(false, "probe type not simulated (only httpGet, tcpSocket and exec are): " + probe);
    } catch (IOException | RuntimeException e) {
      return new Result(false, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(false, "interrupted");
    }
  }

  private Result httpGet(HTTPGetAction get, Container container, String podIp, Duration timeout)
      throws IOException, InterruptedException {
    String scheme = get.getScheme() == null ? "http" : get.getScheme().toLowerCase();
    String host = get.getHost() != null && !get.getHost().isEmpty() ? get.getHost() : podIp;
    String path = get.getPath() == null ? "/" : get.getPath().startsWith("/") ? get.getPath() : "/" + get.getPath();
    URI uri = URI.create(scheme + "://" + host + ":" + port(get.getPort(), container) + path);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET()
        .header("User-Agent", "kube-probe/1.33");
    if (get.getHttpHeaders() != null) {
      get.getHttpHeaders().forEach(h -> request.header(h.getName(), h.getValue()));
    }
    HttpResponse<Void> response = http.send(request.build(), HttpResponse.BodyHandlers.discarding());
    int code = response.statusCode();
    return new Result(code >= 200 && code < 400, "GET " + uri + " → " + code);
  }

  /** A probe's port is a number or the name of one of the container's ports. */
  static int port(IntOrString port, Container container) {
    if (port == null) {
      throw new IllegalArgumentException("probe without a port");
    }
    if (port.getIntVal() != null) {
      return port.getIntVal();
    }
    String name = port.getStrVal();
    List<ContainerPort> ports = container.getPorts() == null ? List.of() : container.getPorts();
    return ports.stream().filter(p -> name.equals(p.getName())).map(ContainerPort::getContainerPort).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("container " + container.getName() + " has no port named "
            + name));
  }

  private static SSLContext trustAll() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {new X509TrustManager() {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
          return new X509Certificate[0];
        }
      }}, new SecureRandom());
      return context;
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
