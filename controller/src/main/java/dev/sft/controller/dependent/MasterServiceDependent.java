package dev.sft.controller.dependent;

import dev.sft.controller.api.ResolvedSpec;
import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.spark.ImageLayout;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;

/** Headless Service giving the master a stable DNS name: {@code <name>-master.<namespace>.svc}. */
public final class MasterServiceDependent implements OwnedResource<Service> {

  @Override
  public Class<Service> type() {
    return Service.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.master(test);
  }

  @Override
  public Service desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new ServiceBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.MASTER)).endMetadata()
        .withNewSpec()
          .withClusterIP("None")
          // Spark processes must find each other before readiness probes pass.
          .withPublishNotReadyAddresses(true)
          .withSelector(Names.componentSelector(test, Names.MASTER))
          .addNewPort().withName("spark").withPort(ImageLayout.MASTER_PORT).endPort()
          .addNewPort().withName("http").withPort(ImageLayout.MASTER_UI_PORT).endPort()
        .endSpec()
        .build();
  }
}
