package dev.sft.controller.support;

import static org.awaitility.Awaitility.await;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.Names;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/** Reads what the controller did, for assertions, and waits for it. */
public final class TestCluster {
  /**
   * Longer than the controller's 30 s harness poll: a watch event lost under load is then caught by the next poll
   * instead of failing the test.
   */
  public static final Duration TIMEOUT = Duration.ofSeconds(75);
  private final KubernetesClient client;

  public TestCluster(KubernetesClient client) {
    this.client = client;
  }

  public SchedulerFailureTest create(SchedulerFailureTest test) {
    return client.resource(test).create();
  }

  /**
   * The test as the API server has it now. Listed by name rather than read by name, so the reads by name stay the
   * controller's ({@link ControllerReads}).
   */
  public SchedulerFailureTest get(SchedulerFailureTest test) {
    return client.resources(SchedulerFailureTest.class).inNamespace(test.getMetadata().getNamespace())
        .withField("metadata.name", test.getMetadata().getName()).list().getItems().stream().findFirst()
        .orElse(null);
  }

  /** Waits until the status satisfies the condition and returns the resource as it was then. */
  public SchedulerFailureTest awaitStatus(SchedulerFailureTest test, String what,
      Predicate<SchedulerFailureTestStatus> condition) {
    return await(what).atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
        .until(() -> get(test), r -> r != null && r.getStatus() != null && condition.test(r.getStatus()));
  }

  public Job awaitJob(SchedulerFailureTest test, String name) {
    return await("Job " + name).atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
        .until(() -> client.batch().v1().jobs().inNamespace(test.getMetadata().getNamespace()).withName(name).get(),
            j -> j != null);
  }

  /** The test's harness Jobs (not its storage checks). */
  public List<Job> jobs(SchedulerFailureTest test) {
    return client.batch().v1().jobs().inNamespace(test.getMetadata().getNamespace())
        .withLabel(Names.TEST_LABEL, test.getMetadata().getName())
        .withLabel(Names.COMPONENT_LABEL, Names.HARNESS).list().getItems();
  }

  /** Every Job of the test: harness Jobs and storage checks. */
  public List<Job> allJobs(SchedulerFailureTest test) {
    return client.batch().v1().jobs().inNamespace(test.getMetadata().getNamespace())
        .withLabel(Names.TEST_LABEL, test.getMetadata().getName()).list().getItems();
  }

  public <R extends HasMetadata> R child(SchedulerFailureTest test, Class<R> type, String name) {
    return client.resources(type).inNamespace(test.getMetadata().getNamespace()).withName(name).get();
  }

  /** Every object in the namespace labelled as this test's, of the kinds the controller creates. */
  public List<HasMetadata> children(SchedulerFailureTest test) {
    String ns = test.getMetadata().getNamespace();
    String name = test.getMetadata().getName();
    List<HasMetadata> all = new java.util.ArrayList<>();
    all.addAll(client.persistentVolumeClaims().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list().getItems());
    all.addAll(client.services().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list().getItems());
    all.addAll(client.apps().statefulSets().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list().getItems());
    all.addAll(client.serviceAccounts().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list().getItems());
    all.addAll(client.rbac().roles().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list().getItems());
    all.addAll(client.rbac().roleBindings().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list().getItems());
    all.addAll(client.network().v1().networkPolicies().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list()
        .getItems());
    all.addAll(client.policy().v1().podDisruptionBudget().inNamespace(ns).withLabel(Names.TEST_LABEL, name).list()
        .getItems());
    all.addAll(allJobs(test));
    return all;
  }

  /**
   * Waits until Events with all these reasons name the resource, and returns every reason seen: the controller posts
   * each Event after the status write a test awaited, so a list read at once can miss the last one.
   */
  public List<String> awaitEventReason(SchedulerFailureTest test, String... reasons) {
    return await("Events " + List.of(reasons)).atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
        .until(() -> eventReasons(test), seen -> seen.containsAll(List.of(reasons)));
  }

  /** Waits until at least this many Events with this reason name the resource, then asserts it is exactly this many. */
  public void awaitEventReasonCount(SchedulerFailureTest test, String reason, int count) {
    List<String> seen = await("Events " + reason + " x" + count).atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
        .until(() -> eventReasons(test), all -> all.stream().filter(reason::equals).count() >= count);
    org.assertj.core.api.Assertions.assertThat(seen.stream().filter(reason::equals)).as(reason + " Events").hasSize(count);
  }

  public List<String> eventReasons(SchedulerFailureTest test) {
    return client.v1().events().inNamespace(test.getMetadata().getNamespace()).list().getItems().stream()
        .filter(e -> test.getMetadata().getName().equals(e.getInvolvedObject().getName()))
        .sorted(java.util.Comparator.comparing(Event::getFirstTimestamp)
            .thenComparing(e -> e.getMetadata().getName()))
        // a repeated Event is one object with a count: each occurrence is listed
        .flatMap(e -> java.util.Collections.nCopies(e.getCount() == null ? 1 : e.getCount(), e.getReason()).stream())
        .toList();
  }
}
