package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;

/** Headless Service governing the worker StatefulSet, so each worker pod has a stable DNS name. */
public final class WorkerService implements OwnedResource<Service> {

  @Override
  public Class<Service> type() {
    return Service.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.worker(test);
  }

  @Override
  public Service desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new ServiceBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.WORKER)).endMetadata()
        .withNewSpec()
          .withClusterIP("None")
          .withPublishNotReadyAddresses(true)
          .withSelector(Names.componentSelector(test, Names.WORKER))
          .addNewPort().withName("http").withPort(ImagePorts.WORKER_UI_PORT).endPort()
        .endSpec()
        .build();
  }
}
