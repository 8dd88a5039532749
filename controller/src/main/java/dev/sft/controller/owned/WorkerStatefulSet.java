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
  /** The index of the Spark cluster this object belongs to ({@code spec.parallelism}); 0 for a single cluster. */
  private final int cluster;

  public WorkerStatefulSet(PodSecurity security, int cluster) {
    this.security = security;
    this.cluster = cluster;
  }

  @Override
  public boolean isOwned(ResolvedSpec spec) {
    return spec.runsCluster(cluster);
  }

  @Override
  public boolean isLeftOver(ResolvedSpec spec) {
    return !spec.runsCluster(cluster);
  }

  @Override
  public Class<StatefulSet> type() {
    return StatefulSet.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.worker(test, cluster);
  }

  @Override
  public StatefulSet desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new StatefulSetBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.WORKER)).endMetadata()
        .withNewSpec()
          .withReplicas(spec.workers())
          .withServiceName(name(test))
          .withPodManagementPolicy("Parallel")
          .withNewSelector().withMatchLabels(Names.statefulSetSelector(test, Names.WORKER, cluster)).endSelector()
          .withNewTemplate()
            .withNewMetadata().withLabels(Names.clusterLabels(test, Names.WORKER, cluster, spec.parallelism() > 1))
              .withAnnotations(SparkPods.doNotDisrupt()).endMetadata()
            .withSpec(SparkPods.pod(test, spec, security, container(test, spec), true)
                .withAffinity(antiAffinity(Names.clusterSelector(test, Names.WORKER, cluster, spec.parallelism() > 1),
                    spec.workerAntiAffinity())).build())
          .endTemplate()
        .endSpec()
        .build();
  }

  private Container container(SchedulerFailureTest test, ResolvedSpec spec) {
    // A replaced master pod has a new IP: reconnect through the Service name, not the address the old master gave.
    List<String> command = new ArrayList<>(SparkPods.daemonCommand(MAIN_CLASS,
        "-Dspark.worker.preferConfiguredMasterAddress=true"));
    command.addAll(List.of("--host", "$(POD_IP)",
        "--cores", String.valueOf(spec.coresPerWorker()),
        "--memory", spec.workerMemory(),
        "--webui-port", String.valueOf(ImagePorts.WORKER_UI_PORT),
        "--work-dir", ImageLayout.WORKER_WORK_DIR,
        Names.masterUrl(test, cluster)));
    return new ContainerBuilder()
        .withName(Names.SPARK_CONTAINER)
        .withImage(spec.sparkImage())
        .withCommand(SparkPods.withPasswdEntry(
            SparkPods.afterMaster(Names.masterHost(test, cluster), command)))
        .withEnv(SparkPods.sparkEnv())
        .addNewPort().withName("http").withContainerPort(ImagePorts.WORKER_UI_PORT).endPort()
        .withNewReadinessProbe()
          .withNewTcpSocket().withNewPort(ImagePorts.WORKER_UI_PORT).endTcpSocket()
          // Readiness wakes the controller (through the StatefulSet); Kubernetes' shortest period, a TCP connect.
          .withPeriodSeconds(1)
        .endReadinessProbe()
        .withResources(PodResources.worker(spec))
        .build();
  }

  /**
   * Spreads a cluster's workers ({@code workers}, their selector) over nodes, so a node failure does not take every
   * "host" of one cluster at once; clusters of one test may share nodes.
   */
  static Affinity antiAffinity(java.util.Map<String, String> workers, WorkerAntiAffinity mode) {
    if (mode == WorkerAntiAffinity.None) {
      return null;
    }
    PodAffinityTerm term = new PodAffinityTermBuilder()
        .withNewLabelSelector().withMatchLabels(workers).endLabelSelector()
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
