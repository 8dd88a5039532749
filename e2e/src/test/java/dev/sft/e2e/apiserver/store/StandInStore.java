package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.validation.RequestValidation;
import dev.sft.e2e.apiserver.validation.Validated;
import dev.sft.e2e.apiserver.validation.RequestRefused;
import dev.sft.e2e.admission.AdmissionRefused;
import dev.sft.e2e.admission.ClusterObjects;
import dev.sft.e2e.admission.PodAdmission;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudDispatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

/**
 * The object store: fabric8's CRUD dispatcher (storage, label/field selectors, create, get, list, delete with
 * finalizers, CRD bookkeeping), with its PUT/PATCH replaced by {@link UpdateHandler}, every change recorded in a
 * {@link WatchHub}, and one lock around all of it so that watches start exactly between two changes. Every create
 * and update passes {@link RequestValidation} first (names, sizes, custom resource schemas and CEL rules), and every
 * create of a pod {@link PodAdmission} before it (Pod Security, restricted-v2, LimitRanger, ResourceQuota). Deleting a
 * Namespace deletes what is in it.
 */
public final class StandInStore extends KubernetesCrudDispatcher {

  private static final String CRD_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final WatchHub watches = new WatchHub();
  private final ResourceCatalog catalog = new ResourceCatalog(this::storedCrds);
  private final KubernetesAttributesExtractor keys = new KubernetesAttributesExtractor();
  private final RequestValidation validation = new RequestValidation(catalog);
  private final UpdateHandler updates = new UpdateHandler(this, catalog, validation, this::createFromApply);
  private final PodAdmission podAdmission = new PodAdmission(new ClusterObjects(this::storedJson));

  public ResourceCatalog catalog() {
    return catalog;
  }

  public WatchHub watches() {
    return watches;
  }

  @Override
  public MockResponse handleCreate(RecordedRequest request) {
    RecordedRequest named = withGeneratedName(request);
    return locked(() -> establishIfCrd(UpdateHandler.withoutQuery(named.getPath()),
        admitted(named.getPath(), named.getBody().readUtf8(), json -> super.handleCreate(copy(named, json)))));
  }

