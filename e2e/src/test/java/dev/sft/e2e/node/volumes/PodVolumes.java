package dev.sft.e2e.node.volumes;

import dev.sft.e2e.node.NodeConfig;
import dev.sft.e2e.node.PodEnvironment;
import dev.sft.e2e.node.PodStartBlocked;
import dev.sft.e2e.node.runtime.Mount;
import dev.sft.e2e.storage.ClaimFolders;
import dev.sft.e2e.storage.ClaimStorage;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pod's volumes as host folders: a claim is its {@link ClaimFolders} folder, {@code emptyDir} a folder of the pod's
 * own, a config map or secret its keys written as files (once, at start: later changes are not propagated). The pod's
 * fsGroup is applied as the kubelet applies it ({@link VolumeOwnership}) to emptyDir, config map and secret volumes,
 * and to claims whose driver takes it ({@link ClaimStorage}). Plus what a kubelet adds: the service account's token,
 * CA and namespace, and a termination-message file per container. Other volume types are refused with a clear
 * reason.
 */
public final class PodVolumes {
  public static final String SERVICE_ACCOUNT_PATH = "/var/run/secrets/kubernetes.io/serviceaccount";
  static final String DEFAULT_TERMINATION_PATH = "/dev/termination-log";

  private final KubernetesClient client;
  private final NodeConfig config;
  private final PodEnvironment lookups;

  public PodVolumes(KubernetesClient client, NodeConfig config) {
    this.client = client;
    this.config = config;
    this.lookups = new PodEnvironment(client, config);
  }

  public static Path terminationFile(Path podDir, String container) {
    return podDir.resolve("termination").resolve(container);
  }

