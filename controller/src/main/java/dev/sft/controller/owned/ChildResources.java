package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SpecDefaults;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Applies and deletes a test's children. Every object gets the test as its controlling owner (so deleting the test
 * deletes them) unless it holds evidence a cleanup policy keeps ({@link OwnedResource#deletedWithTest}), the common
 * labels, and a hash of its desired state. Creates are idempotent: names are
 * deterministic, so a create that finds the object already there (a retry, a restarted controller) changes nothing.
 */
@ApplicationScoped
public class ChildResources {

  /**
   * The namespace the controller runs in ({@code SFT_CONTROLLER_NAMESPACE}, which the chart sets from the downward
   * API): each test's NetworkPolicy admits the readiness probe from there only.
   */
  public static final String CONTROLLER_NAMESPACE_PROPERTY = "sft.controller.namespace";

  private final KubernetesClient client;
  private final List<OwnedResource<?>> cluster;

  public ChildResources(KubernetesClient client,
      @ConfigProperty(name = CONTROLLER_NAMESPACE_PROPERTY) String controllerNamespace, PodSecurity security) {
    this.client = client;
    this.cluster = cluster(controllerNamespace, security);
  }

  /**
   * The Spark cluster and its fixtures, in creation order: storage, network identities, RBAC, network and disruption
   * policies, then pods.
   */
  public static List<OwnedResource<?>> cluster(String controllerNamespace, PodSecurity security) {
    List<OwnedResource<?>> owned = new java.util.ArrayList<>();
    owned.add(new SharedClaim());
    for (int k = 0; k < SpecDefaults.MAX_PARALLELISM; k++) {
      owned.add(new MasterService(k));
      owned.add(new WorkerService(k));
    }
    owned.addAll(List.of(
        new HarnessServiceAccount(),
        new HarnessRole(),
        new HarnessRoleBinding(),
        new SparkNetworkPolicy(),
        new ControllerProbePolicy(controllerNamespace),
        new SparkDisruptionBudget()));
    // One master and its workers per cluster (spec.parallelism); each says whether the spec owns it.
    for (int k = 0; k < SpecDefaults.MAX_PARALLELISM; k++) {
      owned.add(new MasterStatefulSet(security, k));
      owned.add(new WorkerStatefulSet(security, k));
    }
    return List.copyOf(owned);
  }

  public List<OwnedResource<?>> cluster() {
    return cluster;
  }

  /** Creates the child, or updates it when its desired state changed since the controller last applied it. */
  public <R extends HasMetadata> R apply(SchedulerFailureTest test, ResolvedSpec spec, OwnedResource<R> owned) {
    R desired = decorate(test, owned.desired(test, spec), owned.deletedWithTest(spec));
    R existing = client.resources(owned.type()).inNamespace(namespace(test)).withName(owned.name(test)).get();
    if (existing == null) {
      return createIfAbsent(owned.type(), desired);
    }
    if (!owned.updatable()) {
      return ownedAsDesired(existing, desired);
    }
    String existingHash = existing.getMetadata().getAnnotations() == null
        ? null : existing.getMetadata().getAnnotations().get(Names.DESIRED_HASH_ANNOTATION);
    if (hash(desired).equals(existingHash)) {
      return existing;
    }
    desired.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
    return client.resource(desired).update();
  }

  /** Creates a Job (harness or storage check) unless one of that name exists; never a second one. */
  public Job createJob(SchedulerFailureTest test, Job job) {
    return createIfAbsent(Job.class, decorate(test, job, true));
  }

  /**
   * An object whose spec is not updated (a claim) still follows the cleanup policies in whether the test owns it: a
   * spec change to or from DeleteAll, or a claim left by a deleted test of the same name that a new test mounts.
   */
  private <R extends HasMetadata> R ownedAsDesired(R existing, R desired) {
    List<OwnerReference> wanted = desired.getMetadata().getOwnerReferences();
    List<OwnerReference> current = existing.getMetadata().getOwnerReferences();
    if ((current == null || current.isEmpty()) ? wanted.isEmpty() : current.equals(wanted)) {
      return existing;
    }
    existing.getMetadata().setOwnerReferences(wanted);
    return client.resource(existing).update();
  }

  /**
   * Deletes the objects of Spark clusters the spec no longer runs ({@link OwnedResource#isLeftOver}), left by a run with
   * a higher {@code spec.parallelism}. One list of the test's StatefulSets tells whether there are any (the chart
   * grants no list on Services); only then is each left-over object deleted by name, a missing one being no error.
   */
  public void deleteLeftOvers(SchedulerFailureTest test, ResolvedSpec spec) {
    List<OwnedResource<?>> leftOver = cluster.stream().filter(owned -> owned.isLeftOver(spec)).toList();
    java.util.Set<String> statefulSets = client.apps().statefulSets().inNamespace(namespace(test))
        .withLabels(Names.testLabels(test)).list().getItems().stream().map(s -> s.getMetadata().getName())
        .collect(java.util.stream.Collectors.toSet());
    if (leftOver.stream().anyMatch(owned -> statefulSets.contains(owned.name(test)))) {
      leftOver.forEach(owned -> delete(test, owned.type(), owned.name(test)));
    }
  }

  public <R extends HasMetadata> void delete(SchedulerFailureTest test, Class<R> type, String name) {
    client.resources(type).inNamespace(namespace(test)).withName(name).withPropagationPolicy(
        io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND).delete();
  }

  /** Every Job of this test (harness Jobs and storage checks), of any run. */
  public List<Job> jobs(SchedulerFailureTest test) {
    return client.batch().v1().jobs().inNamespace(namespace(test))
        .withLabel(Names.TEST_LABEL, test.getMetadata().getName())
        .list().getItems();
  }

  /** Deletes every Job of this test that belongs to a run other than {@code runId}. */
  public void deleteJobsOfOtherRuns(SchedulerFailureTest test, String runId) {
    for (Job job : jobs(test)) {
      if (!runId.equals(job.getMetadata().getLabels().get(Names.RUN_ID_LABEL))) {
        delete(test, Job.class, job.getMetadata().getName());
      }
    }
  }

  private <R extends HasMetadata> R createIfAbsent(Class<R> type, R desired) {
    try {
      return client.resource(desired).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      return client.resources(type).inNamespace(desired.getMetadata().getNamespace())
          .withName(desired.getMetadata().getName()).get();
    }
  }

  /** @param owned whether the test becomes the controlling owner (so that deleting the test deletes it) */
  private <R extends HasMetadata> R decorate(SchedulerFailureTest test, R child, boolean owned) {
    var metadata = child.getMetadata();
    metadata.setNamespace(namespace(test));
    Names.testLabels(test).forEach((k, v) -> {
      if (metadata.getLabels() == null) {
        metadata.setLabels(new java.util.LinkedHashMap<>());
      }
      metadata.getLabels().putIfAbsent(k, v);
    });
    metadata.setOwnerReferences(!owned ? List.of() : List.of(new OwnerReferenceBuilder()
        .withApiVersion(test.getApiVersion())
        .withKind(test.getKind())
        .withName(test.getMetadata().getName())
        .withUid(test.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build()));
    String hash = hash(child);
    if (metadata.getAnnotations() == null) {
      metadata.setAnnotations(new java.util.LinkedHashMap<>());
    }
    metadata.getAnnotations().put(Names.DESIRED_HASH_ANNOTATION, hash);
    return child;
  }

  /** Hash of the desired object without its own hash annotation. */
  private String hash(HasMetadata desired) {
    HasMetadata copy = client.getKubernetesSerialization().clone(desired);
    if (copy.getMetadata().getAnnotations() != null) {
      copy.getMetadata().getAnnotations().remove(Names.DESIRED_HASH_ANNOTATION);
    }
    copy.getMetadata().setResourceVersion(null);
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(client.getKubernetesSerialization().asJson(copy).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String namespace(SchedulerFailureTest test) {
    return test.getMetadata().getNamespace();
  }
}
