package dev.sft.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.apiserver.CrudMock;
import dev.sft.e2e.node.NodeConfig;
import dev.sft.e2e.node.runtime.Podman;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;

/**
 * For the simulator's integration tests: fabric8's CRUD mock plus a {@link Simulator} on a pod network of the test's
 * own, with state and container logs under e2e/target/simulator-it/NAME. Closing it dumps every container's log,
 * closes the simulator and checks that no container of it is left.
 */
final class SimulatedCluster implements AutoCloseable {
  static final String IMAGE = System.getProperty("sft.e2e.image", "localhost/sft/sft:e2e");
  static final String CA_PEM = "-----BEGIN CERTIFICATE-----\nnot a real CA\n-----END CERTIFICATE-----\n";

  final CrudMock mock;
  final KubernetesClient client;
  final Simulator simulator;
  private final Path out;

  SimulatedCluster(String name, String podNetwork) {
    Podman.requireInstalled();
    assertThat(new Podman("it-probe").imageExists(IMAGE))
        .as("image %s exists (build it with docker/build-images.sh)", IMAGE).isTrue();
    out = Paths.get("target", "simulator-it", name).toAbsolutePath();
    deleteTree(out);
    mock = new CrudMock();
    client = mock.client;
    simulator = Simulator.start(client, NodeConfig.of(out.resolve("state"), podNetwork, "127.0.0.1",
        mock.server.getPort()).withServiceAccounts(CA_PEM, (ns, sa) -> "token-of-" + ns + "-" + sa));
  }

  /** Creates every object of a test resource in {@code namespace}, with IMAGE replaced by the image under test. */
  void apply(String resource, String namespace) {
    try (InputStream in = SimulatedCluster.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no test resource " + resource);
      }
      String yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("IMAGE", IMAGE);
      for (HasMetadata item : client.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))).items()) {
        client.resource(item).inNamespace(namespace).create();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The one pod not being deleted, or null when there are none or several. */
  static Pod only(List<Pod> pods) {
    List<Pod> live = pods.stream().filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
    return live.size() == 1 ? live.get(0) : null;
  }

  static int restarts(Pod pod) {
    return pod == null || pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
        || pod.getStatus().getContainerStatuses().isEmpty() ? -1
        : pod.getStatus().getContainerStatuses().get(0).getRestartCount();
  }

  /** A pod as a wait reports it: name, phase, readiness and its container's state, not the whole object. */
  record Observed(Pod pod) {
    @Override
    public String toString() {
      if (pod == null) {
        return "no single live pod";
      }
      var status = pod.getStatus();
      return pod.getMetadata().getName() + " phase " + (status == null ? null : status.getPhase()) + " ready "
          + Selectors.ready(pod) + " containers " + (status == null ? null : status.getContainerStatuses());
    }
  }

  @Override
  public void close() {
    try {
      simulator.kubelet().dumpLogs(out.resolve("logs"));
      simulator.close();
      assertThat(simulator.kubelet().containerSummaries()).as("containers left after close").isEmpty();
    } finally {
      mock.close();
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
