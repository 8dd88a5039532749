package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.StatusLedger;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import dev.sft.api.ResolvedSpec;
import dev.sft.controller.owned.PodResources;
import dev.sft.controller.support.ChartRbacRules;
import dev.sft.controller.support.RequestedVerbs;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link StartRun} alone, over a mock API server. Transitions covered:
 * <ul>
 *   <li>new generation, valid spec → {@code Provisioning}/{@code ApplyingCluster}, Jobs planned {@code Pending},
 *       {@code RunStarted} Event; nothing created yet</li>
 *   <li>invalid spec → {@code Pending} with {@code Stalled} ({@code InvalidSpec} Event), nothing created; a new
 *       instance over that status writes and posts nothing again</li>
 *   <li>finished run, same generation, no schedule → stays idle, no write</li>
 *   <li>finished run, then a change of the scheduling fields alone → the generation is adopted, no new run</li>
 *   <li>finished run, then any other change → run 2 with a new run id, run 1 archived in the history</li>
 *   <li>finished run, the schedule's firing due → a run recording the firing ({@code lastScheduleTime}) and the next
 *       ({@code nextScheduleTime}) in its start write</li>
 *   <li>restart: the run id is derived from uid and run number, so a repeated start names the same run</li>
 * </ul>
 */
class StartRunTest extends StepTest {

  @Test
  void aNewGenerationStartsARunAndCreatesNothingYet() {
    SchedulerFailureTest test = fixture.create("start", spec -> {});

    Next next = fixture.newStartRun().advance(fixture.ledger(test));

    assertThat(next).isEqualTo(Next.CONTINUE);
    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Provisioning);
    assertThat(status.step).isEqualTo(Step.ApplyingCluster);
    assertThat(status.runNumber).isEqualTo(1);
    assertThat(status.runId).startsWith("start-r1-");
    assertThat(status.runGeneration).isEqualTo(1L);
    assertThat(status.runSpec).contains("registry.example/spark:4.1.3");
    assertThat(status.harnessJobs).extracting(j -> j.state).containsOnly(JobState.Pending).isNotEmpty();
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted");
    assertThat(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
    assertThat(client.batch().v1().jobs().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
  }

  @Test
  void anInvalidSpecStallsOnceAndCreatesNothing() {
    SchedulerFailureTest test = fixture.create("invalid", spec -> spec.spark.workers = 0);

    Next next = fixture.newStartRun().advance(fixture.ledger(test));

    assertThat(next).isEqualTo(Next.IDLE);
    SchedulerFailureTest stalled = fixture.get(test);
    assertThat(stalled.getStatus().phase).isEqualTo(Phase.Pending);
    assertThat(stalled.getStatus().runId).isNull();
    assertThat(Conditions.find(stalled.getStatus(), Conditions.STALLED).getStatus()).isEqualTo("True");
    assertThat(stalled.getStatus().message).startsWith("invalid spec, nothing was created: ").contains("workers");
    assertThat(fixture.eventReasons(test)).containsExactly("InvalidSpec");

    // A new instance (a restarted controller) over the stalled status: already reported.
    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.IDLE);
    assertThat(fixture.get(test).getMetadata().getResourceVersion())
        .isEqualTo(stalled.getMetadata().getResourceVersion());
    assertThat(fixture.eventReasons(test)).containsExactly("InvalidSpec");
    assertThat(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
  }

  @Test
  void aRunTheQuotasLeaveNoRoomForStallsWithTheNumbersAndCreatesNothing() {
    SchedulerFailureTest test = fixture.create("quota", spec -> {
      spec.repeat = 4;
      spec.parallelism = 2;
    });
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    long neededMib = 2 * mib(PodResources.master()) + 4 * mib(PodResources.worker(spec))
        + 2 * mib(PodResources.harness(spec)) + mib(PodResources.storageCheck());
    quota("compute", Map.of("requests.memory", "16Gi", "pods", "20"), Map.of("requests.memory", "10Gi", "pods", "3"));
    // Scoped to pods a run never has (a Job's with activeDeadlineSeconds): not this run's to fit.
    quota("terminating", Map.of("pods", "1"), Map.of("pods", "1"), "Terminating");

    Next next = fixture.newStartRun().advance(fixture.ledger(test));

    assertThat(next).isEqualTo(Next.waitFor(StartRun.QUOTA_RECHECK));
    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Pending);
    assertThat(status.runId).isNull();
    var stalled = Conditions.find(status, Conditions.STALLED);
    assertThat(stalled.getStatus()).isEqualTo("True");
    assertThat(stalled.getReason()).isEqualTo("QuotaExceeded");
    assertThat(status.message).isEqualTo("not started, nothing was created: the namespace's ResourceQuotas leave no "
        + "room for this run's 2 master, 4 worker, 2 harness, 1 storage check pod(s) (spec.parallelism 2): "
        + "ResourceQuota compute requests.memory: needs " + neededMib + "Mi, 6144Mi left (hard 16384Mi, used 10240Mi)");
    assertThat(neededMib).as("the premise: more than is left").isGreaterThan(6144);
    assertThat(fixture.eventReasons(test)).containsExactly("QuotaExceeded");
    assertThat(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
    assertThat(client.persistentVolumeClaims().inNamespace(StepFixture.NAMESPACE).list().getItems()).isEmpty();
    assertThat(RequestedVerbs.on(server, "resourcequotas")).containsExactly("list")
        .isSubsetOf(ChartRbacRules.verbsOn("resourcequotas"));

    // Looked at again with the same quotas: reported once. Then room is made, and the run starts.
    fixture.newStartRun().advance(fixture.ledger(test));
    assertThat(fixture.eventReasons(test)).containsExactly("QuotaExceeded");
    quota("compute", Map.of("requests.memory", "64Gi", "pods", "20"), Map.of("requests.memory", "10Gi", "pods", "3"));
    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);
    assertThat(fixture.get(test).getStatus().phase).isEqualTo(Phase.Provisioning);
  }

