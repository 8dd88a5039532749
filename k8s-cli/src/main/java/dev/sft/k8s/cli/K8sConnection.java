package dev.sft.k8s.cli;

import dev.sft.contract.RunExitCode;
import dev.sft.k8s.K8sProblem;
import dev.sft.k8s.KubeClients;
import dev.sft.k8s.TestLookup;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The options every {@code sft k8s} command takes to reach the cluster, as kubectl's, and their error handling. */
final class K8sConnection {
  @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
      description = "the test's namespace (default: the context's namespace, else default)")
  String namespace;

  @Option(names = "--context", paramLabel = "NAME",
      description = "the kubeconfig context to use (default: its current context)")
  String context;

  @Option(names = "--kubeconfig", paramLabel = "FILE",
      description = "the kubeconfig to use (default: KUBECONFIG, else ~/.kube/config, as kubectl)")
  Path kubeconfig;

  /** What a command does with a client and the test's namespace; returns its exit code. */
  interface Body {
    int run(KubernetesClient client, TestLookup tests) throws Exception;
  }

  /**
   * Runs {@code body} against the configured cluster and turns failures into one line: bad arguments exit 2, the
   * cluster, the CRD, permissions or a missing test exit 4. {@code SFT_DEBUG=1} adds the stack trace.
   */
  int run(String command, PrintWriter err, Body body) {
    try {
      Config config = KubeClients.config(kubeconfig, context);
      try (KubernetesClient client = KubeClients.client(config)) {
        return body.run(client, new TestLookup(client, KubeClients.namespace(config, namespace)));
      }
    } catch (IllegalArgumentException e) {
      return fail(err, command, "error: " + e.getMessage(), e, RunExitCode.USAGE);
    } catch (K8sProblem e) {
      return fail(err, command, e.getMessage(), e, RunExitCode.INFRASTRUCTURE);
    } catch (KubernetesClientException e) {
      return fail(err, command, TestLookup.describe(e, "complete the request", "the API server").getMessage(), e,
          RunExitCode.INFRASTRUCTURE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fail(err, command, "interrupted", e, RunExitCode.INFRASTRUCTURE);
    } catch (Exception e) {
      return fail(err, command, "failed: " + e, e, RunExitCode.INFRASTRUCTURE);
    }
  }

  /** A time flag that must be longer than zero: a zero wait or poll would spin. */
  static Duration positive(String option, Duration duration) {
    if (duration.isZero()) {
      throw new IllegalArgumentException(option + " must be longer than zero");
    }
    return duration;
  }

  private static int fail(PrintWriter err, String command, String line, Exception e, RunExitCode code) {
    err.println("sft k8s " + command + ": " + line);
    if (System.getenv("SFT_DEBUG") != null) {
      e.printStackTrace(err);
    }
    err.flush();
    return code.code();
  }
}
