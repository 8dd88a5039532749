package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;

/** Headless Service giving the master a stable DNS name: {@code <name>-master.<namespace>.svc}. */
public final class MasterService implements OwnedResource<Service> {

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
          .addNewPort().withName("spark").withPort(ImagePorts.MASTER_PORT).endPort()
          .addNewPort().withName("http").withPort(ImagePorts.MASTER_UI_PORT).endPort()
        .endSpec()
        .build();
  }
}
