package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import java.util.ArrayList;
import java.util.List;

/** A Spark Standalone master: one pod running {@code org.apache.spark.deploy.master.Master}; one per cluster. */
public final class MasterStatefulSet implements OwnedResource<StatefulSet> {
  static final String MAIN_CLASS = "org.apache.spark.deploy.master.Master";

  private final PodSecurity security;
  /** The index of the Spark cluster this object belongs to ({@code spec.parallelism}); 0 for a single cluster. */
  private final int cluster;

  public MasterStatefulSet(PodSecurity security, int cluster) {
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
    return Names.master(test, cluster);
  }

  @Override
  public StatefulSet desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new StatefulSetBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.MASTER)).endMetadata()
        .withNewSpec()
          .withReplicas(1)
          .withServiceName(name(test))
          .withPodManagementPolicy("Parallel")
          .withNewSelector().withMatchLabels(Names.statefulSetSelector(test, Names.MASTER, cluster)).endSelector()
          .withNewTemplate()
            .withNewMetadata().withLabels(Names.clusterLabels(test, Names.MASTER, cluster, spec.parallelism() > 1))
              .withAnnotations(SparkPods.doNotDisrupt()).endMetadata()
            .withSpec(SparkPods.pod(test, spec, security, container(spec), false).build())
          .endTemplate()
        .endSpec()
        .build();
  }

  private static Container container(ResolvedSpec spec) {
    List<String> command = new ArrayList<>(SparkPods.daemonCommand(MAIN_CLASS));
    command.addAll(List.of("--host", "$(POD_IP)", "--port", String.valueOf(ImagePorts.MASTER_PORT),
        "--webui-port", String.valueOf(ImagePorts.MASTER_UI_PORT)));
    return new ContainerBuilder()
        .withName(Names.SPARK_CONTAINER)
        .withImage(spec.sparkImage())
        .withCommand(SparkPods.withPasswdEntry(command))
        .withEnv(SparkPods.sparkEnv())
        .addNewPort().withName("spark").withContainerPort(ImagePorts.MASTER_PORT).endPort()
        .addNewPort().withName("http").withContainerPort(ImagePorts.MASTER_UI_PORT).endPort()
        .withNewReadinessProbe()
          .withNewTcpSocket().withNewPort(ImagePorts.MASTER_PORT).endTcpSocket()
          // Readiness wakes the controller (through the StatefulSet); Kubernetes' shortest period, a TCP connect.
          .withPeriodSeconds(1)
        .endReadinessProbe()
        .withResources(PodResources.master())
        .build();
  }
}
