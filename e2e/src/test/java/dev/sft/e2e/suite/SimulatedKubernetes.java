package dev.sft.e2e.suite;

import dev.sft.e2e.apiserver.ApiServerStandIn;
import dev.sft.e2e.apiserver.exec.ExecBackend;
import dev.sft.e2e.apiserver.exec.ExecResult;
import dev.sft.e2e.cluster.Simulator;
import dev.sft.e2e.node.Kubelet;
import dev.sft.e2e.node.NodeConfig;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Kubernetes on this machine, openly simulated: the API server stand-in, and the simulated kubelet with the
 * StatefulSet, Job and Deployment controllers, whose pods are real podman containers of the images under test.
 */
final class SimulatedKubernetes implements TestKubernetes {
  /** Pod IPs: loopback addresses far from the embedded cluster's 127.0.0.1-3. */
  static final String POD_NETWORK = "127.0.100.0/22";

  private final ApiServerStandIn apiServer;
  private final KubernetesClient client;
  private final Simulator simulator;
  private final Path nodeState;

  private SimulatedKubernetes(ApiServerStandIn apiServer, KubernetesClient client, Simulator simulator,
      Path nodeState) {
    this.apiServer = apiServer;
    this.client = client;
    this.simulator = simulator;
    this.nodeState = nodeState;
  }

  static TestKubernetes start(E2eSettings settings) {
    Path work = settings.output().resolve("cluster");
    // The stand-in answers pods/exec through the kubelet, which needs a client of the stand-in: bound once both exist.
    AtomicReference<Kubelet> kubelet = new AtomicReference<>();
    ApiServerStandIn apiServer;
    try {
      apiServer = ApiServerStandIn.start(work.resolve("api-server"), new KubeletExec(kubelet));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the API server stand-in", e);
    }
    KubernetesClient client;
    try {
      client = new KubernetesClientBuilder()
          .withConfig(Config.fromKubeconfig(Files.readString(apiServer.kubeconfigPath()))).build();
    } catch (IOException e) {
      apiServer.close();
      throw new UncheckedIOException("cannot read the stand-in's kubeconfig", e);
    }
    Path nodeState = work.resolve("node");
    NodeConfig config = NodeConfig.of(nodeState, POD_NETWORK, apiServer.host(), apiServer.port())
        .withServiceAccounts(apiServer.caPem(), apiServer::serviceAccountToken);
    Simulator simulator = Simulator.start(client, config);
    kubelet.set(simulator.kubelet());
    SuiteProgress.say("API server stand-in at %s; simulated node state in %s", apiServer.url(), nodeState);
    return new SimulatedKubernetes(apiServer, client, simulator, nodeState);
  }

  @Override
  public Path kubeconfig() {
    return apiServer.kubeconfigPath();
  }

  @Override
  public void killContainer(String namespace, String pod, String container) {
    simulator.kubelet().kill(namespace, pod, container);
  }

  @Override
  public void collectArtifacts(Path folder) {
    try {
      int objects = apiServer.dump(folder.resolve("objects"));
      simulator.kubelet().dumpLogs(folder.resolve("logs"));
      Files.write(folder.resolve("containers.txt"), simulator.kubelet().containerSummaries());
      SuiteProgress.say("kept %d API objects, the containers' logs, and the shared folders stay in %s", objects,
          nodeState);
    } catch (IOException | RuntimeException e) {
      SuiteProgress.say("cannot keep all artifacts under %s: %s", folder, e);
    }
  }

  @Override
  public void close() {
    try {
      simulator.close();
    } finally {
      client.close();
      apiServer.close();
    }
  }

  /** pods/exec of the stand-in, run by the simulated kubelet (podman exec in the pod's container). */
  private record KubeletExec(AtomicReference<Kubelet> node) implements ExecBackend {
    @Override
    public ExecResult exec(String namespace, String pod, String container, List<String> command, byte[] stdin)
        throws ExecException {
      try {
        return running().exec(namespace, pod, container, command, stdin.length == 0 ? null : stdin);
      } catch (NoSuchElementException | IllegalStateException e) {
        throw new ExecException(e.getMessage());
      }
    }

    @Override
    public byte[] logs(String namespace, String pod, String container) throws ExecException {
      try {
        return running().logs(namespace, pod, container, null).getBytes(StandardCharsets.UTF_8);
      } catch (NoSuchElementException e) {
        throw new ExecException(e.getMessage());
      }
    }

    private Kubelet running() throws ExecException {
      Kubelet running = node.get();
      if (running == null) {
        throw new ExecException("the simulated kubelet is not running yet");
      }
      return running;
    }
  }
}
