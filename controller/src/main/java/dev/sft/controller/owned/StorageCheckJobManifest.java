package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.List;
import java.util.Map;

/**
 * A short Job per run that checks, before the harness starts, that the pods' user can create and rename a file
 * under the shared mount path: {@code fsGroup} does not make every ReadWriteMany volume writable (a CSI driver applies
 * it only when its {@code fsGroupPolicy} says so: {@code File} for every volume, e.g. csi-driver-nfs with its fsGroup
 * feature on, while the default {@code ReadWriteOnceWithFSType} covers ReadWriteOnce volumes with an fsType only; EFS
 * without an access point and NFS exports without it are often root-owned 0755). It runs in the Spark image with the very pod template the workers and the harness use, and on
 * failure its termination message says who could not write where, for {@code SharedStorageNotWritable}.
 */
public final class StorageCheckJobManifest {
  /** The probe's folder under the mount path; the check removes its own file, nothing else. */
  static final String PROBE_PREFIX = ".sft-storage-check-";
  static final String MOUNT_ENV = "SFT_MOUNT_PATH";

  /**
   * POSIX sh with mv, rm, id and ls (coreutils): write a temporary file, rename it (what the harness's markers and
   * Iceberg's commits do), remove it. On failure the first error line and the folder's owner and mode go to the
   * termination message.
   */
  static final String SCRIPT = String.join("\n",
      "probe=\"$" + MOUNT_ENV + "/" + PROBE_PREFIX + "$HOSTNAME\"",
      "if ( : > \"$probe.tmp\" && mv \"$probe.tmp\" \"$probe\" && rm -f \"$probe\" ) 2>/tmp/sft-check.err; then",
      "  echo \"uid $(id -u) gid $(id -g) can create and rename files in $" + MOUNT_ENV + "\"",
      "  exit 0",
      "fi",
      "echo \"uid $(id -u) (groups $(id -G)) cannot create and rename a file in $" + MOUNT_ENV + ": "
          + "$(head -n 1 /tmp/sft-check.err); the folder is $(ls -ldn \"$" + MOUNT_ENV + "\")\" "
          + "| tee /dev/termination-log >&2",
      "exit 1");

  private StorageCheckJobManifest() {}

  public static Job desired(SchedulerFailureTest test, ResolvedSpec spec, PodSecurity security, String jobName,
      String runId) {
    Map<String, String> labels = Names.componentLabels(test, Names.STORAGE_CHECK);
    labels.put(Names.RUN_ID_LABEL, runId);
    var container = new ContainerBuilder()
        .withName(Names.STORAGE_CHECK_CONTAINER)
        .withImage(spec.sparkImage())
        .withCommand(List.of("sh", "-c", SCRIPT))
        .withEnv(new EnvVar(MOUNT_ENV, spec.mountPath(), null))
        .withTerminationMessagePolicy("FallbackToLogsOnError")
        .withResources(PodResources.storageCheck())
        .build();
    return new JobBuilder()
        .withNewMetadata().withName(jobName).withLabels(labels).endMetadata()
        .withNewSpec()
          .withBackoffLimit(0)
          // Bounded like the rest of the cluster's start: a claim that never binds leaves the pod Pending.
          .withActiveDeadlineSeconds((long) spec.readyTimeoutSeconds())
          .withNewTemplate()
            .withNewMetadata().withLabels(labels).endMetadata()
            .withSpec(SparkPods.pod(test, spec, security, container, true).withRestartPolicy("Never").build())
          .endTemplate()
        .endSpec()
        .build();
  }
}
