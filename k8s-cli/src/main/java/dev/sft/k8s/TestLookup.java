package dev.sft.k8s;

import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * Reads one {@code SchedulerFailureTest}, typed, and turns each way that can fail into one line: no such test, no such
 * CRD, no permission, no API server.
 */
public final class TestLookup {
  private static final String API_VERSION = HasMetadata.getApiVersion(SchedulerFailureTest.class);
  private static final String PLURAL = HasMetadata.getPlural(SchedulerFailureTest.class);

  private final KubernetesClient client;
  private final String namespace;

  public TestLookup(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
  }

  public String namespace() {
    return namespace;
  }

  /** The test, or a {@link K8sProblem} saying in one line why it cannot be read. */
  public TestView get(String name) {
    SchedulerFailureTest resource;
    try {
      resource = client.resources(SchedulerFailureTest.class).inNamespace(namespace).withName(name).get();
    } catch (KubernetesClientException e) {
      throw problem(e, name);
    }
    if (resource == null) {
      throw notFound(name);
    }
    return new TestView(resource);
  }

  /** A missing test and a missing CRD both answer 404; discovery tells them apart. */
  private K8sProblem notFound(String name) {
    boolean served;
    try {
      served = client.supports(SchedulerFailureTest.class);
    } catch (KubernetesClientException e) {
      served = true;
    }
    if (!served) {
      return new K8sProblem("the API server at " + client.getMasterUrl() + " does not serve " + PLURAL + "."
          + API_VERSION + ": the sft CRD is not installed (kubectl apply -f "
          + "crds/schedulerfailuretests.sft.dev-v1.yml, or install the chart)");
    }
    return new K8sProblem("no SchedulerFailureTest " + name + " in namespace " + namespace
        + " (kubectl get sft -n " + namespace + " lists them)");
  }

  K8sProblem problem(KubernetesClientException e, String name) {
    return describe(e, "get schedulerfailuretest " + name + " in namespace " + namespace,
        client.getMasterUrl().toString());
  }

  /** One line for a failed API call: what was refused, and the server's own words. */
  public static K8sProblem describe(KubernetesClientException e, String what, String server) {
    int code = e.getCode();
    String said = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
        : e.getMessage();
    if (code == 403) {
      return new K8sProblem("forbidden: cannot " + what + " (RBAC): " + said, e);
    }
    if (code == 401) {
      return new K8sProblem("unauthorized: the API server at " + server + " refused the kubeconfig's credentials",
          e);
    }
    if (code == 404) {
      return new K8sProblem("not found: cannot " + what + ": " + said, e);
    }
    if (code > 0) {
      return new K8sProblem("cannot " + what + ": HTTP " + code + ": " + said, e, code >= 500 || code == 429);
    }
    return new K8sProblem("cannot reach the API server at " + server + ": " + rootCause(e)
        + hint(server), e, true);
  }

  /** fabric8's default server, where no kubeconfig was found, is the in-cluster one. */
  private static String hint(String server) {
    return server.contains("kubernetes.default.svc")
        ? " (no kubeconfig found: set KUBECONFIG, pass --kubeconfig, or create ~/.kube/config)" : "";
  }

  /**
   * The reason a request never reached the server, in a word where there is one. The JDK client wraps a refused
   * connection's {@link ConnectException} around a ClosedChannelException, so the whole chain is searched first.
   */
  private static String rootCause(Throwable e) {
    Throwable cause = e;
    for (Throwable link = e; link != null; link = link.getCause() == link ? null : link.getCause()) {
      if (link instanceof ConnectException) {
        return "connection refused";
      }
      if (link instanceof UnknownHostException) {
        return "unknown host " + link.getMessage();
      }
      if (link instanceof HttpConnectTimeoutException || link instanceof TimeoutException) {
        return "timed out";
      }
      cause = link;
    }
    return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
  }

}
