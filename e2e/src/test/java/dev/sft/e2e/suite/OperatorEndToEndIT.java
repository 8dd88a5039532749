package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.contract.ImageClassData;
import dev.sft.contract.ScenarioName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The way most users meet sft, end to end: install the chart, {@code kubectl apply} a test, read its status. Each
 * step needs the one before it (one operator, one namespace), so they run in order on one cluster.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(FailureArtifacts.class)
class OperatorEndToEndIT {
  private static final String MINIMAL = "minimal";
  private static final String FAILING = "failing";
  private static final String UNPLANNED = "unplanned";
  private static final String EVERY_MINUTE = "every-minute";
  private static final String COMPARE = "compare";
  private static final String PARALLEL = "parallel";
  private static final String SOAK = "soak";
  private static final String FAILING_EXIT = "e2e: this harness fails on purpose";
  /**
   * Steps that another step or a test of the controller covers in part, run by {@code e2e/run.sh --all} (before a
   * release, and against a real cluster) but not by CI, which must end within its time.
   */
  static final String EXTENDED = "extended";

  private E2eSettings settings;
  private TestKubernetes cluster;
  private Kubectl kubectl;
  /** sft k8s wait and fetch, through the kubeconfig kubectl uses. */
  private SftK8s sft;
  private Operator operator;
  private TestResources resources;
  private AdmissionSteps admission;
  private final Timings timings = new Timings();
  private String failingFirstRunId;
  /** The Iceberg runtime that ran on the released image (step 2's report), which the custom build must replace. */
  private JsonNode releasedIceberg;

  @BeforeAll
  void startCluster() {
    settings = E2eSettings.fromSystemProperties();
    long started = System.nanoTime();
    cluster = settings.realCluster() ? new RealKubernetes(settings) : SimulatedKubernetes.start(settings);
    FailureArtifacts.register(cluster, settings.output().resolve("artifacts"));
    timings.record("cluster stand-in up", started);
    kubectl = new Kubectl(settings.kubectl(), cluster.kubeconfig());
    sft = new SftK8s(settings.repository(), cluster.kubeconfig());
    resources = new TestResources(settings);
    admission = new AdmissionSteps(settings, kubectl, resources);
    operator = new Operator(settings, kubectl, admission.namespaces());
  }

