package dev.sft.controller.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.Names;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validator on its own: every violation names its field, and a valid resource has none. */
class SpecValidatorTest {
  @Test
  void aValidResourceHasNoViolation() {
    assertThat(SpecValidator.validate(TestResources.valid("ns1", "t1"))).isEmpty();
  }

  @Test
  void eachBrokenRuleNamesItsField() {
    SchedulerFailureTest test = TestResources.valid("ns1", "x".repeat(46));
    test.getSpec().scenarios = List.of("speculation-original-wins", "nope");
    test.getSpec().repeat = 0;
    test.getSpec().storage.mountPath = "/tmp";
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field)
        .contains("metadata.name", "spec.repeat", "spec.storage.mountPath")
        .anyMatch(field -> field.startsWith("spec.scenarios"));
  }

  @Test
  void aScheduleTheControllerCannotComputeIsRefusedNamingItsField() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().schedule = "0 3 30 2 *";
    test.getSpec().timeZone = "Europe/Atlantis";
    test.getSpec().startingDeadlineSeconds = 5L;
    test.getSpec().history = new dev.sft.api.SchedulerFailureTestSpec.History();
    test.getSpec().history.succeeded = -1;
    test.getSpec().history.failed = 51;
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::toString).containsExactly(
        "spec.schedule: '0 3 30 2 *' never fires: no day-of-month it lists occurs in the months it lists",
        "spec.timeZone: unknown time zone 'Europe/Atlantis': use an IANA name such as Europe/Berlin, "
            + "America/New_York or UTC",
        "spec.startingDeadlineSeconds: must be at least 10, got 5 (the controller may take a few seconds to act on "
            + "a firing)",
        "spec.history.succeeded: must be at least 0, got -1",
        "spec.history.failed: must be at most 50, got 51");
  }

  /** The CRD cannot bound a quantity's or a key's length; the run's copy of the spec needs them bounded. */
  @Test
  void anOverLongQuantityIsRefusedNamingItsField() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().harness.resources = new io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder()
        .addToRequests("cpu", new io.fabric8.kubernetes.api.model.Quantity("1" + "0".repeat(40)))
        .addToLimits("x".repeat(318), new io.fabric8.kubernetes.api.model.Quantity("1")).build();
    test.getSpec().placement = new dev.sft.api.SchedulerFailureTestSpec.Placement();
    test.getSpec().placement.nodeSelector = java.util.Map.of("k".repeat(318), "v");
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::toString).containsExactlyInAnyOrder(
        "spec.harness.resources.requests.cpu: must be at most 32 characters, got 41",
        "spec.harness.resources.limits: a key is at most 317 characters, got 318",
        "spec.placement.nodeSelector: a key is at most 317 characters, got 318");
  }

  @Test
  void aComparisonNeedsBothOfTheBaselinesImages() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().compare = new dev.sft.api.SchedulerFailureTestSpec.Compare();
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::toString).containsExactly(
        "spec.compare.baseline: is required: the images of the build to compare with");
    test.getSpec().compare.baseline = new dev.sft.api.SchedulerFailureTestSpec.BaselineBuild();
    test.getSpec().compare.baseline.sparkImage = "registry.example/sft:1.11";
    test.getSpec().compare.baseline.harnessImage = "registry.example/sft 1.11";
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::toString).containsExactly(
        "spec.compare.baseline.harnessImage: is required and must be an image reference without spaces");
    test.getSpec().compare.baseline.harnessImage = "registry.example/sft:1.11";
    assertThat(SpecValidator.validate(test)).isEmpty();
  }

  @Test
  void aValidScheduleHasNoViolation() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().schedule = "30 2 * * MON-FRI";
    test.getSpec().timeZone = "America/Argentina/Buenos_Aires";
    test.getSpec().startingDeadlineSeconds = 3600L;
    assertThat(SpecValidator.validate(test)).isEmpty();
    test.getSpec().schedule = "@daily";
    test.getSpec().timeZone = null;
    assertThat(SpecValidator.validate(test)).isEmpty();
    test.getSpec().timeZone = "+02:00";
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field)
        .containsExactly("spec.timeZone");
  }

  /** Defect: {@code 1-nightly} and {@code a.b} passed, then the Service create got a 422 on every reconcile. */
  @Test
  void aNameThatCannotNameItsServicesIsRefused() {
    for (String name : List.of("1-nightly", "a.b", "Nightly", "nightly-", "-nightly", "a_b")) {
      assertThat(SpecValidator.validate(TestResources.valid("ns1", name)))
          .as(name).extracting(v -> v.field() + ": " + v.problem())
          .anySatisfy(v -> assertThat(v).startsWith("metadata.name: must be a lower-case DNS-1035 label")
              .contains("'" + name + "'"));
    }
  }

  /** Every name the validator lets through gives valid names to every child, at the longest allowed length too. */
  @Test
  void everyAcceptedNameGivesValidChildNames() {
    String dns1035Label = "[a-z]([-a-z0-9]*[a-z0-9])?";
    String dns1123Label = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    for (String name : List.of("a", "nightly-1", "n" + "x".repeat(Names.MAX_TEST_NAME_LENGTH - 2) + "1")) {
      SchedulerFailureTest test = TestResources.valid("ns1", name);
      assertThat(SpecValidator.validate(test)).as(name).isEmpty();
      for (String service : List.of(Names.master(test), Names.worker(test))) {
        assertThat(service).as("Service name").matches(dns1035Label).hasSizeLessThanOrEqualTo(63);
      }
      List<String> children = new java.util.ArrayList<>(Names.workerPods(test, 64));
      children.addAll(List.of(Names.harness(test), Names.networkPolicy(test), Names.probePolicy(test),
          Names.generatedClaim(test), Names.harnessJob(test, 9999, true), Names.harnessJob(test, 9999, false),
          Names.storageCheckJob(test, 9999)));
      for (String child : children) {
        // pod hostnames, Job names (their pods' job-name label) and label values: DNS-1123 labels within 63
        assertThat(child).as("child name").matches(dns1123Label).hasSizeLessThanOrEqualTo(63);
      }
      // a StatefulSet's pods carry controller-revision-hash = <statefulset>-<10-character hash>
      assertThat(Names.worker(test).length() + 11).isLessThanOrEqualTo(63);
      // every cluster of the most spec.parallelism allows, the longest Job name a comparison gives it
      for (int k = 0; k < dev.sft.api.SpecDefaults.MAX_PARALLELISM; k++) {
        for (String statefulSet : List.of(Names.master(test, k), Names.worker(test, k))) {
          assertThat(statefulSet).as("StatefulSet and Service name").matches(dns1035Label);
          assertThat(statefulSet.length() + 11).as(statefulSet).isLessThanOrEqualTo(63);
        }
        assertThat(Names.harnessJob(test, 9999, false, "baseline", k)).matches(dns1123Label)
            .hasSizeLessThanOrEqualTo(63);
        assertThat(Names.workerPods(test, k, 64)).allSatisfy(pod -> assertThat(pod).hasSizeLessThanOrEqualTo(63));
      }
    }
  }

  @Test
  void parallelismDefaultsToOneClusterAndIsBoundedByItsRangeAndByRepeat() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    assertThat(dev.sft.api.ResolvedSpec.of(test.getSpec()).parallelism()).isEqualTo(1);
    test.getSpec().repeat = 20;
    test.getSpec().parallelism = 8;
    assertThat(SpecValidator.validate(test)).isEmpty();
    test.getSpec().parallelism = 9;
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem())
        .containsExactly("spec.parallelism: must be at most 8, got 9");
    test.getSpec().parallelism = 0;
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem())
        .containsExactly("spec.parallelism: must be at least 1, got 0");
    test.getSpec().repeat = 2;
    test.getSpec().parallelism = 3;
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem())
        .singleElement().asString().startsWith("spec.parallelism: must be at most spec.repeat (2), got 3");
  }

  @Test
  void aSoakHasARoundBoundExcludesRepeatAndCompareAndBoundsParallelism() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().soak = new dev.sft.api.SchedulerFailureTestSpec.Soak();
    test.getSpec().soak.maxSeconds = 600;
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem())
        .singleElement().asString().startsWith("spec.soak.maxRounds: is required");
    test.getSpec().soak.maxRounds = 4;
    test.getSpec().parallelism = 4;
    assertThat(SpecValidator.validate(test)).isEmpty();
    assertThat(dev.sft.api.ResolvedSpec.of(test.getSpec()).shape().total()).hasValue(4 * 4);
    test.getSpec().parallelism = 5;
    test.getSpec().soak.maxSeconds = 30;
    test.getSpec().repeat = 3;
    test.getSpec().compare = new dev.sft.api.SchedulerFailureTestSpec.Compare();
    test.getSpec().compare.baseline = new dev.sft.api.SchedulerFailureTestSpec.BaselineBuild();
    test.getSpec().compare.baseline.sparkImage = "spark:base";
    test.getSpec().compare.baseline.harnessImage = "harness:base";
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem()).containsExactlyInAnyOrder(
        "spec.soak.maxSeconds: must be at least 60, got 30",
        "spec.soak: and spec.repeat (3) exclude each other: a soak repeats until the first failure or "
            + "spec.soak.maxRounds",
        "spec.soak: and spec.compare exclude each other: compare two builds with a fixed spec.repeat",
        "spec.parallelism: must be at most spec.soak.maxRounds (4), got 5: each cluster runs a share of the soak's"
            + " rounds");
  }

  @Test
  void operationsAreCheckedWithAClearErrorAndDefaultToAppend() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    assertThat(dev.sft.api.ResolvedSpec.of(test.getSpec()).operations())
        .containsExactly(dev.sft.contract.WriteOperation.DEFAULT);
    test.getSpec().operations = List.of("overwrite-partitioned", "upsert", "overwrite-partitioned");
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem())
        .anyMatch(v -> v.startsWith("spec.operations[1]: unknown operation 'upsert'") && v.contains("append"))
        .anyMatch(v -> v.startsWith("spec.operations[2]: 'overwrite-partitioned' is listed twice"));
    test.getSpec().operations = List.of();
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field)
        .containsExactly("spec.operations");
    test.getSpec().operations = List.of("append", "overwrite-partitioned");
    assertThat(SpecValidator.validate(test)).isEmpty();
    assertThat(dev.sft.api.ResolvedSpec.of(test.getSpec()).operations())
        .extracting(dev.sft.contract.WriteOperation::id).containsExactly("append", "overwrite-partitioned");
  }

  @Test
  void theWorkerLimitMustHoldTheDaemonAndEveryExecutorItMayHostWithOverhead() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    // 2 cores and 2g offered: 2 executors of 768Mi heap + 384Mi overhead, plus the daemon's 512Mi + 256Mi.
    test.getSpec().spark.resources = memoryLimit("2560Mi"); // the old rule, memory + 512Mi
    assertThat(SpecValidator.validate(test)).singleElement().satisfies(v -> {
      assertThat(v.field()).isEqualTo("spec.spark.resources.limits.memory");
      assertThat(v.problem()).startsWith("must be at least 3072Mi: the worker daemon (512Mi heap + 256Mi JVM "
          + "overhead) plus 2 executor(s) of 1152Mi each (768Mi heap + 384Mi overhead").endsWith("got 2560Mi");
    });
    test.getSpec().spark.resources = memoryLimit("3Gi");
    assertThat(SpecValidator.validate(test)).isEmpty();
  }

  @Test
  void moreCoresMeanMoreExecutorsUpToWhatTheOfferedMemoryHolds() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().spark.coresPerWorker = 8;
    test.getSpec().spark.memory = "4g"; // 5 executors fit the memory, but a run asks for 4 in all
    test.getSpec().spark.resources = memoryLimit("5Gi");
    assertThat(SpecValidator.validate(test)).singleElement()
        .satisfies(v -> assertThat(v.problem()).startsWith("must be at least 5376Mi").contains("4 executor(s)"));
    test.getSpec().harness.writer = dev.sft.contract.WriterName.COMET_NATIVE; // plus 256Mi off-heap each
    assertThat(SpecValidator.validate(test)).singleElement()
        .satisfies(v -> assertThat(v.problem()).startsWith("must be at least 6400Mi").contains("off-heap"));
  }

  @Test
  void workerMemoryBelowOneExecutorsHeapAndATooSmallHarnessAreRejectedWithTheirNumbers() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().spark.memory = "512m";
    test.getSpec().harness.resources = memoryLimit("1Gi");
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::toString).containsExactly(
        "spec.spark.memory: must be at least 768m, the heap of one executor (spark.executor.memory), got '512m'",
        "spec.harness.resources.limits.memory: must be at least 1152Mi: the driver's heap of at least 512Mi plus "
            + "its JVM overhead of 384Mi and the kill command's JVM (128Mi heap + 128Mi); got 1Gi");
  }

  @Test
  void accessModesMustLetEveryPodWrite() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().storage.claimTemplate.accessModes = List.of("ReadWriteOnce");
    assertThat(SpecValidator.validate(test)).isEmpty();
    test.getSpec().storage.claimTemplate.accessModes = List.of("ReadWriteMany", "ReadOnlyMany", "ReadWriteMany");
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::toString).containsExactly(
        "spec.storage.claimTemplate.accessModes[1]: must be ReadWriteMany or ReadWriteOnce (every pod writes the "
            + "volume, so ReadOnlyMany and ReadWriteOncePod cannot serve), got 'ReadOnlyMany'",
        "spec.storage.claimTemplate.accessModes[2]: 'ReadWriteMany' is listed twice");
    test.getSpec().storage.claimTemplate.accessModes = List.of();
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field)
        .containsExactly("spec.storage.claimTemplate.accessModes");
  }

  @Test
  void aReadWriteOnceClaimCannotServeWorkersSpreadOverNodes() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().storage.claimTemplate.accessModes = List.of("ReadWriteOnce");
    test.getSpec().placement = new dev.sft.api.SchedulerFailureTestSpec.Placement();
    test.getSpec().placement.workerAntiAffinity =
        dev.sft.api.SchedulerFailureTestSpec.WorkerAntiAffinity.Required;
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field)
        .containsExactly("spec.placement.workerAntiAffinity");
    test.getSpec().storage.claimTemplate.accessModes = List.of("ReadWriteMany", "ReadWriteOnce");
    assertThat(SpecValidator.validate(test)).isEmpty();
  }

  @Test
  void pullSecretsMustBeSecretNames() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().imagePullSecrets = List.of(new LocalObjectReference("ok-name"), new LocalObjectReference("Bad"));
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field)
        .containsExactly("spec.imagePullSecrets[1].name");
  }

  private static ResourceRequirements memoryLimit(String limit) {
    return new ResourceRequirementsBuilder().addToLimits("memory", new Quantity(limit)).build();
  }

  @Test
  void knownFindingsAreCheckedAsTheHarnessReadsThem() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    var badRegex = knownFinding("rows.count");
    badRegex.message = "interrupted (abort";
    var badOperation = knownFinding("rows.count");
    badOperation.operation = "merge-everything";
    var noCause = knownFinding("files.no-orphans");
    noCause.scenario = "speculation";
    var badCause = knownFinding("files.no-orphans");
    badCause.cause = List.of("interrupted");
    var badScenario = knownFinding("rows.count");
    badScenario.scenario = "speculative";
    test.getSpec().knownFindings = List.of(badRegex, badOperation, noCause, badCause, badScenario);

    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem()).containsExactly(
        "spec.knownFindings[0]: message is not a valid regular expression: Unclosed group near index 18 of"
            + " 'interrupted (abort'",
        "spec.knownFindings[1]: unknown operation 'merge-everything'; valid operations: "
            + dev.sft.contract.WriteOperation.allIds() + " (or all)",
        "spec.knownFindings[2]: rule files.no-orphans needs a cause: it fails for different defects by cause, so an"
            + " entry must name the ones it acknowledges, e.g. \"cause\": \"loser-interrupted-abort\" (valid causes: "
            + String.join(", ", new java.util.TreeSet<>(dev.sft.contract.Cause.ALL)) + ")",
        "spec.knownFindings[3]: unknown cause 'interrupted'; valid causes: "
            + String.join(", ", new java.util.TreeSet<>(dev.sft.contract.Cause.ALL)),
        "spec.knownFindings[4]: unknown scenario 'speculative'; valid: " + dev.sft.contract.ScenarioName.allIds()
            + ", or a family: speculation, executor-loss, control");
  }

  @Test
  void aKnownFindingThatRepeatsAnotherIsRefusedAsAReportNamesEachByItsKey() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    var entry = knownFinding("rows.count");
    test.getSpec().knownFindings = List.of(entry, entry);

    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem())
        .containsExactly("spec.knownFindings: known finding 2 repeats known finding 1");
  }

  @Test
  void theControlIsAskedForWithSpecControlNotListedAsAScenario() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().scenarios = List.of("control-shuffle-loss", "nope");
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem()).containsExactly(
        "spec.scenarios[0]: 'control-shuffle-loss' is not a failure scenario; set spec.control: true to add the"
            + " control cells",
        "spec.scenarios[1]: unknown scenario 'nope'; valid scenarios: speculation-original-wins,"
            + " speculation-speculative-wins, executor-loss-task-replacement, executor-loss-shuffle-loss,"
            + " executor-loss-after-handoff");
  }

  @Test
  void aPinMustBeKnownListedOnceAndHoldASelectedScenario() {
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().pin = List.of("loser-abort-interrupted");
    assertThat(SpecValidator.validate(test)).isEmpty();
    test.getSpec().pin = List.of("loser-abort-interrupted", "nope", "loser-abort-interrupted");
    assertThat(SpecValidator.validate(test)).extracting(v -> v.field() + ": " + v.problem()).containsExactly(
        "spec.pin[1]: unknown pin 'nope'; valid pins: loser-abort-interrupted, shuffle-loss-old-attempt-first,"
            + " shuffle-loss-new-attempt-first",
        "spec.pin[2]: 'loser-abort-interrupted' is listed twice");
    test.getSpec().pin = List.of("loser-abort-interrupted");
    test.getSpec().scenarios = List.of("executor-loss-shuffle-loss");
    assertThat(SpecValidator.validate(test)).extracting(SpecValidator.Violation::field).containsExactly("spec.pin");
  }

  @Test
  void aComparisonRunsUnderAPin() {
    // Both builds' Jobs hold the pin; the comparison judges the pinned race as an invariant.
    SchedulerFailureTest test = TestResources.valid("ns1", "t1");
    test.getSpec().pin = List.of("shuffle-loss-old-attempt-first");
    test.getSpec().compare = new dev.sft.api.SchedulerFailureTestSpec.Compare();
    test.getSpec().compare.baseline = new dev.sft.api.SchedulerFailureTestSpec.BaselineBuild();
    test.getSpec().compare.baseline.sparkImage = "registry.example/sft:1.11";
    test.getSpec().compare.baseline.harnessImage = "registry.example/sft:1.11";
    assertThat(SpecValidator.validate(test)).isEmpty();
  }

  /** A known-finding entry of {@code rule}, tracked at an Iceberg issue; the test sets the rest. */
  private static dev.sft.api.SchedulerFailureTestSpec.KnownFindingSpec knownFinding(String rule) {
    var entry = new dev.sft.api.SchedulerFailureTestSpec.KnownFindingSpec();
    entry.rule = rule;
    entry.reference = "https://github.com/apache/iceberg/issues/1";
    return entry;
  }
}
