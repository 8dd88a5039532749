package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The value validations of a structural schema (types, enums, bounds, lengths, item counts, {@code required},
 * patterns, the formats Kubernetes checks), done by networknt's JSON-schema validator on a draft-4 translation of the
 * schema, its errors worded as Kubernetes' kube-openapi validator and apiextensions word them
 * ({@code spec.repeat: Invalid value: 0: spec.repeat in body should be greater than or equal to 1}).
 *
 * <p>The translation of the Kubernetes-only keywords: {@code nullable: true} adds "null" to the type (and to an
 * enum); {@code x-kubernetes-int-or-string} is the type [integer, string]; {@code x-kubernetes-embedded-resource}
 * requires apiVersion and kind; other {@code x-kubernetes-*} keywords (preserve-unknown-fields, list and map types,
 * validations) do not constrain values here (pruning and {@link CelRuleCheck} handle theirs). Formats: only those
 * Kubernetes checks and networknt checks alike ({@link #CHECKED_FORMATS}); the rest are dropped, as Kubernetes drops
 * formats it does not know.
 */
final class OpenApiSchemaCheck {

  static final Set<String> CHECKED_FORMATS = Set.of("date", "date-time", "email", "hostname", "ipv4", "ipv6",
      "uuid");
  private static final List<String> COPIED = List.of("maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
      "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf", "maxProperties",
      "minProperties", "required");
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4);

  private static final Map<String, OpenApiSchemaCheck> CHECKS = new ConcurrentHashMap<>();

  private final StructuralSchema root;
  private final Schema schema;

  /** The check of a schema, compiled once per distinct schema. */
  static OpenApiSchemaCheck of(StructuralSchema root) {
    return CHECKS.computeIfAbsent(root.node().toString(), text -> new OpenApiSchemaCheck(root));
  }

  private OpenApiSchemaCheck(StructuralSchema root) {
    this.root = root;
    this.schema = REGISTRY.getSchema(translate(root.node()).toString());
  }

  /** The draft-4 JSON schema networknt validates against. */
  static ObjectNode translate(JsonNode in) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    StructuralSchema node = new StructuralSchema(in);
    if (node.intOrString()) {
      out.putArray("type").add("integer").add("string");
    } else if (!node.type().isEmpty()) {
      if (node.nullable()) {
        out.putArray("type").add(node.type()).add("null");
      } else {
        out.put("type", node.type());
      }
    }
    for (String keyword : COPIED) {
      if (in.has(keyword)) {
        out.set(keyword, in.get(keyword).deepCopy());
      }
    }
    if (in.has("format") && CHECKED_FORMATS.contains(in.get("format").asText())) {
      out.set("format", in.get("format").deepCopy());
    }
    if (in.has("enum")) {
      ArrayNode values = in.get("enum").deepCopy();
      if (node.nullable()) {
        values.addNull();
      }
      out.set("enum", values);
    }
    if (node.embeddedResource()) {
      ArrayNode required = out.has("required") ? (ArrayNode) out.get("required") : out.putArray("required");
      required.add("apiVersion").add("kind");
    }
    if (in.path("properties").isObject()) {
      ObjectNode properties = out.putObject("properties");
      in.get("properties").fields().forEachRemaining(p -> properties.set(p.getKey(), translate(p.getValue())));
    }
    if (in.has("additionalProperties")) {
      JsonNode additional = in.get("additionalProperties");
      out.set("additionalProperties", additional.isObject() ? translate(additional) : additional.deepCopy());
    }
    if (in.path("items").isObject()) {
      out.set("items", translate(in.get("items")));
    }
    for (String combinator : new String[] {"allOf", "anyOf", "oneOf"}) {
      if (in.path(combinator).isArray()) {
        ArrayNode all = out.putArray(combinator);
        in.get(combinator).forEach(s -> all.add(translate(s)));
      }
    }
    if (in.path("not").isObject()) {
      out.set("not", translate(in.get("not")));
    }
    return out;
  }

  List<FieldError> validate(JsonNode object) {
    List<FieldError> errors = new ArrayList<>();
    for (com.networknt.schema.Error error : schema.validate(object.toString(), InputFormat.JSON)) {
      errors.add(toFieldError(error));
    }
    return errors;
  }

  private FieldError toFieldError(com.networknt.schema.Error error) {
    String path = path(error.getInstanceLocation());
    String name = path + " in body";
    JsonNode value = toJackson2(error.getInstanceNode());
    JsonNode declared = declaredSchema(error.getInstanceLocation()).node();
    String limit = error.getSchemaNode() == null ? "" : error.getSchemaNode().toString();
    return switch (error.getKeyword()) {
      case "type" -> {
        String actual = typeName(value);
        String expected = new StructuralSchema(declared).intOrString() ? "integer,string"
            : declared.path("type").asText(limit);
        yield FieldError.typeInvalid(path, TextNode.valueOf(actual), name + " must be of type " + expected + ": \""
            + actual + "\"");
      }
      case "format" -> FieldError.typeInvalid(path, value, name + " must be of type " + declared.path("format")
          .asText() + ": " + value);
      case "required" -> FieldError.required(StructuralSchema.child(path, error.getProperty()), "");
      case "enum" -> {
        List<String> supported = new ArrayList<>();
        declared.path("enum").forEach(v -> supported.add(v.isTextual() ? v.asText() : v.toString()));
        yield FieldError.notSupported(path, value, supported);
      }
      case "maxLength" -> FieldError.tooLong(path, declared.path("maxLength").asLong());
      case "minLength" -> FieldError.invalid(path, value, name + " should be at least "
          + declared.path("minLength").asLong() + " chars long");
      case "pattern" -> FieldError.invalid(path, value, name + " should match '" + declared.path("pattern").asText()
          + "'");
      case "maximum" -> FieldError.invalid(path, value, name + " should be less than "
          + (declared.path("exclusiveMaximum").asBoolean(false) ? "" : "or equal to ")
          + number(declared.path("maximum")));
      case "minimum" -> FieldError.invalid(path, value, name + " should be greater than "
          + (declared.path("exclusiveMinimum").asBoolean(false) ? "" : "or equal to ")
          + number(declared.path("minimum")));
      case "multipleOf" -> FieldError.invalid(path, value, name + " should be a multiple of "
          + number(declared.path("multipleOf")));
      case "maxItems" -> FieldError.tooMany(path, value.size(), declared.path("maxItems").asLong());
      case "minItems" -> FieldError.invalid(path, LongNode.valueOf(value.size()), name + " should have at least "
          + declared.path("minItems").asLong() + " items");
      case "maxProperties" -> FieldError.tooMany(path, value.size(), declared.path("maxProperties").asLong());
      case "minProperties" -> FieldError.invalid(path, LongNode.valueOf(value.size()), name + " should have at least "
          + declared.path("minProperties").asLong() + " properties");
      case "uniqueItems" -> FieldError.invalid(path, TextNode.valueOf(""), name + " shouldn't contain duplicates");
      default -> FieldError.invalid(path, value, name + " " + error.getMessage());
    };
  }

  /** The declared schema at an instance location (properties, additionalProperties, items). */
  private StructuralSchema declaredSchema(NodePath location) {
    StructuralSchema at = root;
    for (int i = 0; i < location.getNameCount(); i++) {
      Object element = location.getElement(i);
      if (element instanceof Integer) {
        at = at.items().orElse(StructuralSchema.ANYTHING);
      } else {
        String name = String.valueOf(element);
        StructuralSchema parent = at;
        at = parent.property(name).orElseGet(() -> parent.additionalProperties().orElse(StructuralSchema.ANYTHING));
      }
    }
    return at;
  }

  /** Kubernetes' field path of an instance location: {@code spec.scenarios[0]}. */
  static String path(NodePath location) {
    String path = "";
    for (int i = 0; i < location.getNameCount(); i++) {
      Object element = location.getElement(i);
      path = element instanceof Integer index ? StructuralSchema.index(path, index)
          : StructuralSchema.child(path, String.valueOf(element));
    }
    return path;
  }

  /** The JSON type name kube-openapi reports for a value. */
  static String typeName(JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return "null";
    }
    if (value.isTextual()) {
      return "string";
    }
    if (value.isIntegralNumber()) {
      return "integer";
    }
    if (value.isNumber()) {
      return "number";
    }
    if (value.isBoolean()) {
      return "boolean";
    }
    return value.isArray() ? "array" : "object";
  }

  /** A bound as Go's %v prints a float64: 1 rather than 1.0. */
  private static String number(JsonNode bound) {
    BigDecimal decimal = bound.decimalValue().stripTrailingZeros();
    return decimal.scale() <= 0 ? decimal.toBigInteger().toString() : decimal.toPlainString();
  }

  private static JsonNode toJackson2(tools.jackson.databind.JsonNode node) {
    if (node == null) {
      return com.fasterxml.jackson.databind.node.NullNode.getInstance();
    }
    try {
      return io.fabric8.kubernetes.client.utils.Serialization.jsonMapper().readTree(node.toString());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("networknt returned a value Jackson cannot read: " + node, e);
    }
  }
}
