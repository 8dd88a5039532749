package dev.sft.e2e.node;

import dev.sft.e2e.node.network.PodIpAllocator;
import dev.sft.e2e.node.runtime.Podman;
import dev.sft.e2e.node.volumes.PodVolumes;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;

/** What every {@link PodWorker} of the node shares. */
record NodeContext(KubernetesClient client, NodeConfig config, Podman podman, PodIpAllocator ips,
    PodVolumes volumes, PodEnvironment environment, Path hostsFile) {

  String containerName(String namespace, String pod) {
    return "sft-e2e-" + namespace + "-" + pod;
  }

  /** Where the logs of removed containers are kept, for failure reports. */
  Path logArchive() {
    return config.stateDir().resolve("removed-container-logs");
  }

  Path podDir(String namespace, String pod, String uid) {
    // The whole uid: a pod recreated under the same name (StatefulSet) must never share the old one's folder.
    return config.stateDir().resolve("pods").resolve(namespace + "_" + pod + "_" + (uid == null ? "nouid" : uid));
  }
}
