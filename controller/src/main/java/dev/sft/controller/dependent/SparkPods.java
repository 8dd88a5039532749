package dev.sft.controller.dependent;

import dev.sft.controller.api.ResolvedSpec;
import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.spark.ImageLayout;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;

/** Pieces shared by the master, worker and harness pods. */
final class SparkPods {
  static final String SHARED_VOLUME = "shared";
  static final String SCRATCH_VOLUME = "scratch";

  private SparkPods() {}

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
    return env;
  }

  /** {@code java <daemon flags> -cp /opt/spark/jars/* <main class>}: Maven-built images have no sbin scripts. */
  static List<String> daemonCommand(String mainClass) {
    List<String> command = new ArrayList<>(List.of("java", ImageLayout.DAEMON_HEAP, "-XX:+UseSerialGC"));
    command.addAll(List.of(ImageLayout.SPARK_DAEMON_FLAGS));
    command.addAll(List.of("-cp", ImageLayout.SPARK_CLASSPATH, mainClass));
    return command;
  }

  static Volume sharedVolume(SchedulerFailureTest test, ResolvedSpec spec) {
    return new VolumeBuilder().withName(SHARED_VOLUME)
        .withNewPersistentVolumeClaim().withClaimName(SharedClaimDependent.claimName(test, spec))
        .endPersistentVolumeClaim().build();
  }

  static VolumeMount sharedMount(ResolvedSpec spec) {
    return new VolumeMountBuilder().withName(SHARED_VOLUME).withMountPath(spec.mountPath()).build();
  }

  static Volume scratchVolume() {
    return new VolumeBuilder().withName(SCRATCH_VOLUME).withNewEmptyDir().endEmptyDir().build();
  }

  static VolumeMount scratchMount() {
    return new VolumeMountBuilder().withName(SCRATCH_VOLUME).withMountPath(ImageLayout.SCRATCH_DIR).build();
  }
}
