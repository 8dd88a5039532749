package dev.sft.controller.reconcile;

import dev.sft.contract.Verdict;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.owned.ChildResources;
import dev.sft.api.Names;
import dev.sft.controller.owned.PodSecurity;
import dev.sft.controller.observe.ClusterObserver;
import dev.sft.controller.observe.ClusterReadiness;
import dev.sft.controller.observe.HarnessObserver;
import dev.sft.controller.observe.ObjectEvents;
import dev.sft.controller.observe.QuotaCheck;
import dev.sft.controller.observe.StartProblems;
import dev.sft.controller.observe.StorageObserver;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.TestClock;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The controller's real step classes wired by hand, as CDI wires them, over a mock API server ({@link StepTest}): no
 * Quarkus boot. Each {@code new...} call builds a fresh instance, as a restarted controller would have; every
 * {@link #ledger} reads the test from the API server, as {@link RunOrchestrator} does at the start of a reconcile.
 */
final class StepFixture {
  static final String NAMESPACE = "steps";

  final KubernetesClient client;
  final TestClock clock = new TestClock();
  final FakeMasterProbe masters = new FakeMasterProbe();
  final WorkloadSimulator workloads;
  private final PodSecurity security = PodSecurity.of(185L, 185L, 185L);

  StepFixture(KubernetesClient client) {
    this.client = client;
    this.workloads = new WorkloadSimulator(client, masters);
  }

  /** Creates a valid test (two workers, four scenarios), changed first by {@code change}. */
  SchedulerFailureTest create(String name, Consumer<SchedulerFailureTestSpec> change) {
    SchedulerFailureTest test = TestResources.valid(NAMESPACE, name);
    change.accept(test.getSpec());
    return client.resource(test).create();
  }

  /** Two builds compared: the baseline's Spark image is 4.1.2, the candidate's (the spec's own) 4.1.3. */
  static void compare(SchedulerFailureTestSpec spec) {
    spec.compare = new SchedulerFailureTestSpec.Compare();
    spec.compare.baseline = new SchedulerFailureTestSpec.BaselineBuild();
    spec.compare.baseline.sparkImage = "registry.example/spark:4.1.2";
    spec.compare.baseline.harnessImage = "registry.example/sft-harness:0.0.9";
  }

  /** The image of the Spark container of the test's master StatefulSet, or null without one. */
  String masterImage(SchedulerFailureTest test) {
    var master = client.apps().statefulSets().inNamespace(NAMESPACE).withName(Names.master(test)).get();
    return master == null ? null : master.getSpec().getTemplate().getSpec().getContainers().stream()
        .filter(c -> Names.SPARK_CONTAINER.equals(c.getName())).findFirst().orElseThrow().getImage();
  }

  List<Job> jobs() {
    return client.batch().v1().jobs().inNamespace(NAMESPACE).list().getItems();
  }

  SchedulerFailureTest get(SchedulerFailureTest test) {
    return client.resources(SchedulerFailureTest.class).inNamespace(NAMESPACE)
        .withName(test.getMetadata().getName()).get();
  }

  /** The test as the API server has it now, with its run's spec resolved, as a reconcile starts from. */
  StatusLedger ledger(SchedulerFailureTest test) {
    SchedulerFailureTest fresh = get(test);
    if (fresh.getStatus() == null) {
      fresh.setStatus(new SchedulerFailureTestStatus());
    }
    String runSpec = fresh.getStatus().runSpec;
    return new StatusLedger(fresh, runSpec == null ? null : ResolvedSpec.of(client.getKubernetesSerialization()
        .unmarshal(runSpec, SchedulerFailureTestSpec.class)));
  }

  /** Writes a status change directly, as a previous controller (or a test's premise) left it. */
  void editStatus(SchedulerFailureTest test, Consumer<SchedulerFailureTestStatus> change) {
    client.resources(SchedulerFailureTest.class).inNamespace(NAMESPACE).withName(test.getMetadata().getName())
        .editStatus(t -> {
          if (t.getStatus() == null) {
            t.setStatus(new SchedulerFailureTestStatus());
          }
          change.accept(t.getStatus());
          return t;
        });
  }

  /** The reasons of the Events about the test, oldest first, a repeated Event's once per occurrence (its count). */
  List<String> eventReasons(SchedulerFailureTest test) {
    return events(test).stream()
        .flatMap(e -> java.util.Collections.nCopies(e.getCount() == null ? 1 : e.getCount(), e.getReason()).stream())
        .toList();
  }

  List<Event> events(SchedulerFailureTest test) {
    return client.v1().events().inNamespace(NAMESPACE).list().getItems().stream()
        .filter(e -> test.getMetadata().getName().equals(e.getInvolvedObject().getName()))
        .sorted(Comparator.comparing(Event::getFirstTimestamp))
        .toList();
  }

  /** Starts a run and applies its cluster: the status is at {@code AwaitingCluster}. */
  void startAndApply(SchedulerFailureTest test) {
    newStartRun().advance(ledger(test));
    newApplyCluster().advance(ledger(test));
  }

  /** Starts a run, applies its cluster, brings it up: the status is at {@code RunningHarness}, not yet written. */
  StatusLedger runningHarness(SchedulerFailureTest test) {
    startAndApply(test);
    workloads.clusterUp(get(test), ResolvedSpec.of(test.getSpec()).workers());
    StatusLedger ledger = ledger(test);
    newAwaitCluster().advance(ledger);
    new StatusWriter(client).write(ledger.test());
    return ledger(test);
  }

  /**
   * Runs every harness Job of the run to its end, each reporting every repetition passed on the scheduler's side and
   * {@code storage} on the storage side; returns the ledger as the last Job's step left it (its end not yet written).
   */
  StatusLedger allJobsFinished(SchedulerFailureTest test, Verdict storage) {
    StatusLedger ledger = runningHarness(test);
    RunHarnessJob step = newRunHarnessJob();
    for (HarnessJob job : ledger.status().harnessJobs) {
      step.advance(ledger); // creates it
      workloads.finishJob(NAMESPACE, job.name, Reports.of(ledger.status().runId, job.scenarios, 1, Verdict.Passed,
          storage), storage == Verdict.Passed ? 0 : 1);
      step.advance(ledger); // records it
    }
    return ledger;
  }

  /** The provisioner bound the test's generated claim. */
  void claimBound(SchedulerFailureTest test) {
    client.persistentVolumeClaims().inNamespace(NAMESPACE).withName(Names.generatedClaim(test)).editStatus(c -> {
      c.setStatus(new PersistentVolumeClaimStatusBuilder().withPhase("Bound").build());
      return c;
    });
  }

  String storageCheckJob(SchedulerFailureTest test) {
    return Names.storageCheckJob(test, get(test).getStatus().runNumber);
  }

  StatusWriter statusWriter() {
    return new StatusWriter(client);
  }

  EventRecorder events() {
    return new EventRecorder(client);
  }

  ChildResources children() {
    return new ChildResources(client, "sft-system", security);
  }

  ScheduleKeeper newScheduleKeeper() {
    return new ScheduleKeeper(statusWriter(), events(), clock, Duration.ofHours(1));
  }

  GenerationKeeper newGenerationKeeper() {
    return new GenerationKeeper(client, statusWriter(), events());
  }

  StartRun newStartRun() {
    return new StartRun(client, new QuotaCheck(client), newScheduleKeeper(), newGenerationKeeper(), statusWriter(), events(), clock);
  }

  ApplyCluster newApplyCluster() {
    return new ApplyCluster(children(), statusWriter(), security, clock);
  }

  AwaitCluster newAwaitCluster() {
    ObjectEvents objectEvents = new ObjectEvents(client);
    StartProblems startProblems = new StartProblems(client, objectEvents);
    ClusterReadiness readiness = new ClusterReadiness(
        new ClusterObserver(client, masters, Names.IN_CLUSTER_MASTER_JSON_URL),
        new StorageObserver(client, objectEvents), startProblems);
    return new AwaitCluster(readiness, newEndRun(), newTurnJobs(), statusWriter(), events(), clock);
  }

  RollCluster newRollCluster() {
    return new RollCluster(statusWriter(), events());
  }

  RunHarnessJob newRunHarnessJob() {
    HarnessObserver observer = new HarnessObserver(client, new StartProblems(client, new ObjectEvents(client)));
    return new RunHarnessJob(client, newRollCluster(), newEndRun(), newTurnJobs(), observer, statusWriter(), events(),
        clock);
  }

  TurnJobs newTurnJobs() {
    return new TurnJobs(children(), statusWriter(), events(), security, clock);
  }

  EndRun newEndRun() {
    return new EndRun(children(), statusWriter(), events(), clock);
  }
}