  @AfterAll
  void stopCluster() {
    try {
      timings.print(settings.output().resolve("timings.txt"));
      if (settings != null && settings.realCluster()) {
        kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", "--all", "-n", settings.testNamespace());
        for (String ns : admission.namespaces()) {
          kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", "--all", "-n", ns);
        }
        operator.uninstall();
      }
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }

  /** The install is namespaced (Operator: watchNamespaces is the test namespace); its controller is held to it. */
  @Test
  @Order(1)
  void chartInstallsAndTheControllerContainerBecomesReady() {
    long started = System.nanoTime();
    admission.createNamespaces();
    operator.install();
    JsonNode pod = operator.awaitReady(Duration.ofSeconds(180));
    timings.record("operator install to controller Ready", started);
    assertThat(pod.path("spec").path("containers").get(0).path("image").asText())
        .isEqualTo(settings.controllerImage());
    SuiteProgress.say("controller pod %s Ready at %s", pod.path("metadata").path("name").asText(),
        pod.path("status").path("podIP").asText());
    long permissions = System.nanoTime();
    new ControllerPermissions(settings, kubectl).assertForbiddenOutsideTheWatchedNamespaces(pod);
    timings.record("namespaced install: the controller's token gets 403 outside its namespaces", permissions);
  }

  @Test
  @Order(2)
  void minimalPassesEveryScenarioAcrossAControllerKill() {
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    kubectl.apply(ns, TestResources.json(resources.minimal(MINIMAL)));
    // Harness Jobs only: step 3 checks the run's storage-check Job, which a retained cluster keeps.
    try (Census jobs = new Census("harness jobs of " + MINIMAL,
        () -> kubectl.list(ns, "jobs", "sft.dev/test=" + MINIMAL + ",sft.dev/component=harness"))) {
      String lossJob = MINIMAL + "-r1-loss";
      JsonNode lossPod = Await.until("the loss Job's harness pod running", settings.runBound(),
          () -> kubectl.list(ns, "pods", "job-name=" + lossJob),
          pods -> pods.size() == 1 && "Running".equals(pods.get(0).path("status").path("phase").asText())).get(0);
      timings.record("apply to loss Job running", started);
      assertMasterUiThroughKubectlExec(ns);
      assertEveryJvmMapsTheImagesClassData(ns, lossPod.path("metadata").path("name").asText());
      // A drain of the node now: the run's disruption budget holds every Spark pod (all Ready) until the run ends.
      Drain drain = Drain.start(kubectl, ns, "sft.dev/test=" + MINIMAL, OperatorEndToEndIT::isSparkPod);
      SuiteProgress.say("loss Job pod %s running; killing the controller",
          lossPod.path("metadata").path("name").asText());
      JsonNode controller = operator.awaitReady(Duration.ofSeconds(10));
      cluster.killContainer(settings.operatorNamespace(), controller.path("metadata").path("name").asText(),
          "controller");
      operator.awaitBack(controller, Duration.ofSeconds(180));

      // A run that ends Failed never becomes Ready: wait for the end with sft k8s wait (its exit code is the
      // verdict's, its output sft local's table), then ask kubectl wait as a user would.
      Command.Result waited;
      JsonNode finished;
      try (drain) {
        waited = sft.await(ns, MINIMAL, settings.runBound());
        finished = statusOf(MINIMAL);
        drain.awaitDone(Duration.ofSeconds(180));
      }
      timings.record("kubectl apply to finished (minimal, 4 scenarios)", started);
      assertHeldUntilTheRunEnded(drain, finished, 3);
      assertThat(waited.exitCode()).as("sft k8s wait: %s\nstatus: %s", waited.describe(), finished).isZero();
      assertThat(waited.stdout()).as("sft k8s wait's table").contains("\nRESULT: PASSED")
          .contains("executor-loss-shuffle-loss").contains("evidence: ");
      Command.Result ended = kubectl.run(Duration.ofSeconds(60), null, "wait", "-n", ns,
          "--for=condition=Ready", "schedulerfailuretest/" + MINIMAL, "--timeout=30s");
      assertThat(ended.ok()).as("kubectl wait: %s\nstatus: %s", ended.describe(), finished).isTrue();
      assertThat(jobs.sightings()).as("every harness Job the API server ever showed, by uid")
          .extracting(Census.Sighting::name).containsExactlyInAnyOrder(MINIMAL + "-r1-spec", lossJob);
    }
    JsonNode status = statusOf(MINIMAL);
    assertThat(status.path("phase").asText()).as("Passed or Known only: %s", status).isEqualTo("Succeeded");
    assertThat(condition(status, "ClusterReady").path("message").asText()).as("the master's own view")
        .isEqualTo("2/2 workers ALIVE in the master");
    JsonNode specJob = status.path("harnessJobs").path(0);
    JsonNode lossJobStatus = status.path("harnessJobs").path(1);
    assertThat(List.of(specJob.path("name").asText(), lossJobStatus.path("name").asText()))
        .containsExactly(MINIMAL + "-r1-spec", MINIMAL + "-r1-loss");
    assertThat(Instant.parse(lossJobStatus.path("startTime").asText())).as("the loss Job starts after the spec Job")
        .isAfterOrEqualTo(Instant.parse(specJob.path("completionTime").asText()));
    assertEveryVerdictPassed(status, ScenarioName.defaults().stream().map(ScenarioName::id).toList(), 1);
    assertEvidenceOnTheClaim(status.path("runId").asText());
    // The first Job may start before ClusterReady (once the master answers, its driver waiting for the workers).
    assertEventsInOrder(MINIMAL, List.of("RunStarted", "HarnessJobCreated", "HarnessJobSucceeded", "HarnessJobCreated",
        "HarnessJobSucceeded", "RunSucceeded"));
    assertEventsInOrder(MINIMAL, List.of("RunStarted", "ClusterReady", "HarnessJobSucceeded", "RunSucceeded"));

    long cleanup = System.nanoTime();
    Await.until("default cleanup: no master or worker pods of " + MINIMAL, Duration.ofSeconds(180),
        () -> sparkPods(MINIMAL).size(),
        remaining -> remaining == 0);
    timings.record("Ready to cluster pods gone", cleanup);
    assertThat(kubectl.find(ns, "pvc", MINIMAL + "-shared")).as("the claim with the evidence is kept").isNotNull();
    assertThat(kubectl.list(ns, "statefulsets", "sft.dev/test=" + MINIMAL)).isEmpty();
    assertEventsInOrder(MINIMAL, List.of("RunSucceeded", "CleanedUp"));
  }

  @Test
  @Order(3)
  void aFailingHarnessEndsFailedStalledWithTheClusterRetained() {
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    ObjectNode test = resources.failing(FAILING, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS.id()),
        "echo '" + FAILING_EXIT + "' >&2; exit 3");
    kubectl.apply(ns, TestResources.json(test));
    Command.Result waited = kubectl.run(settings.runBound(), null, "wait", "-n", ns, "--for=condition=Stalled",
        "schedulerfailuretest/" + FAILING, "--timeout=" + settings.runBound().toSeconds() + "s");
    timings.record("kubectl apply to Stalled (failing)", started);
    JsonNode status = statusOf(FAILING);
    assertThat(waited.ok()).as("kubectl wait --for=condition=Stalled: %s\nstatus: %s", waited.describe(), status)
        .isTrue();
    assertThat(status.path("phase").asText()).isEqualTo("Failed");
    assertThat(condition(status, "Ready").path("status").asText()).isEqualTo("False");
    assertThat(status.path("message").asText()).as("the status says why").contains("exit 3").contains(FAILING_EXIT);
    assertThat(status.path("cells")).as("a run that never reported has Unknown verdicts").isNotEmpty()
        .allSatisfy(c -> assertThat(c.path("unknown").asInt()).as("%s", c).isEqualTo(c.path("repetitions").asInt()));
    assertThat(kubectl.list(ns, "statefulsets", "sft.dev/test=" + FAILING)).as("cluster retained on failure")
        .hasSize(2);
    assertThat(kubectl.list(ns, "pods", "sft.dev/test=" + FAILING + ",sft.dev/component=worker"))
        .allSatisfy(p -> assertThat(p.path("status").path("phase").asText()).isEqualTo("Running"));
    // Before the harness started, the pods' user created and renamed a file on the shared claim.
    JsonNode storageCheck = kubectl.find(ns, "job", FAILING + "-r1-storage");
    assertThat(storageCheck).as("the run's storage-check Job, retained with the cluster").isNotNull();
    assertThat(storageCheck.path("status").path("succeeded").asInt()).as("storage check: %s", storageCheck)
        .isEqualTo(1);
    failingFirstRunId = status.path("runId").asText();
  }

