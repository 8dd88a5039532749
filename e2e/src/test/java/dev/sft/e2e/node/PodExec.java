package dev.sft.e2e.node;

import dev.sft.e2e.apiserver.exec.ExecResult;
import java.util.List;

/**
 * Runs a command in a pod's container, as the API server's {@code pods/exec} does (through the kubelet). The
 * simulated {@link Kubelet} implements it with {@code podman exec}; the API server stand-in calls it to answer
 * exec requests.
 */
public interface PodExec {
  /**
   * Runs {@code command} (no shell unless the command is one) in the container and waits for it.
   *
   * @param container the container's name, or null for the pod's only container
   * @param stdin bytes fed to the command's standard input, or null for none (then stdin is closed)
   * @return the command's exit status and its output
   * @throws java.util.NoSuchElementException when this kubelet runs no such pod or container
   * @throws IllegalStateException when the container is not running
   */
  ExecResult exec(String namespace, String pod, String container, List<String> command, byte[] stdin);
}
