package dev.sft.e2e.apiserver;

import dev.sft.e2e.apiserver.auth.AccessControl;
import dev.sft.e2e.apiserver.auth.BootstrapPolicy;
import dev.sft.e2e.apiserver.auth.TokenAuthenticator;
import dev.sft.e2e.apiserver.exec.ExecBackend;
import dev.sft.e2e.apiserver.exec.ExecSession;
import dev.sft.e2e.apiserver.exec.ProcessExecBackend;
import dev.sft.e2e.apiserver.front.HttpFront;
import dev.sft.e2e.apiserver.front.StandInTls;
import dev.sft.e2e.apiserver.store.StandInStore;
import dev.sft.e2e.apiserver.store.StoredRbacObjects;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A Kubernetes API server stand-in for the e2e suite (test code; see e2e/STAND-IN.md for what it does not do):
 * fabric8's CRUD mock store behind an HTTPS server on 127.0.0.1 (ephemeral port) with its own CA, serving discovery,
 * CRUD with every patch type, status subresources, streaming watches and pods/exec through an {@link ExecBackend},
 * every request authenticated by its bearer token and authorised by RBAC. Start it with {@link #start}; it writes
 * {@code ca.crt}, {@code token} (an admin's) and {@code kubeconfig} (with that token) into its work folder.
 */
public final class ApiServerStandIn implements AutoCloseable {

  private static final List<String> INITIAL_NAMESPACES = List.of("default", "kube-system", "kube-public",
      "kube-node-lease");
  private static final String RBAC = "/apis/rbac.authorization.k8s.io/v1/";

  private final Vertx vertx;
  private final HttpServer server;
  private final ExecutorService workers;
  private final StandInStore store;
  private final HttpFront front;
  private final StandInTls tls;
  private final String token;
  private final TokenAuthenticator tokens;
  private final Path kubeconfig;
  private final Path caPath;

  private ApiServerStandIn(Vertx vertx, HttpServer server, ExecutorService workers, StandInStore store,
      HttpFront front, StandInTls tls, TokenAuthenticator tokens, String token, Path kubeconfig, Path caPath) {
    this.tokens = tokens;
    this.front = front;
    this.vertx = vertx;
    this.server = server;
    this.workers = workers;
    this.store = store;
    this.tls = tls;
    this.token = token;
    this.kubeconfig = kubeconfig;
    this.caPath = caPath;
  }

  /** Starts the stand-in; {@code workDir} receives ca.crt, token and kubeconfig (created if absent). */
  public static ApiServerStandIn start(Path workDir, ExecBackend exec) throws IOException {
    Files.createDirectories(workDir);
    InetAddress loopback = InetAddress.getByName("127.0.0.1");
    StandInTls tls = StandInTls.generate(List.of(loopback));
    StandInStore store = new StandInStore();
    INITIAL_NAMESPACES.forEach(ns -> seedNamespace(store, ns));
    BootstrapPolicy.clusterRoles().forEach(role -> seed(store, RBAC + "clusterroles", role));
    BootstrapPolicy.clusterRoleBindings().forEach(binding -> seed(store, RBAC + "clusterrolebindings", binding));
    TokenAuthenticator tokens = new TokenAuthenticator();
    Vertx vertx = Vertx.vertx();
    ExecutorService workers = Executors.newCachedThreadPool(runnable -> {
      Thread thread = new Thread(runnable, "sft-e2e-apiserver-worker");
      thread.setDaemon(true);
      return thread;
    });
    HttpFront front = new HttpFront(vertx, store, exec, workers,
        new AccessControl(tokens, new StoredRbacObjects(store)));
    HttpServerOptions options = new HttpServerOptions()
        .setHost(loopback.getHostAddress()).setPort(0)
        .setSsl(true)
        .setKeyCertOptions(new PemKeyCertOptions()
            .setCertValue(io.vertx.core.buffer.Buffer.buffer(tls.serverCertificatePem()))
            .setKeyValue(io.vertx.core.buffer.Buffer.buffer(tls.serverKeyPem())))
        // exec commands travel in the query string; the kill script alone is several KiB
        .setMaxInitialLineLength(1 << 20).setMaxHeaderSize(1 << 16)
        .setMaxWebSocketFrameSize(1 << 20).setMaxWebSocketMessageSize(16 << 20)
        .setWebSocketSubProtocols(List.of(ExecSession.V5, ExecSession.V4));
    HttpServer server = vertx.createHttpServer(options).requestHandler(front::handle);
    try {
      server.listen().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      vertx.close();
      throw new IOException("the API server stand-in could not listen on 127.0.0.1: " + e, e);
    }
    front.serverAddress("127.0.0.1:" + server.actualPort());
    String token = tokens.issueAdminToken();
    Path caPath = workDir.resolve("ca.crt");
    Files.writeString(caPath, tls.caCertificatePem());
    Files.writeString(workDir.resolve("token"), token);
    Path kubeconfig = workDir.resolve("kubeconfig");
    Files.writeString(kubeconfig, kubeconfigYaml("https://127.0.0.1:" + server.actualPort(), tls, token));
    return new ApiServerStandIn(vertx, server, workers, store, front, tls, tokens, token, kubeconfig, caPath);
  }

  public String url() {
    return "https://" + host() + ":" + port();
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return server.actualPort();
  }

  public String caPem() {
    return tls.caCertificatePem();
  }

  public Path caPath() {
    return caPath;
  }

  /** The admin's bearer token (user kubernetes-admin in system:masters), the one in {@link #kubeconfigPath()}. */
  public String token() {
    return token;
  }

  /**
   * The bearer token of service account NAMESPACE/NAME, the same for every call: what the simulated kubelet mounts
   * into the pods that run as it (a real kubelet asks the TokenRequest API). Requests with it are authorised by RBAC
   * as {@code system:serviceaccount:NAMESPACE:NAME}.
   */
  public String serviceAccountToken(String namespace, String name) {
    return tokens.serviceAccountToken(namespace, name);
  }

  public Path kubeconfigPath() {
    return kubeconfig;
  }

  /** Writes every stored object as YAML under {@code dir}; returns how many. */
  public int dump(Path dir) throws IOException {
    return ObjectDump.write(store.snapshot(), dir);
  }

  /** Watches currently open (for tests of the stand-in itself). */
  public int openWatches() {
    return store.watches().openWatches();
  }

  /** Watches served so far, by transport ("http": streaming GET, "websocket"). */
  public java.util.Map<String, Integer> watchesServed() {
    return front.watchesServed();
  }

  @Override
  public void close() {
    try {
      server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      // closing anyway
    } finally {
      workers.shutdownNow();
      vertx.close();
    }
  }

  private static void seedNamespace(StandInStore store, String name) {
    seed(store, "/api/v1/namespaces",
        "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}");
  }

  /** What every cluster starts with, created past authorisation. */
  private static void seed(StandInStore store, String collection, String body) {
    MockResponse answer = store.handleCreate(new RecordedRequest("HTTP/1.1", HttpMethod.POST, collection,
        Headers.builder().add("Content-Type", "application/json").build(),
        new Buffer(body.getBytes(StandardCharsets.UTF_8))));
    if (answer.code() != 201) {
      throw new IllegalStateException("cannot create " + body + " in the stand-in: HTTP " + answer.code());
    }
  }

  private static String kubeconfigYaml(String server, StandInTls tls, String token) {
    String ca = Base64.getEncoder().encodeToString(tls.caCertificatePem().getBytes(StandardCharsets.US_ASCII));
    return String.join("\n",
        "apiVersion: v1",
        "kind: Config",
        "clusters:",
        "- name: sft-e2e-stand-in",
        "  cluster:",
        "    server: " + server,
        "    certificate-authority-data: " + ca,
        "users:",
        "- name: sft-e2e",
        "  user:",
        "    token: " + token,
        "contexts:",
        "- name: sft-e2e-stand-in",
        "  context:",
        "    cluster: sft-e2e-stand-in",
        "    user: sft-e2e",
        "    namespace: default",
        "current-context: sft-e2e-stand-in",
        "");
  }

  /**
   * Starts a stand-in for manual use: {@code main [WORK_DIR] [--local-exec]}. Prints the kubeconfig path and runs
   * until killed. With {@code --local-exec}, pods/exec runs the command on this machine (whatever the pod).
   */
  public static void main(String[] args) throws Exception {
    Path workDir = Path.of(args.length > 0 && !args[0].startsWith("--") ? args[0] : "target/apiserver-stand-in");
    boolean localExec = List.of(args).contains("--local-exec");
    ExecBackend exec = localExec ? ProcessExecBackend.local() : (namespace, pod, container, command, stdin) -> {
      throw new ExecBackend.ExecException("this stand-in was started without an exec backend (use --local-exec)");
    };
    ApiServerStandIn standIn = start(workDir.toAbsolutePath(), exec);
    System.out.println("API server stand-in listening at " + standIn.url());
    System.out.println("export KUBECONFIG=" + standIn.kubeconfigPath());
    Runtime.getRuntime().addShutdownHook(new Thread(standIn::close));
    Thread.currentThread().join();
  }
}