  /**
   * As GitOps would change it: the harness override dropped, both images bumped to a custom build (the sft image with
   * a re-packed Iceberg runtime, examples/custom-build/Dockerfile), two repetitions. The new run waits for the Spark
   * pods to roll, and its report proves that exactly the custom build's jar ran.
   */
  @Test
  @Order(4)
  void aSpecChangeToACustomBuildStartsANewRunOnlyAfterTheChangedPodsRolledOut() {
    assertThat(failingFirstRunId).as("the failing run of the step before").isNotBlank();
    assertThat(releasedIceberg).as("the released Iceberg runtime of step 2's report").isNotNull();
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    JsonNode status;
    String customBuild = settings.customBuildImage();
    RolloutWatch rollout = new RolloutWatch(kubectl, ns, () -> sparkPods(FAILING), FAILING + "-r2-spec",
        customBuild, 3);
    try (rollout; Census pods = new Census("Spark pods of " + FAILING, () -> sparkPods(FAILING))) {
      kubectl.run("patch", "-n", ns, "schedulerfailuretest/" + FAILING, "--type", "json", "-p", """
          [{"op":"remove","path":"/spec/harness/command"},
           {"op":"replace","path":"/spec/spark/image","value":"%s"},
           {"op":"replace","path":"/spec/harness/image","value":"%s"},
           {"op":"add","path":"/spec/repeat","value":2}]""".formatted(customBuild, customBuild)).orFail();
      // The status still shows the first run's Failed: sft k8s wait waits for the run of the patched generation.
      Command.Result waited = sft.await(ns, FAILING, settings.runBound());
      status = statusOf(FAILING);
      assertThat(status.path("runId").asText()).as("a new run: %s", waited.describe()).isNotEqualTo(failingFirstRunId);
      assertThat(waited.exitCode()).as("sft k8s wait: %s\nstatus: %s", waited.describe(), status).isZero();
      assertThat(pods.sightings()).as("pods the rollout replaced, then pods of the new image")
          .extracting(p -> RolloutWatch.image(p.first()))
          .containsOnly(settings.sparkImage(), customBuild)
          .contains(customBuild);
    }
    timings.record("spec change to new run finished (failing, rollout to the custom build, repeat 2)", started);

    // Succeeded: every repetition Passed, or Known by an acknowledged finding (docs/harness.md).
    assertThat(status.path("phase").asText()).as("status: %s", status).isEqualTo("Succeeded");
    assertEveryVerdictPassed(status, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS.id()), 2);
    assertThat(status.path("history").findValuesAsText("runId")).contains(failingFirstRunId);
    assertThat(rollout.samplesWithJob()).as("samples that saw the second run's harness Job").isPositive();
    assertThat(rollout.violations()).as("the harness must start only after the rollout").isEmpty();

