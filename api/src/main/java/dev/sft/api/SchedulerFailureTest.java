package dev.sft.api;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * One scheduler-failure test: a Spark Standalone cluster, the harness Jobs that run the scenarios on it, and the
 * verdicts they produced. The CRD in {@code crds/} is generated from this class and the spec/status it names.
 */
@Group(SchedulerFailureTest.GROUP)
@Version(SchedulerFailureTest.VERSION)
@ShortNames("sft")
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
@ValidationRule(value = SpecDefaults.NAME_PATTERN_RULE, message = SpecDefaults.NAME_PATTERN_MESSAGE)
@ValidationRule(value = SpecDefaults.NAME_LENGTH_RULE, message = SpecDefaults.NAME_LENGTH_MESSAGE)
public class SchedulerFailureTest extends CustomResource<SchedulerFailureTestSpec, SchedulerFailureTestStatus>
    implements Namespaced {
  public static final String GROUP = "sft.dev";
  public static final String VERSION = "v1alpha1";
}
