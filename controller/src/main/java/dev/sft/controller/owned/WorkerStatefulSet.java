package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.WorkerAntiAffinity;
import dev.sft.controller.spark.ImageLayout;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * The Spark Standalone workers: {@code workers} pods, each running {@code org.apache.spark.deploy.worker.Worker}
 * on its own pod IP and mounting the shared volume at the same path as the harness.
 */
public final class WorkerStatefulSet implements OwnedResource<StatefulSet> {
  static final String MAIN_CLASS = "org.apache.spark.deploy.worker.Worker";

  private final PodSecurity security;

  public WorkerStatefulSet(PodSecurity security) {
    this.security = security;
  }

  @Override
  public Class<StatefulSet> type() {
    return StatefulSet.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.worker(test);
  }

  @Override
  public StatefulSet desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new StatefulSetBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.WORKER)).endMetadata()
        .withNewSpec()
          .withReplicas(spec.workers())
          .withServiceName(Names.worker(test))
          .withPodManagementPolicy("Parallel")
          .withNewSelector().withMatchLabels(Names.componentSelector(test, Names.WORKER)).endSelector()
          .withNewTemplate()
            .withNewMetadata().withLabels(Names.componentLabels(test, Names.WORKER))
              .withAnnotations(SparkPods.doNotDisrupt()).endMetadata()
            .withSpec(SparkPods.pod(test, spec, security, container(test, spec), true)
                .withAffinity(antiAffinity(test, spec.workerAntiAffinity())).build())
          .endTemplate()
        .endSpec()
        .build();
  }

  private static Container container(SchedulerFailureTest test, ResolvedSpec spec) {
    // A replaced master pod has a new IP: reconnect through the Service name, not the address the old master gave.
    List<String> command = new ArrayList<>(SparkPods.daemonCommand(MAIN_CLASS,
        "-Dspark.worker.preferConfiguredMasterAddress=true"));
    command.addAll(List.of("--host", "$(POD_IP)",
        "--cores", String.valueOf(spec.coresPerWorker()),
        "--memory", spec.workerMemory(),
        "--webui-port", String.valueOf(ImagePorts.WORKER_UI_PORT),
        "--work-dir", ImageLayout.WORKER_WORK_DIR,
        Names.masterUrl(test)));
    return new ContainerBuilder()
        .withName(Names.SPARK_CONTAINER)
        .withImage(spec.sparkImage())
        .withCommand(SparkPods.withPasswdEntry(
            SparkPods.afterMaster(Names.masterHost(test), command)))
        .withEnv(SparkPods.sparkEnv())
        .addNewPort().withName("http").withContainerPort(ImagePorts.WORKER_UI_PORT).endPort()
        .withNewReadinessProbe()
          .withNewTcpSocket().withNewPort(ImagePorts.WORKER_UI_PORT).endTcpSocket()
          .withPeriodSeconds(2)
        .endReadinessProbe()
        .withResources(PodResources.worker(spec))
        .build();
  }

  /** Spreads workers over nodes, so a node failure does not take every "host" at once. */
  static Affinity antiAffinity(SchedulerFailureTest test, WorkerAntiAffinity mode) {
    if (mode == WorkerAntiAffinity.None) {
      return null;
    }
    PodAffinityTerm term = new PodAffinityTermBuilder()
        .withNewLabelSelector().withMatchLabels(Names.componentSelector(test, Names.WORKER)).endLabelSelector()
        .withTopologyKey("kubernetes.io/hostname")
        .build();
    if (mode == WorkerAntiAffinity.Required) {
      return new AffinityBuilder().withNewPodAntiAffinity()
          .withRequiredDuringSchedulingIgnoredDuringExecution(term).endPodAntiAffinity().build();
    }
    return new AffinityBuilder().withNewPodAntiAffinity()
        .addNewPreferredDuringSchedulingIgnoredDuringExecution().withWeight(100).withPodAffinityTerm(term)
        .endPreferredDuringSchedulingIgnoredDuringExecution()
        .endPodAntiAffinity().build();
  }
}
