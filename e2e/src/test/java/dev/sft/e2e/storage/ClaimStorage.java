package dev.sft.e2e.storage;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.storage.CSIDriver;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;

/**
 * What a claim's StorageClass and the CSIDriver of its provisioner say about the simulated volume, read as a CSI
 * driver and the kubelet read them:
 * <ul>
 *   <li>the folder's mode from the class parameter {@code mountPermissions} (csi-driver-nfs's name for it, e.g.
 *       {@code "0755"}: a root-owned folder only root may write); absent or {@code "0"}: world-writable, as many
 *       ReadWriteMany provisioners make their volumes;</li>
 *   <li>whether the kubelet applies the pod's fsGroup to it, from the CSIDriver's {@code fsGroupPolicy}: {@code File}
 *       yes, {@code None} no, {@code ReadWriteOnceWithFSType} only for a ReadWriteOnce claim whose class names a
 *       {@code csi.storage.k8s.io/fstype}. Without a CSIDriver object the simulated driver behaves as csi-driver-nfs
 *       ({@code File}).</li>
 * </ul>
 * A claim without {@code storageClassName} uses the class annotated {@code storageclass.kubernetes.io/is-default-class}.
 */
public record ClaimStorage(int folderMode, boolean fsGroupApplies) {
  static final int WORLD_WRITABLE = 0777;

  public static ClaimStorage of(KubernetesClient client, PersistentVolumeClaim claim) {
    StorageClass storageClass = storageClass(client, claim.getSpec() == null ? null
        : claim.getSpec().getStorageClassName());
    if (storageClass == null) {
      return new ClaimStorage(WORLD_WRITABLE, true);
    }
    Map<String, String> parameters = storageClass.getParameters() == null ? Map.of() : storageClass.getParameters();
    int mode = WORLD_WRITABLE;
    String permissions = parameters.get("mountPermissions");
    if (permissions != null && !"0".equals(permissions)) {
      try {
        mode = Integer.parseInt(permissions, 8);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("StorageClass " + storageClass.getMetadata().getName()
            + ": mountPermissions \"" + permissions + "\" is not an octal mode", e);
      }
    }
    CSIDriver driver = storageClass.getProvisioner() == null ? null
        : client.storage().v1().csiDrivers().withName(storageClass.getProvisioner()).get();
    String policy = driver == null ? "File" : driver.getSpec() == null || driver.getSpec().getFsGroupPolicy() == null
        ? "ReadWriteOnceWithFSType" : driver.getSpec().getFsGroupPolicy();
    boolean applies = switch (policy) {
      case "File" -> true;
      case "None" -> false;
      default -> claim.getSpec() != null && List.of("ReadWriteOnce").equals(claim.getSpec().getAccessModes())
          && parameters.get("csi.storage.k8s.io/fstype") != null;
    };
    return new ClaimStorage(mode, applies);
  }

  private static StorageClass storageClass(KubernetesClient client, String name) {
    var classes = client.storage().v1().storageClasses();
    if (name != null && !name.isEmpty()) {
      return classes.withName(name).get();
    }
    return classes.list().getItems().stream().filter(c -> c.getMetadata().getAnnotations() != null
        && "true".equals(c.getMetadata().getAnnotations().get("storageclass.kubernetes.io/is-default-class")))
        .findFirst().orElse(null);
  }
}
