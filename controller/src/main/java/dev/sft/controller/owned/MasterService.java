package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;

/**
 * Headless Service giving a Spark cluster's master a stable DNS name: {@code <name>-master.<namespace>.svc} (cluster
 * {@code k} of several: {@link Names#master(SchedulerFailureTest, int)}).
 */
public final class MasterService implements OwnedResource<Service> {
  /** The index of the Spark cluster this object belongs to ({@code spec.parallelism}); 0 for a single cluster. */
  private final int cluster;

  public MasterService(int cluster) {
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
    return Names.master(test, cluster);
  }

  @Override
  public Service desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new ServiceBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.MASTER)).endMetadata()
        .withNewSpec()
          .withClusterIP("None")
          // Spark processes must find each other before readiness probes pass.
          .withPublishNotReadyAddresses(true)
          .withSelector(Names.clusterSelector(test, Names.MASTER, cluster, spec.parallelism() > 1))
          .addNewPort().withName("spark").withPort(ImagePorts.MASTER_PORT).endPort()
          .addNewPort().withName("http").withPort(ImagePorts.MASTER_UI_PORT).endPort()
        .endSpec()
        .build();
  }
}