  public List<Mount> prepare(Pod pod, Container container, Path podDir) {
    String ns = pod.getMetadata().getNamespace();
    Map<String, Volume> volumes = new LinkedHashMap<>();
    if (pod.getSpec().getVolumes() != null) {
      pod.getSpec().getVolumes().forEach(v -> volumes.put(v.getName(), v));
    }
    List<Mount> mounts = new ArrayList<>();
    List<VolumeMount> volumeMounts = container.getVolumeMounts() == null ? List.of() : container.getVolumeMounts();
    for (VolumeMount mount : volumeMounts) {
      Volume volume = volumes.get(mount.getName());
      if (volume == null) {
        throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "volumeMount " + mount.getName() + " names no volume");
      }
      Path source = source(pod, volume, podDir.resolve("volumes").resolve(volume.getName()), ns);
      if (mount.getSubPath() != null && !mount.getSubPath().isEmpty()) {
        source = source.resolve(mount.getSubPath());
        directory(source);
      }
      boolean readOnly = Boolean.TRUE.equals(mount.getReadOnly()) || volume.getConfigMap() != null
          || volume.getSecret() != null || (volume.getPersistentVolumeClaim() != null
              && Boolean.TRUE.equals(volume.getPersistentVolumeClaim().getReadOnly()));
      mounts.add(new Mount(source, mount.getMountPath(), readOnly));
    }
    if (automountsToken(pod) && config.tokens() != null
        && volumeMounts.stream().noneMatch(m -> SERVICE_ACCOUNT_PATH.equals(m.getMountPath()))) {
      mounts.add(new Mount(serviceAccountFiles(pod, podDir.resolve("serviceaccount")), SERVICE_ACCOUNT_PATH, true));
    }
    Path termination = terminationFile(podDir, container.getName());
    file(termination, new byte[0], "rw-rw-rw-");
    String terminationPath = container.getTerminationMessagePath() == null ? DEFAULT_TERMINATION_PATH
        : container.getTerminationMessagePath();
    mounts.add(new Mount(termination, terminationPath, false));
    return mounts;
  }

  /**
   * As Kubernetes' ServiceAccount admission decides: the pod's automountServiceAccountToken, or when the pod leaves it
   * unset, its service account's; mounted unless one of them says false.
   */
  private boolean automountsToken(Pod pod) {
    Boolean ofPod = pod.getSpec().getAutomountServiceAccountToken();
    if (ofPod != null) {
      return ofPod;
    }
    ServiceAccount account = client.serviceAccounts().inNamespace(pod.getMetadata().getNamespace())
        .withName(PodEnvironment.serviceAccount(pod)).get();
    return account == null || !Boolean.FALSE.equals(account.getAutomountServiceAccountToken());
  }

  private Path source(Pod pod, Volume volume, Path own, String ns) {
    if (volume.getPersistentVolumeClaim() != null) {
      String claim = volume.getPersistentVolumeClaim().getClaimName();
      PersistentVolumeClaim pvc = client.persistentVolumeClaims().inNamespace(ns).withName(claim).get();
      if (pvc == null) {
        throw new PodStartBlocked(PodStartBlocked.UNSCHEDULABLE, "persistentvolumeclaim \"" + claim + "\" not found");
      }
      if (pvc.getStatus() == null || !"Bound".equals(pvc.getStatus().getPhase())) {
        throw new PodStartBlocked(PodStartBlocked.UNSCHEDULABLE, "pod has unbound immediate PersistentVolumeClaims");
      }
      Path dir = ClaimFolders.of(config.stateDir(), ns, claim);
      ClaimStorage storage = ClaimStorage.of(client, pvc);
      ClaimFolders.provision(dir, storage.folderMode()); // bound elsewhere than by the claim binder: provisioned now
      if (storage.fsGroupApplies()) {
        fsGroup(pod, dir, Boolean.TRUE.equals(volume.getPersistentVolumeClaim().getReadOnly()));
      }
      return dir;
    }
    if (volume.getEmptyDir() != null) {
      directory(own);
      fsGroup(pod, own, false);
      return own;
    }
    if (volume.getConfigMap() != null) {
      ConfigMap map = lookups.configMap(ns, volume.getConfigMap().getName(), volume.getConfigMap().getOptional());
      Map<String, byte[]> data = new LinkedHashMap<>();
      if (map != null && map.getData() != null) {
        map.getData().forEach((k, v) -> data.put(k, v.getBytes(StandardCharsets.UTF_8)));
      }
      if (map != null && map.getBinaryData() != null) {
        map.getBinaryData().forEach((k, v) -> data.put(k, java.util.Base64.getDecoder().decode(v)));
      }
      return fsGroup(pod, keyFiles(own, data, volume.getConfigMap().getItems()), true);
    }
    if (volume.getSecret() != null) {
      Secret secret = lookups.secret(ns, volume.getSecret().getSecretName(), volume.getSecret().getOptional());
      Map<String, byte[]> data = secret == null ? Map.of() : PodEnvironment.secretData(secret);
      return fsGroup(pod, keyFiles(own, data, volume.getSecret().getItems()), true);
    }
    throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "volume " + volume.getName()
        + ": the simulated kubelet supports persistentVolumeClaim, emptyDir, configMap and secret volumes only");
  }

  /** The pod's fsGroup on a volume it mounts, as the kubelet applies it when it sets the volume up. */
  private static Path fsGroup(Pod pod, Path dir, boolean readOnly) {
    var context = pod.getSpec().getSecurityContext();
    if (context != null && context.getFsGroup() != null) {
      VolumeOwnership.apply(dir, context.getFsGroup(), context.getFsGroupChangePolicy(), readOnly);
    }
    return dir;
  }

  private Path keyFiles(Path dir, Map<String, byte[]> data, List<KeyToPath> items) {
    directory(dir);
    if (items == null || items.isEmpty()) {
      data.forEach((key, value) -> file(dir.resolve(key), value, "rw-r--r--"));
    } else {
      for (KeyToPath item : items) {
        byte[] value = data.get(item.getKey());
        if (value == null) {
          throw new PodStartBlocked(PodStartBlocked.CONFIG_ERROR, "no key " + item.getKey() + " for volume " + dir);
        }
        file(dir.resolve(item.getPath()), value, "rw-r--r--");
      }
    }
    return dir;
  }

  private Path serviceAccountFiles(Pod pod, Path dir) {
    directory(dir);
    String ns = pod.getMetadata().getNamespace();
    file(dir.resolve("token"), config.tokens().token(ns, PodEnvironment.serviceAccount(pod))
        .getBytes(StandardCharsets.UTF_8), "rw-r--r--");
    file(dir.resolve("namespace"), ns.getBytes(StandardCharsets.UTF_8), "rw-r--r--");
    if (config.caPem() != null) {
      file(dir.resolve("ca.crt"), config.caPem().getBytes(StandardCharsets.UTF_8), "rw-r--r--");
    }
    return dir;
  }

  /** World-writable, as an emptyDir is. */
  static void directory(Path dir) {
    try {
      Files.createDirectories(dir);
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
  }

  private static void file(Path file, byte[] content, String permissions) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, content);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
