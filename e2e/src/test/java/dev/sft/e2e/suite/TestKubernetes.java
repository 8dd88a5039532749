package dev.sft.e2e.suite;

import java.nio.file.Path;

/**
 * The Kubernetes the suite runs against: the stand-in with the simulated kubelet on this machine, or a real cluster
 * reached through a kubeconfig. The suite talks to either only through kubectl, except for the two things below.
 */
public interface TestKubernetes extends AutoCloseable {
  Path kubeconfig();

  /**
   * SIGKILLs the main process of one container, as an OOM kill or a crash would; the pod's restart policy and its
   * owner bring it back.
   */
  void killContainer(String namespace, String pod, String container);

  /** Keeps what a failed run needs for diagnosis (container logs, the API objects) under {@code folder}. */
  void collectArtifacts(Path folder);

  @Override
  void close();
}
