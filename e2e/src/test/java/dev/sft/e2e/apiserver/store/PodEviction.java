package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.apimachinery.Timestamps;
import dev.sft.e2e.controllers.DisruptionBudgetStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetList;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pods' {@code eviction} subresource ({@code POST /api/v1/namespaces/NS/pods/NAME/eviction}, a policy/v1
 * Eviction), as kube-apiserver's {@code pkg/registry/core/pod/storage/eviction.go} decides it:
 *
 * <ol>
 *   <li>a pod that is Pending, Succeeded, Failed or already being deleted is deleted without looking at budgets;</li>
 *   <li>otherwise the PodDisruptionBudgets of its namespace whose selector matches it: more than one is a 500; none
 *       lets it go;</li>
 *   <li>a pod that is not Ready goes at once under {@code unhealthyPodEvictionPolicy: AlwaysAllow}, and under the
 *       default {@code IfHealthyBudget} when the budget is healthy ({@code currentHealthy >= desiredHealthy > 0});</li>
 *   <li>else the budget decides ({@code checkAndDecrement}): a status older than the spec
 *       ({@code observedGeneration < generation}) or no {@code disruptionsAllowed} left is a 429 TooManyRequests with a
 *       {@code DisruptionBudget} cause; an allowed one is decremented and the pod recorded in {@code disruptedPods}
 *       (the status write conflicts with the disruption controller's like any write: read again and retried);</li>
 *   <li>the pod gets the condition {@code DisruptionTarget} (reason {@code EvictionByEvictionAPI}) and is then
 *       deleted; the answer is a 201 {@code Success} Status.</li>
 * </ol>
 *
 * <p>Evictions are taken one at a time. Not served: {@code dryRun}, and the delete options of the Eviction body
 * (grace period, preconditions): the stand-in deletes a pod at once anyway.
 */
public final class PodEviction {
  /** eviction.go's {@code MaxDisruptedPodSize}. */
  static final int MAX_DISRUPTED_PODS = 2000;
  private static final int CONFLICT_RETRIES = 20;

  /** What the front writes: the HTTP code, the JSON body, and a Retry-After header when positive. */
  public record Answer(int code, String body, int retryAfterSeconds) {
  }

  private final StandInStore store;
  private final Clock clock;

  public PodEviction(StandInStore store) {
    this(store, Clock.systemUTC());
  }

  PodEviction(StandInStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  public synchronized Answer evict(String namespace, String podName, String body) {
    JsonNode eviction;
    try {
      eviction = Serialization.jsonMapper().readTree(body);
    } catch (Exception e) {
      return failure(400, "BadRequest", "cannot read the Eviction: " + e.getMessage());
    }
    if (eviction == null || !podName.equals(eviction.path("metadata").path("name").asText())) {
      return failure(400, "BadRequest", "name in URL does not match name in Eviction object");
    }
    if (!eviction.path("deleteOptions").path("dryRun").isMissingNode()) {
      return failure(400, "BadRequest", "dryRun is not supported by the API server stand-in (it would write)");
    }
    for (int attempt = 0; ; attempt++) {
      try {
        return attempt(namespace, podName);
      } catch (Conflict conflict) {
        if (attempt == CONFLICT_RETRIES) {
          return failure(409, "Conflict", conflict.getMessage());
        }
      }
    }
  }

  /** One pass over the pod as it is now; a write that met a newer version throws {@link Conflict}. */
  private Answer attempt(String namespace, String podName) throws Conflict {
    String podPath = "/api/v1/namespaces/" + namespace + "/pods/" + podName;
    MockResponse got = store.handleGet(podPath);
    if (got.code() == 404) {
      return failure(404, "NotFound", "pods \"" + podName + "\" not found");
    }
    Pod pod = Serialization.unmarshal(got.getBody().readUtf8(), Pod.class);
    if (canIgnoreBudgets(pod)) {
      return markAndDelete(pod, podPath, null);
    }
    List<PodDisruptionBudget> budgets = budgetsCovering(pod);
    if (budgets.size() > 1) {
      ObjectNode status = StatusBodies.node(500, null, "This pod has more than one PodDisruptionBudget, which the "
          + "eviction subresource does not support.", null);
      status.remove("reason");
      return new Answer(500, status.toString(), 0);
    }
    if (budgets.isEmpty()) {
      return markAndDelete(pod, podPath, null);
    }
    PodDisruptionBudget pdb = budgets.get(0);
    if (!Selectors.ready(pod) && unhealthyMayGo(pdb)) {
      // Deleted only if it did not become Ready since it was read: the budget would count it then.
      return markAndDelete(pod, podPath, pdb.getMetadata().getName());
    }
    Optional<Answer> refused = checkAndDecrement(pdb, podName);
    return refused.isPresent() ? refused.get() : markAndDelete(pod, podPath, null);
  }

  /** {@code canIgnorePDB}: the pod disrupts nothing more by going. */
  static boolean canIgnoreBudgets(Pod pod) {
    String phase = Selectors.phase(pod);
    return phase.equals("Pending") || phase.equals("Succeeded") || phase.equals("Failed")
        || Selectors.terminating(pod);
  }

  private static boolean unhealthyMayGo(PodDisruptionBudget pdb) {
    if ("AlwaysAllow".equals(pdb.getSpec().getUnhealthyPodEvictionPolicy())) {
      return true;
    }
    int current = pdb.getStatus() == null || pdb.getStatus().getCurrentHealthy() == null ? 0
        : pdb.getStatus().getCurrentHealthy();
    int desired = pdb.getStatus() == null || pdb.getStatus().getDesiredHealthy() == null ? 0
        : pdb.getStatus().getDesiredHealthy();
    return current >= desired && desired > 0;
  }

  private List<PodDisruptionBudget> budgetsCovering(Pod pod) {
    MockResponse listed = store.handleGet("/apis/policy/v1/namespaces/" + pod.getMetadata().getNamespace()
        + "/poddisruptionbudgets");
    List<PodDisruptionBudget> covering = new ArrayList<>();
    if (listed.code() != 200 || listed.getBody() == null) {
      return covering;
    }
    for (PodDisruptionBudget pdb : Serialization.unmarshal(listed.getBody().readUtf8(), PodDisruptionBudgetList.class)
        .getItems()) {
      if (DisruptionBudgetStatus.covers(pdb, pod)) {
        covering.add(pdb);
      }
    }
    return covering;
  }

  /** The budget's verdict: empty when it allowed one more disruption (and recorded it), else the refusal. */
  private Optional<Answer> checkAndDecrement(PodDisruptionBudget pdb, String podName) throws Conflict {
    String name = pdb.getMetadata().getName();
    var status = pdb.getStatus();
    long observed = status == null || status.getObservedGeneration() == null ? 0 : status.getObservedGeneration();
    long generation = pdb.getMetadata().getGeneration() == null ? 0 : pdb.getMetadata().getGeneration();
    if (status == null || observed < generation) {
      return Optional.of(tooManyRequests("The disruption budget " + name + " is still being processed by the server.",
          10));
    }
    int allowed = status.getDisruptionsAllowed() == null ? 0 : status.getDisruptionsAllowed();
    if (allowed < 0) {
      return Optional.of(forbidden(name, "pdb disruptions allowed is negative"));
    }
    if (status.getDisruptedPods() != null && status.getDisruptedPods().size() > MAX_DISRUPTED_PODS) {
      return Optional.of(forbidden(name,
          "DisruptedPods map too big - too many evictions not confirmed by PDB controller"));
    }
    if (allowed == 0) {
      return Optional.of(tooManyRequests(budgetMessage(pdb), 0));
    }
    pdb.setStatus(DisruptionBudgetStatus.afterEviction(pdb, podName, clock.instant()));
    put("/apis/policy/v1/namespaces/" + pdb.getMetadata().getNamespace() + "/poddisruptionbudgets/" + name
        + "/status", Serialization.asJson(pdb));
    return Optional.empty();
  }

  /** Why a budget with no disruption left refuses, in eviction.go's words. */
  private static String budgetMessage(PodDisruptionBudget pdb) {
    String name = pdb.getMetadata().getName();
    var status = pdb.getStatus();
    var condition = status.getConditions() == null ? null : status.getConditions().stream()
        .filter(c -> DisruptionBudgetStatus.DISRUPTION_ALLOWED.equals(c.getType())).findFirst().orElse(null);
    boolean failedWithMessage = condition != null && "False".equals(condition.getStatus())
        && condition.getMessage() != null && !condition.getMessage().isEmpty();
    int current = status.getCurrentHealthy() == null ? 0 : status.getCurrentHealthy();
    int desired = status.getDesiredHealthy() == null ? 0 : status.getDesiredHealthy();
    if (failedWithMessage && "SyncFailed".equals(condition.getReason())) {
      return "The disruption budget " + name + " does not allow evicting pods currently because it failed sync: "
          + condition.getMessage();
    }
    if (current <= desired) {
      return "The disruption budget " + name + " needs " + desired + " healthy pods and has " + current
          + " currently";
    }
    if (failedWithMessage) {
      return "The disruption budget " + name + " does not allow evicting pods currently (" + condition.getReason()
          + "): " + condition.getMessage();
    }
    return "The disruption budget " + name + " does not allow evicting pods currently";
  }

  /**
   * {@code addConditionAndDeletePod}: the pod gets {@code DisruptionTarget} True, then is deleted. With
   * {@code unhealthyBudget} (a not-Ready pod let go by its budget) a pod that changed since it was read is not deleted:
   * a 429, so the client tries again and the budget is asked afresh.
   */
  private Answer markAndDelete(Pod pod, String podPath, String unhealthyBudget) throws Conflict {
    List<PodCondition> conditions = new ArrayList<>();
    PodCondition previous = null;
    for (PodCondition condition : pod.getStatus() == null || pod.getStatus().getConditions() == null
        ? List.<PodCondition>of() : pod.getStatus().getConditions()) {
      if ("DisruptionTarget".equals(condition.getType())) {
        previous = condition;
      } else {
        conditions.add(condition);
      }
    }
    String since = previous != null && "True".equals(previous.getStatus()) && previous.getLastTransitionTime() != null
        ? previous.getLastTransitionTime() : Timestamps.time(clock.instant());
    conditions.add(new PodConditionBuilder().withType("DisruptionTarget").withStatus("True")
        .withReason("EvictionByEvictionAPI").withMessage("Eviction API: evicting").withLastTransitionTime(since)
        .build());
    if (pod.getStatus() == null) {
      pod.setStatus(new PodStatus());
    }
    pod.getStatus().setConditions(conditions);
    try {
      put(podPath + "/status", Serialization.asJson(pod));
    } catch (Conflict conflict) {
      if (unhealthyBudget != null) {
        return tooManyRequests("The disruption budget " + unhealthyBudget + " is still being processed by the "
            + "server.", 10);
      }
      throw conflict;
    }
    MockResponse deleted = store.handleDelete(podPath);
    if (deleted.code() == 404) {
      return failure(404, "NotFound", "pods \"" + pod.getMetadata().getName() + "\" not found");
    }
    ObjectNode success = StatusBodies.node(201, null, null, null);
    success.put("status", "Success");
    success.remove("message");
    success.remove("reason");
    return new Answer(201, success.toString(), 0);
  }

  private void put(String path, String json) throws Conflict {
    MockResponse answer = store.handleUpdate(new RecordedRequest("HTTP/1.1", HttpMethod.PUT, path,
        Headers.builder().add("Content-Type", "application/json").build(),
        new Buffer(json.getBytes(StandardCharsets.UTF_8))));
    if (answer.code() == 409) {
      throw new Conflict(path + " changed since it was read");
    }
    if (answer.code() >= 300) {
      throw new IllegalStateException("the eviction could not write " + path + ": HTTP " + answer.code() + " "
          + (answer.getBody() == null ? "" : answer.getBody().readUtf8()));
    }
  }

  /** {@code errors.NewTooManyRequests} with the budget's cause. */
  private static Answer tooManyRequests(String cause, int retryAfterSeconds) {
    ObjectNode details = Serialization.jsonMapper().createObjectNode();
    ObjectNode entry = details.putArray("causes").addObject();
    entry.put("reason", "DisruptionBudget");
    entry.put("message", cause);
    if (retryAfterSeconds > 0) {
      details.put("retryAfterSeconds", retryAfterSeconds);
    }
    return new Answer(429, StatusBodies.node(429, "TooManyRequests",
        "Cannot evict pod as it would violate the pod's disruption budget.", details).toString(), retryAfterSeconds);
  }

  private static Answer forbidden(String budget, String why) {
    ObjectNode details = Serialization.jsonMapper().createObjectNode();
    details.put("name", budget);
    details.put("group", "policy");
    details.put("kind", "poddisruptionbudget");
    return new Answer(403, StatusBodies.node(403, "Forbidden", "poddisruptionbudget.policy \"" + budget
        + "\" is forbidden: " + why, details).toString(), 0);
  }

  private static Answer failure(int code, String reason, String message) {
    return new Answer(code, StatusBodies.json(code, reason, message), 0);
  }

  /** A write met a newer version of the object (HTTP 409). */
  private static final class Conflict extends Exception {
    Conflict(String message) {
      super(message);
    }
  }
}
