package dev.sft.controller.owned;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.Names;
import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestSpec.PullPolicy;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every pod gets from the spec beyond its own command: registry access, the launcher's environment and heaps,
 * the harness's own deadline, the claim's access modes, and the storage check.
 */
class PodSettingsTest {
  private static final PodSecurity SECURITY = RenderedPods.SECURITY;
  final SchedulerFailureTest test = TestResources.valid("ns1", "t1");

  @Test
  void pullSecretsAndPolicyReachEveryPodAndTheHarnessServiceAccount() {
    test.getSpec().imagePullSecrets = List.of(new LocalObjectReference("registry-credentials"));
    test.getSpec().imagePullPolicy = PullPolicy.Always;
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    assertThat(RenderedPods.all(test, spec)).hasSize(4).allSatisfy(pod -> {
      assertThat(pod.getImagePullSecrets()).extracting(LocalObjectReference::getName)
          .containsExactly("registry-credentials");
      assertThat(pod.getContainers()).allSatisfy(c -> assertThat(c.getImagePullPolicy()).isEqualTo("Always"));
    });
    assertThat(new HarnessServiceAccount().desired(test, spec).getImagePullSecrets())
        .extracting(LocalObjectReference::getName).containsExactly("registry-credentials");
  }

  @Test
  void withoutThemKubernetesDefaultsApply() {
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    assertThat(RenderedPods.all(test, spec)).allSatisfy(pod -> {
      assertThat(pod.getImagePullSecrets()).isNullOrEmpty();
      assertThat(pod.getContainers()).allSatisfy(c -> assertThat(c.getImagePullPolicy()).isNull());
    });
  }

