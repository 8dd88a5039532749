package dev.sft.controller.owned;

import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Security contexts meeting the Pod Security Standard "restricted" for every pod the controller creates. The user,
 * group and fsGroup are operator settings ({@code sft.pods.run-as-user}, {@code sft.pods.run-as-group},
 * {@code sft.pods.fs-group}; 185 by default, the images' user): each may be left unset (an empty value), and is then
 * left out of the pods, so that the platform assigns it (OpenShift's {@code restricted-v2} SCC assigns a UID and
 * fsGroup from the namespace's range and refuses pods that ask for others). The pod-exec kill still works: the exec'd
 * process runs as the same user that owns the executors.
 */
@Singleton
public class PodSecurity {
  public static final String RUN_AS_USER_PROPERTY = "sft.pods.run-as-user";
  public static final String RUN_AS_GROUP_PROPERTY = "sft.pods.run-as-group";
  public static final String FS_GROUP_PROPERTY = "sft.pods.fs-group";

  private final Long runAsUser;
  private final Long runAsGroup;
  private final Long fsGroup;

  public PodSecurity(@ConfigProperty(name = RUN_AS_USER_PROPERTY) Optional<Long> runAsUser,
      @ConfigProperty(name = RUN_AS_GROUP_PROPERTY) Optional<Long> runAsGroup,
      @ConfigProperty(name = FS_GROUP_PROPERTY) Optional<Long> fsGroup) {
    this.runAsUser = runAsUser.orElse(null);
    this.runAsGroup = runAsGroup.orElse(null);
    this.fsGroup = fsGroup.orElse(null);
  }

  /** Fixed ids; a null one is left for the platform to assign. */
  public static PodSecurity of(Long runAsUser, Long runAsGroup, Long fsGroup) {
    return new PodSecurity(Optional.ofNullable(runAsUser), Optional.ofNullable(runAsGroup),
        Optional.ofNullable(fsGroup));
  }

  public PodSecurityContext restrictedPod() {
    PodSecurityContextBuilder context = new PodSecurityContextBuilder()
        .withRunAsNonRoot(true)
        .withRunAsUser(runAsUser)
        .withRunAsGroup(runAsGroup)
        // Makes the shared volume writable by that user where the volume driver supports fsGroup.
        .withFsGroup(fsGroup)
        // Where a volume driver applies fsGroup (csi-driver-nfs and other drivers with fsGroupPolicy File do so for
        // ReadWriteMany claims too), the kubelet would otherwise walk and chown the whole claim on every mount. Also
        // for an fsGroup the platform assigns.
        .withFsGroupChangePolicy("OnRootMismatch")
        .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile();
    return context.build();
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
