package dev.sft.e2e.kubelet;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;

/** What every {@link PodWorker} of the node shares. */
record NodeContext(KubernetesClient client, SimulatorConfig config, Podman podman, PodIpAllocator ips,
    PodVolumes volumes, PodEnvironment environment, Path hostsFile) {

  String containerName(String namespace, String pod) {
    return "sft-e2e-" + namespace + "-" + pod;
  }

  /** Where the logs of removed containers are kept, for failure reports. */
  Path logArchive() {
    return config.stateDir().resolve("removed-container-logs");
  }

  Path podDir(String namespace, String pod, String uid) {
    String shortUid = uid == null ? "nouid" : uid.length() > 8 ? uid.substring(0, 8) : uid;
    return config.stateDir().resolve("pods").resolve(namespace + "_" + pod + "_" + shortUid);
  }
}
