package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.sft.e2e.apiserver.validation.RequestValidation;
import dev.sft.e2e.apiserver.validation.Validated;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudDispatcherException;
import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudDispatcherHandler;
import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudPersistence;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.http.MockResponse;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * PUT and PATCH (every patch type, server-side apply included) of one stored object, replacing the mock's handlers:
 * the new object is computed from the stored one, then the rules of a real API server apply: a write to the main
 * resource keeps the status of kinds with a status subresource and a write to {@code /status} changes only status;
 * a stale resourceVersion is a 409 Conflict; metadata.generation moves only when more than metadata/status changed;
 * clients cannot set uid, creationTimestamp or deletionTimestamp; removing the last finalizer of an object being
 * deleted deletes it; the result passes {@link RequestValidation} (which may refuse it) before it is stored. The
 * caller holds the store's write lock.
 */
public final class UpdateHandler implements KubernetesCrudDispatcherHandler {

  private static final ObjectMapper JSON = Serialization.jsonMapper();
  private static final YAMLMapper YAML = new YAMLMapper();

  private final KubernetesCrudPersistence persistence;
  private final ResourceCatalog catalog;
  private final RequestValidation validation;
  /** Creates an object (POST to the collection path), for server-side apply of an absent object. */
  private final BiFunction<String, String, MockResponse> creator;

  UpdateHandler(KubernetesCrudPersistence persistence, ResourceCatalog catalog, RequestValidation validation,
      BiFunction<String, String, MockResponse> creator) {
    this.persistence = persistence;
    this.catalog = catalog;
    this.validation = validation;
    this.creator = creator;
  }

  @Override
  public MockResponse handle(String path, String contentType, String body) throws KubernetesCrudDispatcherException {
    throw new UnsupportedOperationException("use put() or patch()");
  }

  MockResponse put(String path, String body) throws KubernetesCrudDispatcherException {
    JsonNode replacement = persistence.asNode(body);
    return write(path, current -> replacement, false, null);
  }

  MockResponse patch(String path, String contentType, String body) throws KubernetesCrudDispatcherException {
    boolean apply = isApply(contentType);
    JsonNode applied = apply ? readYaml(body) : null;
    return write(path, change(contentType, body, applied), apply, applied);
  }

  /**
   * The object a patch would store, without storing it (for RBAC's escalation check): the patched stored object, the
   * applied object when an apply creates it, or null when there is nothing to patch.
   */
  JsonNode preview(String rawPath, String contentType, String body) throws KubernetesCrudDispatcherException {
    boolean apply = isApply(contentType);
    JsonNode applied = apply ? readYaml(body) : null;
    Change change = change(contentType, body, applied);
    Map.Entry<AttributeSet, String> stored = persistence.findResource(persistence.getKey(withoutQuery(rawPath)));
    if (stored == null) {
      return apply ? applied : null;
    }
    try {
      return change.apply(persistence.asNode(stored));
    } catch (RuntimeException e) {
      throw new KubernetesCrudDispatcherException("the patch cannot be applied: " + e.getMessage(), 422);
    }
  }

  private static boolean isApply(String contentType) {
    String type = contentType == null ? "" : contentType.split(";")[0].trim();
    return type.equals("application/apply-patch+yaml") || type.equals("application/apply-patch+json");
  }

  private Change change(String contentType, String body, JsonNode applied) throws KubernetesCrudDispatcherException {
    String type = contentType == null ? "" : contentType.split(";")[0].trim();
    switch (type) {
      case "application/json-patch+json":
        JsonNode operations = persistence.asNode(body);
        return current -> Patches.jsonPatch(current, operations);
      case "application/merge-patch+json":
        JsonNode merge = persistence.asNode(body);
        return current -> Patches.mergePatch(current, merge);
      case "application/strategic-merge-patch+json":
        JsonNode strategic = persistence.asNode(body);
        return current -> Patches.strategicMergePatch(current, strategic);
      case "application/apply-patch+yaml", "application/apply-patch+json":
        return current -> Patches.strategicMergePatch(current, applied);
      default:
        throw new KubernetesCrudDispatcherException("the body of the request was in an unknown format - accepted "
            + "media types include: application/json-patch+json, application/merge-patch+json, "
            + "application/apply-patch+yaml, application/strategic-merge-patch+json", 415);
    }
  }

  @FunctionalInterface
  private interface Change {
    JsonNode apply(JsonNode current) throws KubernetesCrudDispatcherException;
  }

