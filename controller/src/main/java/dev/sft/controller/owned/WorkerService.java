package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;

/** Headless Service governing a Spark cluster's worker StatefulSet, so each worker pod has a stable DNS name. */
public final class WorkerService implements OwnedResource<Service> {
  /** The index of the Spark cluster this object belongs to ({@code spec.parallelism}); 0 for a single cluster. */
  private final int cluster;

  public WorkerService(int cluster) {
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
  public Class<Service> type() {
    return Service.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.worker(test, cluster);
  }

  @Override
  public Service desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new ServiceBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.WORKER)).endMetadata()
        .withNewSpec()
          .withClusterIP("None")
          .withPublishNotReadyAddresses(true)
          .withSelector(Names.clusterSelector(test, Names.WORKER, cluster, spec.parallelism() > 1))
          .addNewPort().withName("http").withPort(ImagePorts.WORKER_UI_PORT).endPort()
        .endSpec()
        .build();
  }
}
