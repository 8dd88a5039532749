package dev.sft.harness.kill;

import dev.sft.contract.HarnessEnvironment;
import dev.sft.contract.KillExitCode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Kubernetes transport: HOST is resolved to exactly one worker pod of this test (by the label selector the
 * controller passes, matching pod IP, pod name or hostname), then the kill script runs in the pod's Spark container
 * through the API server's exec, once: it proves the identity and signals only if it holds, so a separate check round
 * trip would prove nothing more and delay the kill. Zero or several matching pods are a refusal; the harness's RBAC
 * allows exec only on this test's worker pods.
 */
public final class PodExecTransport implements KillTransport {
  /** The label selector of this test's worker pods, e.g. {@code sft.dev/test=nightly,sft.dev/component=worker}. */
  public static final String SELECTOR_ENV = HarnessEnvironment.WORKER_SELECTOR;
  /** The namespace of the pods (default: the service account's namespace). */
  public static final String NAMESPACE_ENV = HarnessEnvironment.NAMESPACE;
  /** The Spark container of a worker pod (default {@value #DEFAULT_CONTAINER}). */
  public static final String CONTAINER_ENV = HarnessEnvironment.SPARK_CONTAINER;
  public static final String DEFAULT_CONTAINER = "spark";
  private static final Path SERVICE_ACCOUNT_NAMESPACE =
      Path.of("/var/run/secrets/kubernetes.io/serviceaccount/namespace");

  private final KubernetesClient client;
  private final String namespace;
  private final String selector;
  private final String container;

  public PodExecTransport(KubernetesClient client, String namespace, String selector, String container) {
    this.client = client;
    this.namespace = namespace;
    this.selector = selector;
    this.container = container;
  }

  /** Configured from the environment the controller gives the harness Job. */
  public static PodExecTransport fromEnvironment(KubernetesClient client, Map<String, String> env) {
    String selector = env.get(SELECTOR_ENV);
    if (selector == null || selector.isBlank()) {
      throw new IllegalArgumentException(SELECTOR_ENV + " is not set: the pod-exec transport only targets worker pods"
          + " selected by the label selector the controller passes");
    }
    String namespace = env.get(NAMESPACE_ENV);
    if (namespace == null || namespace.isBlank()) {
      try {
        namespace = Files.readString(SERVICE_ACCOUNT_NAMESPACE).trim();
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException(NAMESPACE_ENV + " is not set and " + SERVICE_ACCOUNT_NAMESPACE
            + " is unreadable");
      }
    }
    return new PodExecTransport(client, namespace, selector,
        env.getOrDefault(CONTAINER_ENV, DEFAULT_CONTAINER));
  }

  @Override
  public String name() {
    return "pod-exec";
  }

  @Override
  public void validate(KillRequest request) {
    // Resolution needs the API server; it happens in execute() and refuses there.
  }

  @Override
  public Execution execute(KillRequest request, String script, List<String> scriptArgs, Duration bound)
      throws TransportException {
    List<Pod> matches;
    try {
      matches = client.pods().inNamespace(namespace).withLabelSelector(selector).list().getItems().stream()
          .filter(pod -> matches(pod, request.host()))
          .toList();
    } catch (KubernetesClientException e) {
      throw new TransportException("cannot list worker pods (" + selector + ") in " + namespace + ": "
          + e.getMessage());
    }
    if (matches.size() != 1) {
      String reason = matches.isEmpty()
          ? "no worker pod of this test (" + selector + " in " + namespace + ") has IP, name or hostname "
              + request.host()
          : "host " + request.host() + " matches several worker pods "
              + matches.stream().map(p -> p.getMetadata().getName()).toList();
      return new Execution(KillExitCode.REFUSED_IDENTITY.code(), "result=refused\nreason=" + reason + "\n", "",
          null, container);
    }
    return exec(matches.get(0).getMetadata().getName(), script, KillScript.KILL, scriptArgs, bound);
  }

  static boolean matches(Pod pod, String host) {
    String ip = pod.getStatus() == null ? null : pod.getStatus().getPodIP();
    String hostname = pod.getSpec() == null ? null : pod.getSpec().getHostname();
    String subdomain = pod.getSpec() == null ? null : pod.getSpec().getSubdomain();
    return host.equals(ip)
        || host.equals(pod.getMetadata().getName())
        || host.equals(hostname)
        || (hostname != null && subdomain != null && host.startsWith(hostname + "." + subdomain + "."));
  }

  private Execution exec(String pod, String script, String mode, List<String> scriptArgs, Duration bound)
      throws TransportException {
    List<String> command = new ArrayList<>(List.of("sh", "-c", script, "sft-kill", mode));
    command.addAll(scriptArgs);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ExecWatch watch = client.pods().inNamespace(namespace).withName(pod).inContainer(container)
        .writingOutput(out).writingError(err).exec(command.toArray(new String[0]))) {
      Integer code = watch.exitCode().get(bound.toMillis(), TimeUnit.MILLISECONDS);
      return new Execution(code == null ? KillExitCode.TRANSPORT_FAILURE.code() : code,
          out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), pod, container);
    } catch (TimeoutException e) {
      throw new TransportException("exec in pod " + pod + " did not finish within " + bound.toSeconds() + " s");
    } catch (ExecutionException | KubernetesClientException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new TransportException("exec in pod " + pod + "/" + container + " failed: " + cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TransportException("interrupted");
    }
  }
}