  private MockResponse write(String rawPath, Change change, boolean createIfAbsent, JsonNode applied)
      throws KubernetesCrudDispatcherException {
    String path = withoutQuery(rawPath);
    boolean statusWrite = path.endsWith("/status");
    AttributeSet key = persistence.getKey(path);
    if (key.getAttribute(KubernetesAttributesExtractor.NAME) == null) {
      throw new KubernetesCrudDispatcherException("PUT and PATCH need an object's path, not " + path, 405);
    }
    Map.Entry<AttributeSet, String> stored = persistence.findResource(key);
    if (stored == null) {
      if (createIfAbsent && !statusWrite) {
        String collection = path.substring(0, path.lastIndexOf('/'));
        return creator.apply(collection + rawPath.substring(path.length()), applied.toString());
      }
      return new MockResponse().setResponseCode(404);
    }
    JsonNode current = persistence.asNode(stored);
    JsonNode proposed;
    try {
      proposed = change.apply(current);
    } catch (RuntimeException e) {
      throw new KubernetesCrudDispatcherException("the patch cannot be applied: " + e.getMessage(), 422);
    }
    if (!proposed.isObject() || !proposed.path("metadata").isObject()) {
      throw new KubernetesCrudDispatcherException("the result is not an object with metadata", 422);
    }
    validatePath(key, proposed);
    validateResourceVersion(current, proposed);
    ObjectNode updated;
    if (statusWrite) {
      updated = (ObjectNode) current.deepCopy();
      KubernetesCrudDispatcherHandler.setStatus(updated, proposed.get(STATUS));
    } else {
      updated = (ObjectNode) proposed;
      if (hasStatusSubresource(path)) {
        KubernetesCrudDispatcherHandler.setStatus(updated, current.get(STATUS));
      }
      ensureTypeFields(updated, current);
    }
    Validated validated = validation.validate(rawPath, updated, current); // throws RequestRefused
    updated = validated.object();
    persistence.preserveMetadata(current, updated);
    ObjectNode metadata = (ObjectNode) updated.get("metadata");
    JsonNode deletionTimestamp = current.path("metadata").get("deletionTimestamp");
    if (deletionTimestamp == null) {
      metadata.remove("deletionTimestamp");
    } else {
      metadata.set("deletionTimestamp", deletionTimestamp);
    }
    if (!statusWrite) {
      persistence.touchGeneration(current, updated);
    }
    persistence.touchResourceVersion(current, updated);
    String json = updated.toString();
    GenericKubernetesResource resource = validateRequestBody(json);
    if (resource.isMarkedForDeletion() && resource.getFinalizers().isEmpty()) {
      persistence.processEvent(path, key, stored.getKey(), null, null);
    } else {
      persistence.processEvent(path, key, stored.getKey(), null, json);
    }
    MockResponse answer = new MockResponse().setResponseCode(200).setBody(json);
    validated.warnings().forEach(warning -> answer.addHeader("Warning", warning));
    return answer;
  }

  private boolean hasStatusSubresource(String path) {
    Map<String, String> parts = new KubernetesAttributesExtractor().fromKubernetesPath(path);
    return catalog.find(parts.get(KubernetesAttributesExtractor.API), parts.get(KubernetesAttributesExtractor.VERSION),
        parts.get(KubernetesAttributesExtractor.PLURAL)).map(ResourceType::statusSubresource).orElse(false);
  }

  /** Patches need not repeat apiVersion/kind; the stored object keeps them. */
  private static void ensureTypeFields(ObjectNode updated, JsonNode current) {
    for (String field : new String[] {"apiVersion", "kind"}) {
      if (!updated.hasNonNull(field) && current.hasNonNull(field)) {
        updated.set(field, current.get(field));
      }
    }
  }

  private static JsonNode readYaml(String body) throws KubernetesCrudDispatcherException {
    try {
      JsonNode node = YAML.readTree(body);
      if (node == null || !node.isObject()) {
        throw new KubernetesCrudDispatcherException("an apply patch must be one object", 400);
      }
      return JSON.readTree(node.toString());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new KubernetesCrudDispatcherException("the apply patch is not YAML/JSON: " + e.getMessage(), 400);
    }
  }

  public static String withoutQuery(String path) {
    int query = path.indexOf('?');
    return query < 0 ? path : path.substring(0, query);
  }
}