  @Test
  void theHarnessJobSetsTheLauncherEnvironmentItselfWithExplicitHeapsAndItsOwnDeadline() {
    test.getSpec().harness.resources = new ResourceRequirementsBuilder()
        .addToLimits("memory", new Quantity("2Gi")).build();
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    DriverRun run = HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", false,
        List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS));
    Job job = HarnessJobManifest.desired(test, spec, SECURITY, "t1-r1-loss", run);
    Container harness = job.getSpec().getTemplate().getSpec().getContainers().get(0);
    // Not from the image's ENV: another image with the same layout works.
    assertThat(RenderedPods.env(harness, "SFT_SPARK_HOME")).isEqualTo("/opt/spark");
    assertThat(RenderedPods.env(harness, "SFT_LAUNCHER")).isEqualTo("/opt/sft/bin/sft");
    assertThat(RenderedPods.env(harness, "SPARK_HOME")).isEqualTo("/opt/spark");
    assertThat(RenderedPods.env(harness, "SPARK_SCALA_VERSION")).isEqualTo("2.13");
    // 2048Mi - 384Mi driver overhead - 128Mi kill heap - 128Mi kill overhead.
    assertThat(RenderedPods.env(harness, "SFT_DRIVER_HEAP")).isEqualTo("1408m");
    assertThat(RenderedPods.env(harness, "SFT_KILL_HEAP")).isEqualTo("128m");
    // Job: 300 + 4 x 180 x 2 = 1740 s; the harness stops starting scenarios one scenario bound (720 s) plus 120 s
    // earlier, so the repetition still running and the report fit.
    assertThat(job.getSpec().getActiveDeadlineSeconds()).isEqualTo(1740L);
    assertThat(RenderedPods.env(harness, "SFT_DEADLINE_SECONDS")).isEqualTo("900");
  }

  @Test
  void eachDriverRunCarriesThePinsOfItsOwnScenarios() {
    test.getSpec().pin = List.of("loser-abort-interrupted");
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    DriverRun speculation = HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    DriverRun loss = HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", false,
        List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS));
    assertThat(speculation.pins()).containsExactly(dev.sft.contract.Pin.LOSER_ABORT_INTERRUPTED);
    assertThat(speculation.arguments()).containsSubsequence("--pin", "loser-abort-interrupted");
    assertThat(loss.pins()).isEmpty();
    assertThat(loss.arguments()).doesNotContain("--pin");
  }

  @Test
  void withoutAMemoryLimitTheDriverHeapIsStillExplicit() {
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    DriverRun run = HarnessJobManifest.driverRun(test, spec, "t1-r1-abcd", true,
        List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    Container harness = HarnessJobManifest.desired(test, spec, SECURITY, "t1-r1-spec", run).getSpec().getTemplate()
        .getSpec().getContainers().get(0);
    assertThat(RenderedPods.env(harness, "SFT_DRIVER_HEAP")).isEqualTo("1024m");
    assertThat(RenderedPods.env(harness, "SFT_DEADLINE_SECONDS")).isEqualTo("180");
  }

  @Test
  void theGeneratedClaimGoesWithItsTestOnlyWhenEveryOutcomeDeletesIt() {
    var claim = new SharedClaim();
    for (var onSuccess : CleanupPolicy.values()) {
      for (var onFailure : CleanupPolicy.values()) {
        test.getSpec().cleanup = new SchedulerFailureTestSpec.Cleanup();
        test.getSpec().cleanup.onSuccess = onSuccess;
        test.getSpec().cleanup.onFailure = onFailure;
        assertThat(claim.deletedWithTest(ResolvedSpec.of(test.getSpec()))).as(onSuccess + "/" + onFailure)
            .isEqualTo(onSuccess == CleanupPolicy.DeleteAll && onFailure == CleanupPolicy.DeleteAll);
      }
    }
    assertThat(claim.desired(test, ResolvedSpec.of(test.getSpec())).getMetadata().getLabels())
        .containsEntry(Names.EVIDENCE_LABEL, "true");
    assertThat(new WorkerStatefulSet(SECURITY, 0).deletedWithTest(ResolvedSpec.of(test.getSpec()))).isTrue();
  }

  @Test
  void theClaimIsReadWriteManyUnlessTheTemplateNamesItsModes() {
    assertThat(new SharedClaim().desired(test, ResolvedSpec.of(test.getSpec())).getSpec().getAccessModes())
        .containsExactly("ReadWriteMany");
    test.getSpec().storage.claimTemplate.accessModes = List.of("ReadWriteOnce");
    assertThat(new SharedClaim().desired(test, ResolvedSpec.of(test.getSpec())).getSpec().getAccessModes())
        .containsExactly("ReadWriteOnce");
  }

  @Test
  void theStorageCheckCreatesAndRenamesAFileAsThePodsUserOnTheSharedMount() {
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    Job check = StorageCheckJobManifest.desired(test, spec, SECURITY, "t1-r1-storage", "t1-r1-abcd");
    assertThat(check.getSpec().getBackoffLimit()).isZero();
    assertThat(check.getSpec().getActiveDeadlineSeconds()).isEqualTo(600L);
    assertThat(check.getMetadata().getLabels()).containsEntry(Names.COMPONENT_LABEL, Names.STORAGE_CHECK)
        .containsEntry(Names.RUN_ID_LABEL, "t1-r1-abcd");
    PodSpec pod = check.getSpec().getTemplate().getSpec();
    Container worker = new WorkerStatefulSet(SECURITY, 0).desired(test, spec).getSpec().getTemplate().getSpec()
        .getContainers().get(0);
    // The same user, groups and mount as the workers that write the evidence.
    assertThat(pod.getSecurityContext())
        .isEqualTo(new WorkerStatefulSet(SECURITY, 0).desired(test, spec).getSpec()
        .getTemplate().getSpec().getSecurityContext());
    Container container = pod.getContainers().get(0);
    assertThat(container.getImage()).isEqualTo(worker.getImage());
    assertThat(container.getVolumeMounts()).anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/shared/sft"));
    assertThat(container.getCommand()).first().isEqualTo("sh");
    assertThat(container.getCommand().get(2)).contains(": > \"$probe.tmp\"", "mv \"$probe.tmp\" \"$probe\"",
        "/dev/termination-log");
    assertThat(RenderedPods.env(container, "SFT_MOUNT_PATH")).isEqualTo("/shared/sft");
  }
}
