package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.store.ResourceCatalog;
import dev.sft.e2e.apiserver.store.ResourceType;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the API server checks on every create and update (PUT, any PATCH once applied, {@code /status} writes) before
 * it stores an object: the metadata rules of {@link ObjectMetaRules} for every kind; the spec rules of the built-in
 * workload kinds ({@link BuiltInKindRules}, a malformed quantity answered with 400 as its decoding fails) and of
 * Events ({@link EventRules}); for custom resources the CRD's
 * schema, defaults, pruning and CEL rules ({@link CustomResourceValidation}); for a CRD, that every CEL rule in it
 * compiles here; and the sizes: a request body over 3 MiB is refused with 413, a ConfigMap's or Secret's data over
 * 1 MiB with 422, and an object over etcd's 1.5 MiB with the 500 etcd's error gives. A refusal is a
 * {@link RequestRefused}; the caller answers with its Status.
 */
public final class RequestValidation {

  /** The API server's limit on a request body (its {@code MaxRequestBodyBytes}), answered with 413. */
  public static final int MAX_REQUEST_BYTES = 3 * 1024 * 1024;
  /**
   * etcd's default {@code --max-request-bytes}: a larger object cannot be stored. etcd measures the protobuf the API
   * server writes; the stand-in measures the object's JSON, which is larger, so it refuses a little earlier.
   */
  public static final int MAX_OBJECT_BYTES = 1536 * 1024;
  /** ConfigMap and Secret data (Kubernetes' {@code MaxSecretSize}). */
  public static final int MAX_DATA_BYTES = 1024 * 1024;

  private final ResourceCatalog catalog;

  public RequestValidation(ResourceCatalog catalog) {
    this.catalog = catalog;
  }

  /** The Status body of the 413 for a request body of {@code bytes}, if it is over the limit. */
  public static Optional<RequestRefused> requestTooLarge(int bytes) {
    return bytes > MAX_REQUEST_BYTES
        ? Optional.of(RequestRefused.tooLarge("Request entity too large: limit is " + MAX_REQUEST_BYTES))
        : Optional.empty();
  }

  /**
   * Checks a write of {@code object} to {@code pathWithQuery} ({@code old} is the stored object, null on create).
   * Returns the object to store and the warnings; throws {@link RequestRefused}.
   */
  public Validated validate(String pathWithQuery, ObjectNode object, JsonNode old) {
    int query = pathWithQuery.indexOf('?');
    String path = query < 0 ? pathWithQuery : pathWithQuery.substring(0, query);
    Map<String, String> parts = new KubernetesAttributesExtractor().fromKubernetesPath(path);
    String group = parts.getOrDefault(KubernetesAttributesExtractor.API, "");
    group = group == null ? "" : group;
    String version = parts.get(KubernetesAttributesExtractor.VERSION);
    Optional<ResourceType> type = catalog.find(group, version, parts.get(KubernetesAttributesExtractor.PLURAL));
    if (type.isEmpty()) {
      return new Validated(object, List.of()); // not a resource the stand-in serves; the store answers for it
    }
    String kind = type.get().kind();
    String name = object.path("metadata").path("name").asText("");
    FieldValidation mode = FieldValidation.of(pathWithQuery);
    List<FieldError> errors = new ArrayList<>(ObjectMetaRules.validate(group, kind, object));
    List<String> warnings = new ArrayList<>();
    Optional<JsonNode> crd = catalog.definitionOf(type.get());
    if (crd.isPresent()) {
      if (old == null && type.get().statusSubresource()) {
        object.remove("status"); // a create cannot set the status of a custom resource with a status subresource
      }
      Optional<CustomResourceValidation> validation = CustomResourceValidation.of(crd.get(), version);
      if (validation.isPresent()) {
        warnings.addAll(validation.get().validate(object, old, mode, errors));
      }
    }
    try {
      errors.addAll(BuiltInKindRules.validate(group, kind, object));
    } catch (Quantity.Malformed e) {
      throw RequestRefused.badRequest(kind + " in version \"" + version + "\" cannot be handled as a " + kind + ": "
          + e.getMessage());
    }
    if (kind.equals("Event") && (group.isEmpty() || group.equals("events.k8s.io"))) {
      errors.addAll(EventRules.validate(group, object, old));
    }
    if (kind.equals("CustomResourceDefinition")) {
      errors.addAll(uncompilableRules(object));
    }
    if ((kind.equals("ConfigMap") || kind.equals("Secret")) && group.isEmpty()) {
      boolean secret = kind.equals("Secret");
      long data = dataBytes(object.path("data"), secret) + dataBytes(object.path("binaryData"), true)
          + dataBytes(object.path("stringData"), false);
      if (data > MAX_DATA_BYTES) {
        errors.add(FieldError.tooLong("[]", MAX_DATA_BYTES));
      }
    }
    if (!errors.isEmpty()) {
      throw RequestRefused.invalid(group, kind, name, errors);
    }
    if (object.toString().getBytes(StandardCharsets.UTF_8).length > MAX_OBJECT_BYTES) {
      throw RequestRefused.internal("etcdserver: request is too large");
    }
    return new Validated(object, warnings);
  }

  /** Every x-kubernetes-validations rule (and messageExpression) of a CRD that does not compile here. */
  private static List<FieldError> uncompilableRules(JsonNode crd) {
    List<FieldError> errors = new ArrayList<>();
    JsonNode versions = crd.path("spec").path("versions");
    for (int i = 0; i < versions.size(); i++) {
      rules(versions.get(i).path("schema").path("openAPIV3Schema"),
          "spec.versions[" + i + "].schema.openAPIV3Schema", errors);
    }
    return errors;
  }

  private static void rules(JsonNode schema, String path, List<FieldError> errors) {
    if (!schema.isObject()) {
      return;
    }
    JsonNode validations = schema.path("x-kubernetes-validations");
    for (int i = 0; i < validations.size(); i++) {
      for (String field : new String[] {"rule", "messageExpression"}) {
        String expression = validations.get(i).path(field).asText("");
        if (expression.isEmpty()) {
          continue;
        }
        String fieldPath = path + ".x-kubernetes-validations[" + i + "]." + field;
        CelRuleCheck.compileProblem(expression).ifPresent(problem ->
            errors.add(FieldError.invalid(fieldPath, expression, "compilation failed: " + problem)));
      }
    }
    Iterator<Map.Entry<String, JsonNode>> properties = schema.path("properties").fields();
    while (properties.hasNext()) {
      Map.Entry<String, JsonNode> property = properties.next();
      rules(property.getValue(), path + ".properties[" + property.getKey() + "]", errors);
    }
    rules(schema.path("items"), path + ".items", errors);
    rules(schema.path("additionalProperties"), path + ".additionalProperties", errors);
  }

  /** Keys plus values, base64 values decoded (Kubernetes counts the bytes, not their encoding). */
  private static long dataBytes(JsonNode data, boolean base64) {
    long total = 0;
    Iterator<Map.Entry<String, JsonNode>> fields = data.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String value = field.getValue().asText("");
      long bytes = value.getBytes(StandardCharsets.UTF_8).length;
      if (base64) {
        try {
          bytes = java.util.Base64.getDecoder().decode(value).length;
        } catch (IllegalArgumentException e) {
          // not base64: counted as it is
        }
      }
      total += field.getKey().length() + bytes;
    }
    return total;
  }
}
