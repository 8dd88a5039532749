package dev.sft.controller.support;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;

/** Builds valid test resources; tests change the one field they are about. */
public final class TestResources {
  private TestResources() {}

  /** Two workers, all four scenarios, a claim from a template, default cleanup. */
  public static SchedulerFailureTest valid(String namespace, String name) {
    SchedulerFailureTest test = new SchedulerFailureTest();
    test.setMetadata(new ObjectMetaBuilder().withNamespace(namespace).withName(name).build());
    SchedulerFailureTestSpec spec = new SchedulerFailureTestSpec();
    spec.spark = new SchedulerFailureTestSpec.Spark();
    spec.spark.image = "registry.example/spark:4.1.3";
    spec.harness = new SchedulerFailureTestSpec.Harness();
    spec.harness.image = "registry.example/sft-harness:0.1.0";
    spec.storage = new SchedulerFailureTestSpec.Storage();
    spec.storage.mountPath = "/shared/sft";
    spec.storage.claimTemplate = new SchedulerFailureTestSpec.ClaimTemplate();
    spec.storage.claimTemplate.size = "5Gi";
    spec.storage.claimTemplate.storageClassName = "nfs";
    test.setSpec(spec);
    return test;
  }
}
