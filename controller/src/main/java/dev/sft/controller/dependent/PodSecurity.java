package dev.sft.controller.dependent;

import dev.sft.controller.spark.ImageLayout;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;

/**
 * Security contexts meeting the Pod Security Standard "restricted" for every pod the controller creates. The
 * pod-exec kill still works: the exec'd process runs as the same user that owns the executors.
 */
public final class PodSecurity {
  private PodSecurity() {}

  public static PodSecurityContext restrictedPod() {
    return new PodSecurityContextBuilder()
        .withRunAsNonRoot(true)
        .withRunAsUser(ImageLayout.RUN_AS_USER)
        .withRunAsGroup(ImageLayout.RUN_AS_USER)
        // Makes the shared volume writable by that user where the volume driver supports fsGroup.
        .withFsGroup(ImageLayout.RUN_AS_USER)
        // Where a volume driver applies fsGroup (csi-driver-nfs and other drivers with fsGroupPolicy File do so for
        // ReadWriteMany claims too), the kubelet would otherwise walk and chown the whole claim on every mount.
        .withFsGroupChangePolicy("OnRootMismatch")
        .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile()
        .build();
  }

  public static SecurityContext restrictedContainer() {
    return new SecurityContextBuilder()
        .withRunAsNonRoot(true)
        .withAllowPrivilegeEscalation(false)
        .withPrivileged(false)
        .withNewCapabilities().withDrop("ALL").endCapabilities()
        .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile()
        .build();
  }
}
