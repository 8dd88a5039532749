package dev.sft.controller.owned;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.List;
import java.util.stream.Stream;

/** The pod specs the controller renders for one test, for the unit tests that check every pod alike. */
final class RenderedPods {
  /** The operator's default settings: the images' user 185. */
  static final PodSecurity SECURITY = PodSecurity.of(185L, 185L, 185L);

  private RenderedPods() {}

  /** Master, worker, harness Job and storage-check Job pods, in that order. */
  static List<PodSpec> all(SchedulerFailureTest test, ResolvedSpec spec) {
    DriverRun run = HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    return Stream.of(
        new MasterStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate().getSpec(),
        new WorkerStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate().getSpec(),
        HarnessJobManifest.desired(test, spec, SECURITY, "t1-r1-spec", run).getSpec().getTemplate().getSpec(),
        StorageCheckJobManifest.desired(test, spec, SECURITY, "t1-r1-storage", "t1-r1-abcd").getSpec().getTemplate()
            .getSpec()).toList();
  }

  /** The value of a container's env entry, or null when it has none. */
  static String env(Container c, String name) {
    return c.getEnv().stream().filter(e -> e.getName().equals(name)).map(EnvVar::getValue).findFirst().orElse(null);
  }
}