  @Test
  void theTestsOwnRetainedPodsAreGivenBackBeforeTheQuotaIsJudged() {
    SchedulerFailureTest test = fixture.create("retained", spec -> {});
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    int pods = 1 + spec.workers() + 1 + 1;
    // Room for exactly one run, of which the kept cluster of the run before (a master) already holds its share.
    client.resource(new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName("retained-master-0")
        .withNamespace(StepFixture.NAMESPACE).withLabels(Map.of(Names.TEST_LABEL, "retained")).endMetadata()
        .withNewSpec().addNewContainer().withName("spark").withResources(PodResources.master()).endContainer()
        .endSpec().build()).create();
    quota("pods", Map.of("pods", String.valueOf(pods)), Map.of("pods", "1"));

    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    quota("pods", Map.of("pods", String.valueOf(pods)), Map.of("pods", "2"));
    fixture.editStatus(test, s -> s.runGeneration = 0L);
    fixture.newStartRun().advance(fixture.ledger(test));
    assertThat(fixture.get(test).getStatus().message).contains("ResourceQuota pods pods: needs " + pods + ", "
        + (pods - 1) + " left (hard " + pods + ", used 2)");
  }

  private void quota(String name, Map<String, String> hard, Map<String, String> used, String... scopes) {
    var quantities = (java.util.function.Function<Map<String, String>, Map<String, Quantity>>) m -> m.entrySet()
        .stream().collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> new Quantity(e.getValue())));
    ResourceQuota quota = new ResourceQuotaBuilder().withNewMetadata().withName(name)
        .withNamespace(StepFixture.NAMESPACE).endMetadata()
        .withNewSpec().withHard(quantities.apply(hard)).withScopes(scopes).endSpec()
        .withNewStatus().withHard(quantities.apply(hard)).withUsed(quantities.apply(used)).endStatus().build();
    client.resource(quota).createOr(existing -> existing.update());
    RequestedVerbs.on(server, "resourcequotas");
  }

  private static long mib(io.fabric8.kubernetes.api.model.ResourceRequirements resources) {
    return Quantity.getAmountInBytes(resources.getRequests().get("memory")).longValueExact() / (1024 * 1024);
  }

  @Test
  void aFinishedRunOfTheCurrentGenerationStaysIdle() {
    SchedulerFailureTest test = fixture.create("idle", spec -> {});
    finishedRun(test);
    String version = fixture.get(test).getMetadata().getResourceVersion();

    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.IDLE);

    assertThat(fixture.get(test).getMetadata().getResourceVersion()).isEqualTo(version);
    assertThat(fixture.get(test).getStatus().runNumber).isEqualTo(1);
  }

  @Test
  void aChangeOfTheScheduleAloneIsAdoptedWithoutARun() {
    SchedulerFailureTest test = fixture.create("adopt", spec -> {});
    finishedRun(test);
    SchedulerFailureTest changed = fixture.get(test);
    changed.getSpec().suspend = true;
    changed = client.resource(changed).update();
    assertThat(changed.getMetadata().getGeneration()).isEqualTo(2L);

    Next next = fixture.newStartRun().advance(fixture.ledger(test));

    assertThat(next).isEqualTo(Next.CONTINUE);
    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.runNumber).isEqualTo(1);
    assertThat(status.runGeneration).isEqualTo(2L);
    assertThat(status.phase).isEqualTo(Phase.Succeeded);
    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.IDLE);
  }

  @Test
  void anyOtherChangeStartsTheNextRunAndArchivesTheLast() {
    SchedulerFailureTest test = fixture.create("rerun", spec -> {});
    finishedRun(test);
    String firstRun = fixture.get(test).getStatus().runId;
    SchedulerFailureTest changed = fixture.get(test);
    changed.getSpec().repeat = 2;
    client.resource(changed).update();

    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.runNumber).isEqualTo(2);
    assertThat(status.runId).startsWith("rerun-r2-").isNotEqualTo(firstRun);
    assertThat(status.phase).isEqualTo(Phase.Provisioning);
    assertThat(status.history).extracting(r -> r.runId).containsExactly(firstRun);
  }

  @Test
  void aDueFiringOfTheScheduleStartsARunAndRecordsTheFiringInTheSameWrite() {
    SchedulerFailureTest test = fixture.create("fires", spec -> spec.schedule = "0 * * * *");
    finishedRun(test);
    Instant firing = Instant.parse(fixture.get(test).getStatus().nextScheduleTime);
    fixture.clock.jumpTo(firing.plusSeconds(5));

    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.runNumber).isEqualTo(2);
    assertThat(status.lastScheduleTime).isEqualTo(firing.toString());
    assertThat(Instant.parse(status.nextScheduleTime)).isEqualTo(firing.plus(1, ChronoUnit.HOURS));
    assertThat(status.message).contains("the schedule's firing at " + firing);
  }

  @Test
  void aDueFiringTheQuotasLeaveNoRoomForStallsAndStaysDue() {
    SchedulerFailureTest test = fixture.create("firesfull", spec -> spec.schedule = "0 * * * *");
    finishedRun(test);
    Instant firing = Instant.parse(fixture.get(test).getStatus().nextScheduleTime);
    fixture.clock.jumpTo(firing.plusSeconds(5));
    quota("full", Map.of("pods", "3"), Map.of("pods", "3"));

    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.waitFor(StartRun.QUOTA_RECHECK));

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.runNumber).isEqualTo(1);
    assertThat(status.lastScheduleTime).as("the firing is still due").isNull();
    assertThat(Conditions.find(status, Conditions.STALLED).getReason()).isEqualTo("QuotaExceeded");
    quota("full", Map.of("pods", "30"), Map.of("pods", "3"));
    assertThat(fixture.newStartRun().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);
    assertThat(fixture.get(test).getStatus().lastScheduleTime).isEqualTo(firing.toString());
  }

  @Test
  void theRunIdIsDerivedSoARepeatedStartNamesTheSameRun() {
    SchedulerFailureTest test = fixture.create("derived", spec -> {});
    StatusLedger first = fixture.ledger(test);
    StatusLedger stale = fixture.ledger(test); // the same view, as a reconcile on a lagging cache has it

    fixture.newStartRun().advance(first);
    // The API server refuses the stale view's write (409, as Kubernetes); the id it decided before is the same.
    assertThatThrownBy(() -> fixture.newStartRun().advance(stale)).isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(409));

    assertThat(first.status().runId).startsWith("derived-r1-");
    assertThat(stale.status().runId).isEqualTo(first.status().runId);
    assertThat(fixture.get(test).getStatus().runNumber).as("one run started, not two").isEqualTo(1);
  }

  /** Drives run 1 to a finished, cleaned-up end with every Job succeeded. */
  private void finishedRun(SchedulerFailureTest test) {
    fixture.newStartRun().advance(fixture.ledger(test));
    fixture.editStatus(test, s -> {
      s.phase = Phase.Succeeded;
      s.step = Step.Done;
      s.completionTime = Instant.now().toString();
      s.harnessJobs.forEach(j -> j.state = JobState.Succeeded);
    });
    assertThat(client.resources(StatefulSet.class).inNamespace(StepFixture.NAMESPACE)
        .withName(Names.master(test)).get()).isNull();
  }
}