    long evidence = System.nanoTime();
    Path runDir = fetchEvidence(FAILING, status.path("runId").asText());
    String report = read(runDir.resolve("report.json"));
    CustomBuildEvidence.assertOnlyTheCustomBuildRan(Kubectl.parse(report), settings.customBuildSha256(),
        releasedIceberg);
    timings.record("custom build evidence read from the claim", evidence);
  }

  /**
   * An unplanned loss: while the harness's monitored write runs, a worker crash-loops (not Ready) and the node is
   * drained. The disruption budget lets that worker go at once and holds the Ready pods until the run ends. The
   * executors on the evicted worker are lost without the harness killing them, so the cell is Unknown on both sides
   * and names the loss; it is never scored as the scenario's own doing.
   */
  @Test
  @Tag(EXTENDED)
  @Order(10)
  void aCrashLoopingWorkerADrainTakesMidScenarioMakesThatCellUnknownNamingTheLoss() {
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    ObjectNode test = resources.minimal(UNPLANNED, ScenarioName.SPECULATION_ORIGINAL_WINS);
    ObjectNode spec = (ObjectNode) test.get("spec");
    ((ObjectNode) spec.get("harness")).put("timeoutSeconds", 60);
    spec.putObject("cleanup").put("onFailure", "DeleteCluster");
    kubectl.apply(ns, TestResources.json(test));
    String job = UNPLANNED + "-r1-spec";
    JsonNode harnessPod = Await.until("the harness pod of " + job + " running", settings.runBound(),
        () -> kubectl.list(ns, "pods", "job-name=" + job),
        pods -> pods.size() == 1 && "Running".equals(pods.get(0).path("status").path("phase").asText())).get(0);
    String podName = harnessPod.path("metadata").path("name").asText();
    Await.until("the harness log to say the monitored write started", settings.runBound(),
        () -> kubectl.run(Duration.ofSeconds(30), null, "logs", "-n", ns, podName).stdout(),
        log -> log.contains("write started"));
    String victim = UNPLANNED + "-worker-1";
    SuiteProgress.say("the monitored write runs; crashing worker pod %s, then draining the node", victim);
    String victimUid = kubectl.find(ns, "pod", victim).path("metadata").path("uid").asText();
    // Two crashes: after the second the kubelet backs off 10 s before it restarts the container (a crash loop), so
    // the pod stays not Ready while the drain starts.
    cluster.killContainer(ns, victim, "spark");
    Await.until(victim + " restarted once", Duration.ofSeconds(30), () -> kubectl.find(ns, "pod", victim),
        pod -> pod != null && (!victimUid.equals(pod.path("metadata").path("uid").asText())
            || pod.path("status").path("containerStatuses").path(0).path("restartCount").asInt() >= 1));
    cluster.killContainer(ns, victim, "spark");
    Await.until(victim + " crashed again: not Ready", Duration.ofSeconds(30), () -> kubectl.find(ns, "pod", victim),
        pod -> pod == null || !Drain.ready(pod));
    JsonNode status;
    try (Drain drain = Drain.start(kubectl, ns, "sft.dev/test=" + UNPLANNED, OperatorEndToEndIT::isSparkPod)) {
      status = Await.until(UNPLANNED + " finished", settings.runBound(), () -> statusOf(UNPLANNED),
          OperatorEndToEndIT::phaseFinished);
      drain.awaitDone(Duration.ofSeconds(180));
      JsonNode jobs = status.path("harnessJobs");
      Instant jobDone = Instant.parse(jobs.path(jobs.size() - 1).path("completionTime").asText());
      assertThat(drain.evictions()).filteredOn(e -> e.name.equals(victim)).singleElement().satisfies(crashed -> {
        assertThat(crashed.readyAtStart).as("%s", crashed).isFalse();
        assertThat(crashed.refusals).as("not Ready: AlwaysAllow lets it go at once: %s", crashed).isZero();
        assertThat(crashed.evictedAt).as("evicted while the Job ran: %s", crashed).isNotNull().isBefore(jobDone);
      });
      assertHeldUntilTheRunEnded(drain, status, 2);
    }
    timings.record("kubectl apply to finished (unplanned loss)", started);
    assertThat(status.path("phase").asText()).as("an Unknown cell is not a pass: %s", status).isEqualTo("Failed");
    JsonNode cell = status.path("cells").path(0);
    assertThat(cell.path("unknown").asInt()).as("%s", cell).isEqualTo(cell.path("repetitions").asInt()).isEqualTo(1);
    assertThat(cell.path("verdicts").path("Unknown/Unknown").asInt()).as("%s", cell).isEqualTo(1);
    // Both halves saw it: the controller (the pod re-created while the Job ran) and the harness (executors lost
    // that it did not kill).
    assertThat(cell.path("latestFailure").path("message").asText()).as("the cell names the loss first")
        .startsWith("unplanned loss while harness Job " + job + " ran: pod " + victim + " was re-created")
        .contains("cluster.no-unplanned-loss Unknown: an unplanned loss during the scenario: executor ");
    assertEventsInOrder(UNPLANNED, List.of("RunStarted", "HarnessJobCreated", "UnplannedLoss", "RunFailed"));
  }

  /**
   * spec.schedule, once a minute: the apply starts a run at once and each later firing a new run with a new run id
   * (firings during a run are skipped, concurrencyPolicy Forbid); status.history keeps one Succeeded run
   * (history.succeeded: 1) while the evidence of every run stays on the claim. The cluster is retained between runs to
   * keep the step short; suspending stops the firings without a run of its own.
   */
  @Test
  @Order(11)
  void aOnceAMinuteScheduleFiresTwiceAndTheHistoryKeepsItsLimit() {
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    ObjectNode test = resources.minimal(EVERY_MINUTE, ScenarioName.SPECULATION_ORIGINAL_WINS);
    ObjectNode spec = (ObjectNode) test.get("spec");
    spec.put("schedule", "*/1 * * * *");
    spec.putObject("history").put("succeeded", 1);
    spec.putObject("cleanup").put("onSuccess", "Retain").put("onFailure", "Retain");
    kubectl.apply(ns, TestResources.json(test));

    // Run 1 comes from the apply, runs 2 and 3 from two firings; run 3's start is the second firing.
    JsonNode status = Await.until(EVERY_MINUTE + ": the second scheduled run started", settings.runBound(),
        () -> statusOf(EVERY_MINUTE), s -> s.path("runNumber").asInt() >= 3);
    timings.record("kubectl apply to the second scheduled run started (every minute, 1 scenario)", started);
    assertThat(status.path("lastScheduleTime").asText()).as("status: %s", status).matches(".*T..:..:00Z");
    // The run's start says which firing started it.
    assertThat(kubectl.list(ns, "events", null).stream()
        .filter(e -> EVERY_MINUTE.equals(e.path("involvedObject").path("name").asText()))
        .filter(e -> "RunStarted".equals(e.path("reason").asText())).map(e -> e.path("message").asText()))
        .as("RunStarted events").anyMatch(m -> m.contains(status.path("runId").asText())
            && m.contains("the schedule's firing at " + status.path("lastScheduleTime").asText()));
    assertThat(Instant.parse(status.path("nextScheduleTime").asText()))
        .isAfter(Instant.parse(status.path("lastScheduleTime").asText()));
    assertThat(status.path("runGeneration").asLong()).as("firings run the applied generation").isEqualTo(1);
    List<JsonNode> history = new ArrayList<>();
    status.path("history").forEach(history::add);
    assertThat(history).as("status.history: %s", status.path("history")).isNotEmpty();
    assertThat(history.stream().filter(h -> "Succeeded".equals(h.path("outcome").asText())))
        .as("history.succeeded: 1").hasSizeLessThanOrEqualTo(1);
    Set<String> runIds = new TreeSet<>(history.stream().map(h -> h.path("runId").asText()).toList());
    runIds.add(status.path("runId").asText());
    assertThat(runIds).as("a new run id per run").hasSize(history.size() + 1);
    assertThat(status.path("lastResult").asText()).as("the latest finished run's outcome")
        .isEqualTo(history.get(0).path("outcome").asText());
    assertEventsInOrder(EVERY_MINUTE, List.of("RunStarted", "RunStarted", "RunStarted"));

    // Suspending stops the firings and starts no run: the run in progress adopts the generation and goes on.
    kubectl.run("patch", "-n", ns, "schedulerfailuretest/" + EVERY_MINUTE, "--type", "json", "-p",
        "[{\"op\":\"add\",\"path\":\"/spec/suspend\",\"value\":true}]").orFail();
    JsonNode suspended = Await.until(EVERY_MINUTE + ": generation 2 adopted", Duration.ofSeconds(60),
        () -> statusOf(EVERY_MINUTE), s -> s.path("runGeneration").asLong() == 2);
    int runs = suspended.path("runNumber").asInt();
    Await.until(EVERY_MINUTE + ": a minute boundary passed while suspended", Duration.ofSeconds(90),
        () -> Instant.now(), now -> now.isAfter(Instant.parse(suspended.path("nextScheduleTime").asText())
            .plusSeconds(10)));
    Await.until(EVERY_MINUTE + ": run " + runs + " finished", settings.runBound(), () -> statusOf(EVERY_MINUTE),
        OperatorEndToEndIT::phaseFinished);
    assertThat(statusOf(EVERY_MINUTE).path("runNumber").asInt()).as("no firing while suspended").isEqualTo(runs);
    kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", EVERY_MINUTE, "-n", ns).orFail();
  }

  /**
   * Two builds side by side (spec.compare): the released sft image as the baseline, the custom build (step 4's) as the
   * candidate, one loss scenario each, on one claim. The baseline's Job runs first; the cluster then rolls to the
   * candidate's image and its Job runs; the status compares the cell, and the candidate's harness writes the
   * comparison on the claim, naming both builds' Iceberg runtimes by SHA-256.
   */
  @Test
  @Order(12)
  void twoBuildsTakeTurnsOnOneClusterAndTheStatusComparesThem() {
    assertThat(releasedIceberg).as("the released Iceberg runtime of step 2's report").isNotNull();
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    String customBuild = settings.customBuildImage();
    String cell = ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT.id() + "/append";
    ObjectNode test = resources.minimal(COMPARE, ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT);
    ObjectNode spec = (ObjectNode) test.get("spec");
    ((ObjectNode) spec.get("spark")).put("image", customBuild);
    ((ObjectNode) spec.get("harness")).put("image", customBuild);
    spec.putObject("compare").putObject("baseline").put("sparkImage", settings.sparkImage())
        .put("harnessImage", settings.sparkImage());
    JsonNode status;
    try (Census pods = new Census("Spark pods of " + COMPARE, () -> sparkPods(COMPARE))) {
      kubectl.apply(ns, TestResources.json(test));
      Command.Result waited = sft.await(ns, COMPARE, settings.runBound());
      status = statusOf(COMPARE);
      timings.record("kubectl apply to compared (two builds, 1 loss scenario each, one roll)", started);
      assertThat(waited.exitCode()).as("sft k8s wait: %s\nstatus: %s", waited.describe(), status).isZero();
      assertThat(pods.sightings()).as("Spark pods of the baseline's image, then of the candidate's")
          .extracting(p -> RolloutWatch.image(p.first()))
          .contains(settings.sparkImage(), customBuild);
    }
    assertThat(status.path("phase").asText()).as("no regression: %s", status).isEqualTo("Succeeded");
    assertThat(status.path("harnessJobs").findValuesAsText("name"))
        .containsExactly(COMPARE + "-r1-base-loss", COMPARE + "-r1-cand-loss");
    JsonNode compared = status.path("comparison");
    assertThat(compared.path("cells")).as("status.comparison: %s", compared).hasSize(1);
    JsonNode entry = compared.path("cells").get(0);
    assertThat(entry.path("cell").asText()).isEqualTo(cell);
    assertThat(entry.path("change").asText()).as("the same jar's classes re-packed: %s", entry)
        .isIn("same", "inconclusive");
    assertThat(compared.path("regressed").asInt()).isZero();
    assertEventsInOrder(COMPARE, List.of("RunStarted", "HarnessJobCreated", "HarnessJobSucceeded", "ClusterRolling",
        "HarnessJobCreated", "HarnessJobSucceeded", "RunSucceeded"));
    assertEventsInOrder(COMPARE, List.of("RunStarted", "ClusterReady", "HarnessJobSucceeded", "ClusterRolling",
        "ClusterReady", "HarnessJobSucceeded", "RunSucceeded"));

    // On the claim: the comparison beside both builds' runs, naming the Iceberg runtime each build ran.
    String runId = status.path("runId").asText();
    Path comparisonDir = fetchEvidence(COMPARE, runId);
    JsonNode comparison = Kubectl.parse(read(comparisonDir.resolve("comparison.json")));
    assertThat(comparison.path("cells").findValuesAsText("change")).containsExactly(entry.path("change").asText());
    assertThat(comparison.path("candidate").path("runId").asText()).isEqualTo(runId + "-candidate");
    assertThat(sha256OfIceberg(comparison.path("baseline"))).isEqualTo(releasedIceberg.path("sha256").asText());
    assertThat(sha256OfIceberg(comparison.path("candidate"))).isEqualTo(settings.customBuildSha256());
    assertThat(comparisonDir.resolveSibling(runId + "-baseline").resolve("report.json")).isRegularFile();
    kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", COMPARE, "-n", ns).orFail();
  }

  @Test
  @Order(14)
  void twoClustersShareTheRepetitionsAndTheStatusSumsWhatEachClustersHarnessReported() {
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    ObjectNode test = resources.minimal(PARALLEL, ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT);
    ObjectNode spec = (ObjectNode) test.get("spec");
    spec.put("repeat", 3);
    spec.put("parallelism", 2);
    kubectl.apply(ns, TestResources.json(test));
    Command.Result waited = sft.await(ns, PARALLEL, settings.runBound());
    JsonNode status = statusOf(PARALLEL);
    timings.record("kubectl apply to finished (two clusters, 1 loss scenario, repeat 3)", started);
    assertThat(waited.exitCode()).as("sft k8s wait: %s\nstatus: %s", waited.describe(), status).isZero();
    assertThat(waited.stdout()).contains("clusters (spec.parallelism 2):");
    assertThat(status.path("harnessJobs").findValuesAsText("name"))
        .containsExactlyInAnyOrder(PARALLEL + "-r1-loss", PARALLEL + "-r1-loss1");
    assertThat(status.path("clusters").findValuesAsText("state")).containsExactly("Ready", "Ready");

    // Each cluster's harness wrote its own run report in its own folder: the status must be their sum, cell by cell.
    int passed = 0;
    List<Integer> repetitions = new ArrayList<>();
    List<JsonNode> reports = clusterReports(PARALLEL, status.path("runId").asText(), 2);
    for (int cluster = 0; cluster < 2; cluster++) {
      List<Integer> numbers = repetitions(reports.get(cluster), cluster);
      passed += passedIn(reports.get(cluster));
      assertThat(numbers).as("cluster %d's repetitions", cluster).isNotEmpty();
      assertThat(status.path("clusters").get(cluster).path("repetitions").asInt()).isEqualTo(numbers.size());
      repetitions.addAll(numbers);
    }
    assertThat(repetitions).as("dealt: disjoint and covering").containsExactlyInAnyOrder(1, 2, 3);
    assertThat(status.path("cells")).singleElement().satisfies(cell -> {
      assertThat(cell.path("repetitions").asInt()).isEqualTo(3);
      assertThat(cell.path("passed").asInt()).isEqualTo(status.path("passed").asInt());
    });
    assertThat(status.path("passed").asInt()).as("the status's sum of the clusters' own reports").isEqualTo(passed);
    kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", PARALLEL, "-n", ns).orFail();
  }

  @Test
  @Order(15)
  void aSoakOnTwoClustersRunsItsRoundsInTurnOnBothAndTheStatusSumsTheirReports() {
    String ns = settings.testNamespace();
    long started = System.nanoTime();
    ObjectNode test = resources.minimal(SOAK, ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT);
    ObjectNode spec = (ObjectNode) test.get("spec");
    spec.putObject("soak").put("maxRounds", 4);
    spec.put("parallelism", 2);
    kubectl.apply(ns, TestResources.json(test));
    Command.Result waited = sft.await(ns, SOAK, settings.runBound());
    JsonNode status = statusOf(SOAK);
    timings.record("kubectl apply to finished (a soak of 4 rounds on two clusters, 1 loss scenario)", started);
    assertThat(status.path("harnessJobs").findValuesAsText("name"))
        .containsExactlyInAnyOrder(SOAK + "-r1-loss", SOAK + "-r1-loss1");

    List<JsonNode> reports = clusterReports(SOAK, status.path("runId").asText(), 2);
    int passed = 0;
    int ran = 0;
    List<Integer> rounds = new ArrayList<>();
    for (int cluster = 0; cluster < 2; cluster++) {
      List<Integer> numbers = repetitions(reports.get(cluster), cluster);
      int residue = cluster + 1;
      assertThat(numbers).as("cluster %d ran rounds of its own, every second from round %d", cluster, residue)
          .isNotEmpty().allSatisfy(round -> assertThat((round - residue) % 2).isZero());
      passed += passedIn(reports.get(cluster));
      ran += numbers.size();
      rounds.addAll(numbers);
    }
    assertThat(rounds).as("no round twice").doesNotHaveDuplicates().allSatisfy(r -> assertThat(r).isBetween(1, 4));
    assertThat(status.path("cells")).singleElement().satisfies(cell ->
        assertThat(cell.path("repetitions").asInt()).as("what ran, over both clusters").isEqualTo(rounds.size()));
    assertThat(status.path("passed").asInt()).as("the status's sum of the clusters' own reports").isEqualTo(passed);
    if (passed == ran) {
      assertThat(waited.exitCode()).as("a soak with no failure passes: %s\nstatus: %s", waited.describe(), status)
          .isZero();
      assertThat(rounds).as("with no failure, every round up to the bound").containsExactlyInAnyOrder(1, 2, 3, 4);
    } else {
      assertThat(waited.exitCode()).as("a soak that stopped at a failure fails: %s", waited.describe()).isNotZero();
    }
    kubectl.run(Duration.ofSeconds(180), null, "delete", "sft", SOAK, "-n", ns).orFail();
  }

  /** Each of a run's clusters' own report.json, as {@code sft k8s fetch} copies them from the claim. */
  private List<JsonNode> clusterReports(String name, String runId, int clusters) {
    String ns = settings.testNamespace();
    Path out = settings.output().resolve("evidence").resolve(name);
    Command.Result fetched = sft.fetch(ns, name, out);
    Await.until("sft k8s fetch's reader pod deleted", Duration.ofSeconds(60),
        () -> kubectl.list(ns, "pods", "app.kubernetes.io/managed-by=sft-cli").size(), remaining -> remaining == 0);
    List<JsonNode> reports = new ArrayList<>();
    for (int cluster = 0; cluster < clusters; cluster++) {
      Path report = out.resolve(runId + "-c" + cluster).resolve("report.json");
      assertThat(report).as("sft k8s fetch: %s", fetched.describe()).isRegularFile();
      reports.add(Kubectl.parse(read(report)));
    }
    return reports;
  }

  /** The repetition numbers of a cluster's own report, each of which must name that cluster. */
  private static List<Integer> repetitions(JsonNode report, int cluster) {
    List<Integer> numbers = new ArrayList<>();
    for (JsonNode result : report.path("scenarios")) {
      numbers.add(result.path("repetition").asInt());
      assertThat(result.path("cluster").asInt(-1)).as("the cluster report.json names for %s", result)
          .isEqualTo(cluster);
    }
    return numbers;
  }

  /** How many repetitions of a report passed both verdicts. */
  private static int passedIn(JsonNode report) {
    int passed = 0;
    for (JsonNode result : report.path("scenarios")) {
      passed += "Passed".equals(result.path("scheduler").asText())
          && "Passed".equals(result.path("storage").asText()) ? 1 : 0;
    }
    return passed;
  }

  /** The SHA-256 of the Iceberg runtime a build of a comparison ran. */
  private static String sha256OfIceberg(JsonNode build) {
    for (JsonNode jar : build.path("jars")) {
      if (CustomBuildEvidence.ICEBERG_ROLE.equals(jar.path("role").asText())) {
        return jar.path("sha256").asText();
      }
    }
    throw new AssertionError("no " + CustomBuildEvidence.ICEBERG_ROLE + " among the jars of " + build);
  }

  @Test
  @Tag(EXTENDED)
  @Order(6)
  void aRunInAPodSecurityRestrictedNamespacePasses() {
    long started = System.nanoTime();
    Set<String> users = new TreeSet<>();
    JsonNode status = admission.runToTheEnd(admission.restricted(), "restricted", users);
    timings.record("run in a Pod Security restricted namespace (1 scenario)", started);
    admission.assertPassedWithoutRefusals(admission.restricted(), status);
  }

  @Test
  @Tag(EXTENDED)
  @Order(7)
  void aRunInOpenShiftRestrictedV2ModeGetsItsUidFromTheNamespaceAndPasses() {
    long started = System.nanoTime();
    Set<String> users = new TreeSet<>();
    // As docs/operations.md says for OpenShift: the pods' UID, GID and fsGroup left to the platform.
    operator.upgrade(Duration.ofSeconds(180), "sparkPods.runAsUser=null", "sparkPods.runAsGroup=null",
        "sparkPods.fsGroup=null");
    JsonNode status;
    try {
      status = admission.runToTheEnd(admission.openShift(), "openshift", users);
    } finally {
      operator.upgrade(Duration.ofSeconds(180), "sparkPods.runAsUser=185", "sparkPods.runAsGroup=185",
          "sparkPods.fsGroup=185");
    }
    timings.record("run in OpenShift restricted-v2 mode (1 scenario)", started);
    admission.assertPassedWithoutRefusals(admission.openShift(), status);
    assertThat(users).as("the Spark pods' users: the platform's, from the namespace's range")
        .containsOnly(AdmissionSteps.UID_RANGE_START);
  }

  /**
   * An operator upgrade as a user makes it (a changed value rolls the Deployment): the new pod takes the leader Lease
   * over from the old one's, with the Lease verbs the chart grants (Operator.upgrade waits for it).
   */
  @Test
  @Order(13)
  void aHelmUpgradeRollsTheControllerAndTheNewPodTakesTheLeaderLease() {
    long started = System.nanoTime();
    operator.upgrade(Duration.ofSeconds(180), "podAnnotations.sft-e2e/upgraded=step-13");
    timings.record("helm upgrade: the new controller pod leads", started);
  }

  @Test
  @Order(8)
  void aQuotaThatRefusesTheHarnessPodSurfacesAsFailedCreateWithin30Seconds() {
    long started = System.nanoTime();
    admission.quotaRefusesTheHarnessPod("over-quota");
    timings.record("quota refusal of the harness pod surfaced", started);
  }

  @Test
  @Order(9)
  void aClaimThePodsUserCannotWriteFailsTheRunAtOnceWithSharedStorageNotWritable() {
    long started = System.nanoTime();
    new StorageSteps(settings, kubectl, resources).rootOwnedClaimFailsTheRunAtOnce("root-owned");
    timings.record("root-owned claim to SharedStorageNotWritable", started);
  }

  /** The master and worker pods of a test (the stand-in has no set-based selectors: filtered here). */
  private static boolean isSparkPod(JsonNode pod) {
    return List.of("master", "worker").contains(pod.path("metadata").path("labels").path("sft.dev/component")
        .asText());
  }

  /**
   * The drain's Ready pods were each refused (429, the run's disruption budget) and went only after the run's last
   * harness Job completed: the budget held them for the whole run.
   */
  private static void assertHeldUntilTheRunEnded(Drain drain, JsonNode finished, int readyPods) {
    JsonNode jobs = finished.path("harnessJobs");
    Instant lastJobDone = Instant.parse(jobs.path(jobs.size() - 1).path("completionTime").asText());
    assertThat(drain.evictions()).filteredOn(e -> e.readyAtStart).as("the Ready Spark pods the drain found")
        .hasSize(readyPods).allSatisfy(held -> {
          assertThat(held.refusals).as("refused while the run was on: %s", held).isPositive();
          assertThat(held.firstRefusal).as("%s", held).contains("TooManyRequests").contains("disruption budget");
          assertThat(held.goneAt).as("held until the run's last Job completed at %s: %s", lastJobDone, held)
              .isAfterOrEqualTo(lastJobDone);
        });
  }

  private List<JsonNode> sparkPods(String test) {
    return kubectl.list(settings.testNamespace(), "pods", "sft.dev/test=" + test).stream()
        .filter(OperatorEndToEndIT::isSparkPod).toList();
  }

  private JsonNode statusOf(String name) {
    JsonNode test = kubectl.find(settings.testNamespace(), "schedulerfailuretest", name);
    assertThat(test).as("SchedulerFailureTest %s", name).isNotNull();
    return test.path("status");
  }

  private static boolean phaseFinished(JsonNode status) {
    String phase = status.path("phase").asText();
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  private static JsonNode condition(JsonNode status, String type) {
    for (JsonNode condition : status.path("conditions")) {
      if (type.equals(condition.path("type").asText())) {
        return condition;
      }
    }
    throw new AssertionError("no condition " + type + " in " + status);
  }

  /** Issue 23: invalid specs are refused by kubectl apply with the CRD rule's own message (InvalidSpecs). */
  @Test
  @Order(5)
  void invalidSpecsAreRefusedByKubectlApplyWithTheRulesOwnMessages() {
    long started = System.nanoTime();
    InvalidSpecs.assertEachRefused(kubectl, settings.testNamespace(), resources.minimal("refused"));
    timings.record("invalid specs refused by kubectl apply", started);
  }

  /**
   * Every verdict Passed, or Known: a repetition that shows a finding sft reports on Iceberg 1.11 (the speculative
   * loser's interrupted abort, a shuffle loss's dropped duplicate result) fails only by the acknowledged entries of
   * examples/known-findings.json, names their references, and is counted apart from the passed ones.
   */
  private static void assertEveryVerdictPassed(JsonNode status, List<String> scenarios, int repeat) {
    List<JsonNode> cells = new ArrayList<>();
    status.path("cells").forEach(cells::add);
    assertThat(cells).as("status.cells: %s", status.path("cells")).hasSize(scenarios.size());
    assertThat(cells.stream().map(c -> c.path("name").asText()).collect(Collectors.toSet()))
        .containsExactlyInAnyOrderElementsOf(scenarios);
    assertThat(cells).allSatisfy(c -> {
      assertThat(c.path("repetitions").asInt()).as("%s", c).isEqualTo(repeat);
      assertThat(c.path("passed").asInt() + c.path("known").asInt()).as("passed or known: %s", c).isEqualTo(repeat);
      List<String> pairs = new ArrayList<>();
      c.path("verdicts").fieldNames().forEachRemaining(pairs::add);
      assertThat(pairs).as("verdicts of %s", c).isSubsetOf("Passed/Passed", "Passed/Known");
      if (c.path("known").asInt() > 0) {
        assertThat(c.path("knownFindings")).as("the references of %s", c).isNotEmpty();
      }
    });
    long known = cells.stream().mapToInt(c -> c.path("known").asInt()).sum();
    assertThat(status.path("passed").asInt()).isEqualTo(scenarios.size() * repeat - known);
    assertThat(status.path("known").asInt()).isEqualTo(known);
    if (known > 0) {
      SuiteProgress.say("%d repetition(s) Known by an acknowledged finding: %s", known, status.path("knownFindings"));
    }
  }

  /** The reasons must appear in this order (other events may come between, e.g. a resumed Job after a restart). */
  private void assertEventsInOrder(String name, List<String> expected) {
    List<JsonNode> events = new ArrayList<>(kubectl.list(settings.testNamespace(), "events", null).stream()
        .filter(e -> name.equals(e.path("involvedObject").path("name").asText())).toList());
    events.sort((a, b) -> Instant.parse(a.path("firstTimestamp").asText())
        .compareTo(Instant.parse(b.path("firstTimestamp").asText())));
    List<String> reasons = events.stream().map(e -> e.path("reason").asText()).toList();
    int next = 0;
    for (String reason : reasons) {
      if (next < expected.size() && expected.get(next).equals(reason)) {
        next++;
      }
    }
    assertThat(next).as("events of %s in order %s; saw %s", name, expected, reasons).isEqualTo(expected.size());
  }

  /**
   * docs/operations.md's way to the master's UI, which listens on its pod IP only: {@code kubectl exec} of
   * sft-master-json in the master pod, which works wherever the API server runs (its service proxy does not cross the
   * test's NetworkPolicy off the node: GKE, EKS, multi-node kind).
   */
  private void assertMasterUiThroughKubectlExec(String ns) {
    Command.Result read = kubectl.run(Duration.ofSeconds(60), null, "exec", "-n", ns, MINIMAL + "-master-0", "-c",
        "spark", "--", "/opt/sft/bin/sft-master-json");
    assertThat(read.ok()).as(read.describe()).isTrue();
    JsonNode master = Kubectl.parse(read.stdout());
    List<String> alive = new ArrayList<>();
    master.path("workers").forEach(w -> {
      if ("ALIVE".equals(w.path("state").asText())) {
        alive.add(w.path("host").asText());
      }
    });
    assertThat(alive).as("ALIVE workers in the master's /json/ through kubectl exec: %s", master).hasSize(2);
  }

  /**
   * The sft image's class-data archive (bin/sft-class-data) is mapped by every JVM of a run, each started through its
   * own path: the master and workers by the controller's command, the executors by the driver's settings, the driver
   * by the sft launcher. Checked once the loss Job's executors have registered, while all of them run.
   */
  private void assertEveryJvmMapsTheImagesClassData(String ns, String harnessPod) {
    Await.until("the loss Job's executors registered", settings.runBound(),
        () -> kubectl.run(Duration.ofSeconds(30), null, "logs", "-n", ns, harnessPod).stdout(),
        log -> log.contains("preflight: executors registered"));
    ClassDataMappings mappings = new ClassDataMappings(kubectl, ns);
    List<ClassDataMappings.Jvm> jvms = new ArrayList<>(mappings.of(MINIMAL + "-master-0", "spark"));
    jvms.addAll(mappings.of(MINIMAL + "-worker-0", "spark"));
    jvms.addAll(mappings.of(MINIMAL + "-worker-1", "spark"));
    jvms.addAll(mappings.of(harnessPod, "harness"));
    SuiteProgress.say("class data: %s", jvms);
    assertThat(jvms).as("every JVM of the run maps %s", ImageClassData.ARCHIVE)
        .allSatisfy(jvm -> assertThat(jvm.mapped()).as("%s, command line: %s", jvm, jvm.commandLine()).isTrue());
    for (String main : List.of("org.apache.spark.deploy.master.Master", "org.apache.spark.deploy.worker.Worker",
        "org.apache.spark.executor.CoarseGrainedExecutorBackend", "dev.sft.harness.cli.SftCli")) {
      assertThat(jvms).as("a JVM running %s", main).anySatisfy(jvm -> assertThat(jvm.runs(main)).isTrue());
    }
  }

  /**
   * On the claim: each harness Job's own report, and the run's report merged from both (neither Job's overwrote the
   * other's); each loss scenario killed one executor through pod exec into a worker pod, with the identity proven and
   * the exit observed.
   */
  private void assertEvidenceOnTheClaim(String runId) {
    Path runDir = fetchEvidence(MINIMAL, runId);
    assertThat(runDir.resolve("report.html")).as("sft k8s fetch copies the reports too").isRegularFile();
    Map<String, List<String>> reported = new TreeMap<>();
    for (String report : List.of("report.json", "driver-spec/report.json", "driver-loss/report.json")) {
      String content = read(runDir.resolve(report));
      List<String> names = new ArrayList<>();
      Kubectl.parse(content).path("scenarios").forEach(s -> names.add(s.path("name").asText()));
      reported.put(report, names);
    }
    assertThat(reported.get("driver-spec/report.json")).as("the -spec Job's report")
        .containsExactly("speculation-original-wins", "speculation-speculative-wins");
    assertThat(reported.get("driver-loss/report.json")).as("the -loss Job's report")
        .containsExactly("executor-loss-task-replacement", "executor-loss-shuffle-loss");
    assertThat(reported.get("report.json")).as("the run's report, merged from both Jobs'")
        .containsExactlyElementsOf(ScenarioName.defaults().stream().map(ScenarioName::id).toList());
    releasedIceberg = CustomBuildEvidence.icebergRuntime(Kubectl.parse(read(runDir.resolve("report.json"))),
        "released image");
    // The kill contract's records are RUN_DIRECTORY/kills/kill-*.json (kill-target.json beside them is the plan).
    List<Path> killFiles;
    try (Stream<Path> walk = Files.walk(runDir)) {
      killFiles = walk.filter(f -> f.getParent().getFileName().toString().equals("kills")
          && f.getFileName().toString().matches("kill-.*\\.json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<JsonNode> kills = killFiles.stream().map(f -> Kubectl.parse(read(f))).toList();
    assertThat(kills).as("kill records under %s: %s", runDir, killFiles).hasSize(2);
    assertThat(kills).allSatisfy(kill -> {
      assertThat(kill.path("transport").asText()).isEqualTo("pod-exec");
      assertThat(kill.path("result").asText()).as("kill %s", kill).isEqualTo("killed");
      assertThat(kill.path("pod").asText()).startsWith(MINIMAL + "-worker-");
      assertThat(kill.path("cmdline").asText()).contains("org.apache.spark.executor.CoarseGrainedExecutorBackend")
          .contains("--executor-id");
      assertThat(kill.path("exitObservedMs").asLong()).isGreaterThanOrEqualTo(kill.path("killTimeMs").asLong());
    });
  }

  /**
   * The run's evidence as a user copies it off the claim: {@code sft k8s fetch} (a restricted reader pod, the claim
   * read-only), into this suite's output folder; returns the local copy of {@code <mountPath>/<runId>/}.
   */
  private Path fetchEvidence(String test, String runId) {
    Path out = settings.output().resolve("evidence").resolve(test);
    Command.Result fetched = sft.fetch(settings.testNamespace(), test, out);
    Path runDir = out.resolve(runId);
    assertThat(runDir).as("sft k8s fetch: %s", fetched.describe()).isDirectory();
    assertThat(fetched.stdout()).contains("copied ");
    // Deleted with no grace period; the API server may still show it for a moment while the kubelet stops it.
    Await.until("sft k8s fetch's reader pod deleted", Duration.ofSeconds(60),
        () -> kubectl.list(settings.testNamespace(), "pods", "app.kubernetes.io/managed-by=sft-cli").size(),
        remaining -> remaining == 0);
    return runDir;
  }

  private static String read(Path file) {
    assertThat(file).as("fetched evidence").isRegularFile();
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
