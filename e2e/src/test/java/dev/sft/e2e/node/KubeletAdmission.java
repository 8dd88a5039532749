package dev.sft.e2e.node;

import dev.sft.e2e.node.runtime.Podman;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;

/**
 * What a pod must satisfy before its container is created on the simulated node, each refusal a kubelet-style
 * waiting reason: one container and no init containers (all this node runs), an image already in podman's storage
 * (it pulls none), and {@code runAsNonRoot} checked against the user the container would run as.
 */
final class KubeletAdmission {
  private KubeletAdmission() {}

  /** @return the pod's one container */
  static Container admit(Pod pod, Podman podman) {
    List<Container> containers = pod.getSpec().getContainers();
    if (containers == null || containers.size() != 1
        || (pod.getSpec().getInitContainers() != null && !pod.getSpec().getInitContainers().isEmpty())) {
      throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "the simulated kubelet runs pods of exactly one "
          + "container and no init containers");
    }
    Container container = containers.get(0);
    if (!podman.imageExists(container.getImage())) {
      throw new PodStartBlocked("ErrImageNeverPull", "image \"" + container.getImage() + "\" is not in the node's"
          + " podman storage, and the simulated node pulls no images (docker/build-images.sh builds sft's)");
    }
    requireNonRoot(pod, container, podman);
    return container;
  }

  private static void requireNonRoot(Pod pod, Container container, Podman podman) {
    var podSecurity = pod.getSpec().getSecurityContext();
    var own = container.getSecurityContext();
    boolean nonRoot = Boolean.TRUE.equals(own != null && own.getRunAsNonRoot() != null ? own.getRunAsNonRoot()
        : podSecurity != null ? podSecurity.getRunAsNonRoot() : null);
    if (!nonRoot) {
      return;
    }
    Long user = own != null && own.getRunAsUser() != null ? own.getRunAsUser()
        : podSecurity != null ? podSecurity.getRunAsUser() : null;
    String imageUser = user != null ? String.valueOf(user) : podman.imageUser(container.getImage());
    String uidPart = imageUser.split(":")[0];
    if (uidPart.isEmpty() || uidPart.equals("0") || uidPart.equals("root")) {
      throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "container has runAsNonRoot and image will run as root");
    }
    if (!uidPart.matches("\\d+")) {
      throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "container has runAsNonRoot and image has non-numeric "
          + "user (" + uidPart + "), cannot verify user is non-root");
    }
  }
}
