package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.contract.ImageClassData;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.spark.ImageLayout;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What the master, worker and harness pods share: security, placement, mounts and the Spark environment. */
final class SparkPods {
  static final String SHARED_VOLUME = "shared";
  static final String SCRATCH_VOLUME = "scratch";

  /**
   * On master, worker and harness pods: cluster-autoscaler and Karpenter leave a node with such a pod alone instead
   * of draining it to save cost, which would take a "host" or the driver away mid-scenario.
   */
  static final Map<String, String> DO_NOT_DISRUPT = Map.of(
      "cluster-autoscaler.kubernetes.io/safe-to-evict", "false",
      "karpenter.sh/do-not-disrupt", "true");

  private SparkPods() {}

  /** The annotations of a protected pod, in a fixed order (the template's hash must not vary). */
  static Map<String, String> doNotDisrupt() {
    return new TreeMap<>(DO_NOT_DISRUPT);
  }

  /**
   * The common pod template: Pod Security "restricted" for pod and container, the spec's pull secrets and pull
   * policy, node selector and tolerations, no service-account token, and the scratch volume (plus the shared volume, mounted at the same path
   * in every pod that has it). Callers add what is their own (affinity, restart policy, service account).
   *
   * @param withShared whether this pod mounts the shared volume (workers and harness do, the master does not)
   */
  static PodSpecBuilder pod(SchedulerFailureTest test, ResolvedSpec spec, PodSecurity security, Container container,
      boolean withShared) {
    List<VolumeMount> mounts = new ArrayList<>();
    List<Volume> volumes = new ArrayList<>();
    if (withShared) {
      mounts.add(new VolumeMountBuilder().withName(SHARED_VOLUME).withMountPath(spec.mountPath()).build());
      volumes.add(new VolumeBuilder().withName(SHARED_VOLUME)
          .withNewPersistentVolumeClaim().withClaimName(SharedClaim.claimName(test, spec))
          .endPersistentVolumeClaim().build());
    }
    mounts.add(new VolumeMountBuilder().withName(SCRATCH_VOLUME).withMountPath(ImageLayout.SCRATCH_DIR).build());
    volumes.add(new VolumeBuilder().withName(SCRATCH_VOLUME).withNewEmptyDir().endEmptyDir().build());
    return new PodSpecBuilder()
        .withImagePullSecrets(spec.imagePullSecrets().isEmpty() ? null : spec.imagePullSecrets())
        .withSecurityContext(security.restrictedPod())
        .withAutomountServiceAccountToken(false)
        .withNodeSelector(spec.nodeSelector().isEmpty() ? null : spec.nodeSelector())
        .withTolerations(spec.tolerations())
        .addToContainers(new ContainerBuilder(container)
            .withImagePullPolicy(spec.imagePullPolicy())
            .withSecurityContext(PodSecurity.restrictedContainer())
            .withVolumeMounts(mounts)
            .build())
        .withVolumes(volumes);
  }

  /**
   * Each Spark process advertises its own pod IP, so the scheduler sees one distinct host per pod; Kubernetes
   * expands {@code $(POD_IP)} in later env values and in args.
   */
  static List<EnvVar> sparkEnv() {
    List<EnvVar> env = new ArrayList<>();
    env.add(new EnvVarBuilder().withName("POD_IP")
        .withNewValueFrom().withNewFieldRef().withFieldPath("status.podIP").endFieldRef().endValueFrom().build());
    env.add(new EnvVar("SPARK_LOCAL_IP", "$(POD_IP)", null));
    env.add(new EnvVar("SPARK_HOME", ImageLayout.SPARK_HOME, null));
    env.add(new EnvVar("SPARK_SCALA_VERSION", ImageLayout.SPARK_SCALA_VERSION, null));
    env.add(new EnvVar("SPARK_LOCAL_DIRS", ImageLayout.SPARK_LOCAL_DIRS, null));
    // Whatever UID the platform assigns: Spark and Hadoop take the user's name from here, not from the OS, and
    // nothing writes to a home folder outside the scratch volume.
    env.add(new EnvVar("SPARK_USER", ImageLayout.USER_NAME, null));
    env.add(new EnvVar("HADOOP_USER_NAME", ImageLayout.USER_NAME, null));
    env.add(new EnvVar("HOME", ImageLayout.SCRATCH_DIR, null));
    return env;
  }

  /** The command, started once the pod's UID has a passwd entry ({@link ImageLayout#PASSWD_ENTRY_SCRIPT}). */
  static List<String> withPasswdEntry(List<String> command) {
    List<String> wrapped = new ArrayList<>(List.of("sh", "-c", ImageLayout.PASSWD_ENTRY_SCRIPT, "sft-user"));
    wrapped.addAll(command);
    return wrapped;
  }

  /** The command, started once the master's port answers ({@link ImageLayout#MASTER_WAIT_SCRIPT}). */
  static List<String> afterMaster(String masterHost, List<String> command) {
    List<String> wrapped = new ArrayList<>(List.of("sh", "-c", ImageLayout.MASTER_WAIT_SCRIPT, "sft-await-master",
        masterHost, String.valueOf(ImagePorts.MASTER_PORT)));
    wrapped.addAll(command);
    return wrapped;
  }

  /**
   * {@code java <daemon flags> -cp /opt/spark/jars/* <main class>}: Maven-built images have no sbin scripts. Started
   * through {@link ImageLayout#CLASS_DATA_SCRIPT}, so an image with a class-data archive starts it from there.
   */
  static List<String> daemonCommand(String mainClass, String... ownFlags) {
    List<String> command = new ArrayList<>(List.of("sh", "-c", ImageLayout.CLASS_DATA_SCRIPT, "sft-class-data",
        ImageClassData.ARCHIVE, ImageClassData.CLASS_PATH, "java", ImageLayout.DAEMON_HEAP, "-XX:+UseSerialGC"));
    command.addAll(List.of(ImageLayout.SPARK_DAEMON_FLAGS));
    command.addAll(List.of(ownFlags));
    command.addAll(List.of("-cp", ImageLayout.SPARK_CLASSPATH, mainClass));
    return command;
  }
}
