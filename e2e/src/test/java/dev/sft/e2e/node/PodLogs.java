package dev.sft.e2e.node;

/**
 * A container's log, as the API server's {@code pods/log} returns it (through the kubelet). The simulated
 * {@link Kubelet} implements it with {@code podman logs}.
 */
public interface PodLogs {
  /**
   * @param container the container's name, or null for the pod's only container
   * @param tailLines the number of last lines, or null for the whole log
   * @return stdout and stderr interleaved as written
   * @throws java.util.NoSuchElementException when this kubelet runs no such pod or container
   */
  String logs(String namespace, String pod, String container, Integer tailLines);
}