  /**
   * Runs {@link RequestValidation} on a create before the store writes it: a refusal is answered with its Status, and
   * the warnings (unknown fields dropped) ride on the answer. A body that is no JSON object is left to the store.
   */
  private MockResponse admitted(String pathWithQuery, String body,
      java.util.function.Function<String, MockResponse> create) {
    JsonNode object;
    try {
      object = Serialization.jsonMapper().readTree(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return create.apply(body);
    }
    if (!(object instanceof ObjectNode node)) {
      return create.apply(body);
    }
    try {
      // Admission plugins first (they may set fields, e.g. restricted-v2's UID), then validation, as the API
      // server orders them.
      node = (ObjectNode) Serialization.jsonMapper().readTree(
          podAdmission.admitCreate(UpdateHandler.withoutQuery(pathWithQuery), node.toString()));
    } catch (AdmissionRefused refused) {
      return new MockResponse().setResponseCode(refused.code())
          .setBody(StatusBodies.json(refused.code(), refused.reason(), refused.getMessage()));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("admission returned no JSON object", e);
    }
    try {
      Validated accepted = validation.validate(pathWithQuery, node, null);
      MockResponse answer = create.apply(accepted.object().toString());
      if (answer.code() < 300) {
        accepted.warnings().forEach(warning -> answer.addHeader("Warning", warning));
      }
      return answer;
    } catch (RequestRefused e) {
      return refusal(e);
    }
  }

  static MockResponse refusal(RequestRefused refused) {
    return new MockResponse().setResponseCode(refused.code()).setBody(refused.statusJson());
  }

  private String storedJson(String path) {
    MockResponse answer = super.handleGet(path);
    return answer.code() == 200 && answer.getBody() != null ? answer.getBody().readUtf8() : null;
  }

  /**
   * metadata.generateName as Kubernetes completes it (five random characters appended); the mock would append "-"
   * and a UUID, giving names too long for the hostnames the simulated pods take from them.
   */
  private static RecordedRequest withGeneratedName(RecordedRequest request) {
    String body = request.getBody().readUtf8();
    JsonNode object;
    try {
      object = Serialization.jsonMapper().readTree(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      object = null;
    }
    String prefix = object == null ? "" : object.path("metadata").path("generateName").asText("");
    if (object == null || prefix.isEmpty() || !object.path("metadata").path("name").asText("").isEmpty()) {
      return copy(request, body);
    }
    StringBuilder name = new StringBuilder(prefix);
    java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
    for (int i = 0; i < 5; i++) {
      name.append("bcdfghjklmnpqrstvwxz2456789".charAt(random.nextInt(27)));
    }
    ((ObjectNode) object.path("metadata")).put("name", name.toString());
    return copy(request, object.toString());
  }

  private static RecordedRequest copy(RecordedRequest request, String body) {
    return new RecordedRequest("HTTP/1.1", request.method(), request.getPath(), request.getHeaders(),
        new Buffer(body.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * A real API server marks a new CRD NamesAccepted and Established (helm waits for it, as does
   * {@code kubectl wait --for condition=established}); the stand-in serves it at once, so it says so at once.
   */
  private MockResponse establishIfCrd(String path, MockResponse created) {
    if (created.code() != 201 || !path.equals(CRD_PATH)) {
      return created;
    }
    ObjectNode crd = (ObjectNode) Serialization.unmarshal(created.getBody().readUtf8(), JsonNode.class);
    ObjectNode status = crd.putObject("status");
    status.set("acceptedNames", crd.path("spec").path("names").deepCopy());
    var conditions = status.putArray("conditions");
    String now = ZonedDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS)
        .format(DateTimeFormatter.ISO_INSTANT);
    for (String type : new String[] {"NamesAccepted", "Established"}) {
      conditions.addObject().put("type", type).put("status", "True").put("reason", type.equals("Established")
          ? "InitialNamesAccepted" : "NoConflicts").put("message", "the stand-in serves it").put(
          "lastTransitionTime", now);
    }
    var stored = status.putArray("storedVersions");
    crd.path("spec").path("versions").forEach(v -> {
      if (v.path("storage").asBoolean(false)) {
        stored.add(v.path("name").asText());
      }
    });
    String name = crd.path("metadata").path("name").asText();
    return guarded(() -> updates.put(CRD_PATH + "/" + name + "/status", crd.toString()));
  }

  @Override
  public MockResponse handleUpdate(RecordedRequest request) {
    return locked(() -> guarded(() -> updates.put(request.getPath(), request.getBody().readUtf8())));
  }

  @Override
  public MockResponse handlePatch(RecordedRequest request) {
    return locked(() -> guarded(() -> updates.patch(request.getPath(), request.getHeader("Content-Type"),
        request.getBody().readUtf8())));
  }

  /** The object a PATCH would store, without storing it; null when there is no object to patch. */
  public JsonNode previewPatch(String path, String contentType, String body) throws KubernetesCrudDispatcherException {
    lock.readLock().lock();
    try {
      return updates.preview(path, contentType, body);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public MockResponse handleDelete(String path) {
    return locked(() -> super.handleDelete(path));
  }

  @Override
  public MockResponse handleGet(String path) {
    lock.readLock().lock();
    try {
      EventFieldSelectors.Split split = EventFieldSelectors.split(path);
      MockResponse answer = super.handleGet(split.path());
      if (split.terms().isEmpty() || answer.code() != 200 || answer.getBody() == null) {
        return answer;
      }
      return answer.setBody(EventFieldSelectors.filter(answer.getBody().readUtf8(), split.terms()));
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Opens a watch on {@code path} (a collection path with its query). Returns what cancels it.
   * @param fromResourceVersion null for "current state as ADDED, then changes"
   */
  public Runnable watch(String path, Long fromResourceVersion, WatchHub.Sink sink) {
    AttributeSet query = getKey(path);
    lock.writeLock().lock();
    try {
      List<WatchHub.Current> current = new ArrayList<>();
      if (fromResourceVersion == null) {
        synchronized (map) {
          map.forEach((key, json) -> current.add(new WatchHub.Current(key, json)));
        }
        current.sort(Comparator.comparingLong(c -> resourceVersionOf(c.object())));
      }
      return watches.subscribe(query, fromResourceVersion, current, sink);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Every stored object (for dumps). */
  public List<String> snapshot() {
    lock.readLock().lock();
    try {
      synchronized (map) {
        return new ArrayList<>(map.values());
      }
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public void processEvent(String path, AttributeSet pathAttributes, AttributeSet oldAttributes,
      GenericKubernetesResource resource, String newState) {
    String before = oldAttributes == null ? null : map.get(oldAttributes);
    super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
    if (newState != null) {
      AttributeSet after = findKeyOf(newState, pathAttributes, resource);
      watches.publish(resourceVersionOf(newState), oldAttributes, after, newState);
    } else if (before != null) {
      long version = requestResourceVersion();
      watches.publish(version, oldAttributes, null, withResourceVersion(before, version));
      if ("Namespace".equals(Serialization.unmarshal(before, GenericKubernetesResource.class).getKind())) {
        deleteContentsOf(Serialization.unmarshal(before, GenericKubernetesResource.class).getMetadata().getName());
      }
    }
  }

  /** Kubernetes deletes a namespace's objects with it (those with finalizers are only marked for deletion). */
  private void deleteContentsOf(String namespace) {
    List<Map.Entry<AttributeSet, String>> contents = new ArrayList<>();
    synchronized (map) {
      map.entrySet().stream()
          .filter(e -> e.getKey().matches(new AttributeSet(new Attribute(KubernetesAttributesExtractor.NAMESPACE,
              namespace))))
          .forEach(contents::add);
    }
    for (Map.Entry<AttributeSet, String> entry : contents) {
      GenericKubernetesResource object = Serialization.unmarshal(entry.getValue(), GenericKubernetesResource.class);
      if (object.getFinalizers().isEmpty()) {
        processEvent("", entry.getKey(), entry.getKey(), null, null);
      } else if (!object.isMarkedForDeletion()) {
        object.getMetadata().setDeletionTimestamp(ZonedDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS)
            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        object.getMetadata().setResourceVersion(String.valueOf(requestResourceVersion()));
        processEvent("", entry.getKey(), entry.getKey(), null, Serialization.asJson(object));
      }
    }
  }

  private AttributeSet findKeyOf(String json, AttributeSet pathAttributes, GenericKubernetesResource resource) {
    synchronized (map) {
      for (Map.Entry<AttributeSet, String> entry : map.entrySet()) {
        if (entry.getValue() == json) {
          return entry.getKey();
        }
      }
    }
    AttributeSet key = resource != null ? keys.extract(resource) : keys.fromResource(json);
    return key.containsKey(KubernetesAttributesExtractor.PLURAL) ? key : AttributeSet.merge(pathAttributes, key);
  }

  /** Server-side apply of an absent object: a create, admitted like any other. */
  private MockResponse createFromApply(String collectionPathWithQuery, String json) {
    return admitted(collectionPathWithQuery, json, admittedJson -> super.handleCreate(new RecordedRequest("HTTP/1.1",
        HttpMethod.POST, UpdateHandler.withoutQuery(collectionPathWithQuery),
        Headers.builder().add("Content-Type", "application/json").build(),
        new Buffer(admittedJson.getBytes(StandardCharsets.UTF_8)))));
  }

  private List<JsonNode> storedCrds() {
    List<JsonNode> crds = new ArrayList<>();
    synchronized (map) {
      for (String json : map.values()) {
        if (json.contains("\"CustomResourceDefinition\"")) {
          JsonNode node = Serialization.unmarshal(json, JsonNode.class);
          if ("CustomResourceDefinition".equals(node.path("kind").asText())) {
            crds.add(node);
          }
        }
      }
    }
    return crds;
  }

  private static long resourceVersionOf(String json) {
    return Serialization.unmarshal(json, JsonNode.class).path("metadata").path("resourceVersion").asLong(0);
  }

  private static String withResourceVersion(String json, long version) {
    ObjectNode node = (ObjectNode) Serialization.unmarshal(json, JsonNode.class);
    ((ObjectNode) node.path("metadata")).put("resourceVersion", String.valueOf(version));
    return node.toString();
  }

  @FunctionalInterface
  private interface Write {
    MockResponse run() throws KubernetesCrudDispatcherException;
  }

  private static MockResponse guarded(Write write) {
    try {
      return write.run();
    } catch (KubernetesCrudDispatcherException e) {
      return new MockResponse().setResponseCode(e.getCode()).setBody(e.toStatusBody());
    } catch (RequestRefused e) {
      return refusal(e);
    }
  }

  private MockResponse locked(java.util.function.Supplier<MockResponse> write) {
    lock.writeLock().lock();
    try {
      return write.get();
    } finally {
      lock.writeLock().unlock();
    }
  }
}
