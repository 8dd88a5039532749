package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.common.values.NullValue;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evaluates every {@code x-kubernetes-validations} rule of a structural schema with Google's CEL for Java, as the
 * API server does: {@code self} is the value at the rule's level (at the root: apiVersion, kind, metadata.name and
 * metadata.generateName, and the declared properties), {@code oldSelf} the old value on an update; a rule that
 * names {@code oldSelf} (a transition rule) is skipped on create and where no old value correlates. A failed rule
 * gives its {@code message}, {@code messageExpression}, {@code fieldPath} and {@code reason}, worded as Kubernetes
 * words it ({@code spec.storage: Invalid value: "object": exactly one of ...}).
 *
 * <p>The environment: CEL's standard library and macros (with partial-match {@code matches}, as cel-go's) and the
 * strings, sets and optional extensions Kubernetes also enables. Kubernetes' own libraries ({@code isSorted},
 * {@code quantity}, {@code url}, {@code ip}, {@code cidr}, {@code format.*}, regex {@code find}, ...) are not
 * implemented: a rule using one does not compile here, and the stand-in refuses the CRD (and, should one be stored,
 * every write of its resources) naming the function, so such a rule never passes unchecked.
 */
final class CelRuleCheck {

  private static final CelOptions OPTIONS = CelOptions.current().enableRegexPartialMatch(true)
      .enableHeterogeneousNumericComparisons(true).build();
  private static final Cel CEL = CelFactory.standardCelBuilder()
      .setOptions(OPTIONS)
      .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
      .addCompilerLibraries(CelExtensions.strings(), CelExtensions.sets(OPTIONS), CelExtensions.optional())
      .addRuntimeLibraries(CelExtensions.strings(), CelExtensions.sets(OPTIONS), CelExtensions.optional())
      .addVar("self", SimpleType.DYN)
      .addVar("oldSelf", SimpleType.DYN)
      .build();
  private static final Map<String, CelRuntime.Program> PROGRAMS = new ConcurrentHashMap<>();
  private static final Pattern OLD_SELF = Pattern.compile("\\boldSelf\\b");
  private static final Set<String> CEL_RESERVED = Set.of("true", "false", "null", "in", "as", "break", "const",
      "continue", "else", "for", "function", "if", "import", "let", "loop", "package", "namespace", "return", "var",
      "void", "while");
  private static final Pattern IDENTIFIER = Pattern.compile("[_a-zA-Z][_a-zA-Z0-9]*");
  private static final Pattern ESCAPABLE = Pattern.compile("[_a-zA-Z./-][_a-zA-Z0-9./-]*");

  private CelRuleCheck() {
  }

  /** Why {@code expression} cannot be compiled here (syntax, or a function this environment lacks), if it cannot. */
  static Optional<String> compileProblem(String expression) {
    try {
      program(expression);
      return Optional.empty();
    } catch (RuleNotEvaluable e) {
      return Optional.of(e.getMessage());
    }
  }

  /** Every rule of {@code root} (and below) that {@code object} breaks; {@code old} is null on create. */
  static List<FieldError> validate(StructuralSchema root, JsonNode object, JsonNode old) {
    List<FieldError> errors = new ArrayList<>();
    walk(root, object, old, "", true, errors);
    return errors;
  }

  /** A rule the stand-in cannot compile or evaluate; the caller fails the request with it. */
  static final class RuleNotEvaluable extends RuntimeException {
    RuleNotEvaluable(String message) {
      super(message);
    }
  }

  private static void walk(StructuralSchema schema, JsonNode value, JsonNode old, String path, boolean root,
      List<FieldError> errors) {
    if (value == null || value.isMissingNode() || schema.node().isMissingNode()) {
      return;
    }
    if (schema.validations().isArray() && !schema.validations().isEmpty()) {
      Object self = toCel(schema, value, root);
      Object oldSelf = old == null || old.isMissingNode() ? null : toCel(schema, old, root);
      for (JsonNode rule : schema.validations()) {
        evaluate(rule, schema, self, oldSelf, path, errors);
      }
    }
    if (value.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        JsonNode oldField = old == null ? null : old.get(field.getKey());
        Optional<StructuralSchema> property = root && field.getKey().equals("metadata") ? Optional.empty()
            : schema.property(field.getKey());
        if (property.isPresent()) {
          walk(property.get(), field.getValue(), oldField, StructuralSchema.child(path, field.getKey()), false,
              errors);
        } else if (schema.additionalProperties().isPresent() && !(root && field.getKey().equals("metadata"))) {
          walk(schema.additionalProperties().get(), field.getValue(), oldField, path + "[" + field.getKey() + "]",
              false, errors);
        }
      }
    } else if (value.isArray() && schema.items().isPresent()) {
      for (int i = 0; i < value.size(); i++) {
        walk(schema.items().get(), value.get(i), correlated(schema, value.get(i), old),
            StructuralSchema.index(path, i), false, errors);
      }
    }
  }

  /** The old item an item correlates with: by the map keys of a map list, by value in a set; none otherwise. */
  private static JsonNode correlated(StructuralSchema list, JsonNode item, JsonNode old) {
    if (old == null || !old.isArray()) {
      return null;
    }
    String listType = list.node().path("x-kubernetes-list-type").asText("atomic");
    for (JsonNode candidate : old) {
      if (listType.equals("set") && candidate.equals(item)) {
        return candidate;
      }
      if (listType.equals("map")) {
        boolean same = true;
        for (JsonNode key : list.node().path("x-kubernetes-list-map-keys")) {
          same &= candidate.path(key.asText()).equals(item.path(key.asText()));
        }
        if (same) {
          return candidate;
        }
      }
    }
    return null;
  }

  private static void evaluate(JsonNode rule, StructuralSchema schema, Object self, Object oldSelf, String path,
      List<FieldError> errors) {
    String expression = rule.path("rule").asText();
    boolean transition = OLD_SELF.matcher(expression).find();
    if (transition && oldSelf == null) {
      if (rule.path("optionalOldSelf").asBoolean(false)) {
        throw new RuleNotEvaluable("the rule '" + expression + "' at " + describe(path) + " sets optionalOldSelf, "
            + "which the API server stand-in does not implement");
      }
      return; // a transition rule is not evaluated without an old value
    }
    Map<String, Object> variables = new HashMap<>();
    variables.put("self", self);
    if (transition) {
      variables.put("oldSelf", oldSelf);
    }
    String errorPath = path + fieldPath(rule.path("fieldPath").asText(""));
    String shownPath = errorPath.isEmpty() ? FieldError.ROOT : errorPath;
    TextNode type = TextNode.valueOf(schema.intOrString() ? "integer,string" : schema.type());
    Object result;
    try {
      result = program(expression).eval(variables);
    } catch (CelEvaluationException e) {
      // Kubernetes names the rule by its message when it has one
      String named = rule.path("message").asText("").isBlank() ? expression : rule.path("message").asText().strip();
      errors.add(FieldError.invalid(shownPath, type, celGoWording(e.getMessage()) + " evaluating rule: " + named));
      return;
    }
    if (!(result instanceof Boolean passed)) {
      throw new RuleNotEvaluable("the rule '" + expression + "' at " + describe(path) + " gave " + result
          + ", not a bool");
    }
    if (passed) {
      return;
    }
    String message = message(rule, variables, expression);
    errors.add(switch (rule.path("reason").asText("FieldValueInvalid")) {
      case "FieldValueForbidden" -> FieldError.forbidden(shownPath, message);
      case "FieldValueRequired" -> FieldError.required(shownPath, message);
      case "FieldValueDuplicate" -> FieldError.duplicate(shownPath, type);
      default -> FieldError.invalid(shownPath, type, message);
    });
  }

  /** messageExpression if it gives a non-blank string, else message, else "failed rule: RULE". */
  private static String message(JsonNode rule, Map<String, Object> variables, String expression) {
    String messageExpression = rule.path("messageExpression").asText("");
    if (!messageExpression.isBlank()) {
      try {
        Object text = program(messageExpression).eval(variables);
        if (text instanceof String s && !s.isBlank() && !s.contains("\n")) {
          return s.strip();
        }
      } catch (CelEvaluationException e) {
        // falls back to message, as Kubernetes does
      }
    }
    String message = rule.path("message").asText("").strip();
    return message.isEmpty() ? "failed rule: " + expression.strip() : message;
  }

  private static CelRuntime.Program program(String expression) {
    return PROGRAMS.computeIfAbsent(expression, text -> {
      try {
        return CEL.createProgram(CEL.compile(text).getAst());
      } catch (CelValidationException e) {
        throw new RuleNotEvaluable("the API server stand-in cannot compile the x-kubernetes-validations rule '"
            + text + "': " + e.getMessage() + " (a Kubernetes CEL library function the stand-in does not implement "
            + "fails here rather than pass unchecked; see e2e/STAND-IN.md)");
      } catch (CelEvaluationException e) {
        throw new RuleNotEvaluable("the API server stand-in cannot plan the rule '" + text + "': " + e.getMessage());
      }
    });
  }

  /** cel-java's evaluation errors in cel-go's words where they differ ("no such key: size"). */
  static String celGoWording(String message) {
    String text = message == null ? "" : message.replaceFirst("^evaluation error at \\S+: ", "");
    return text.replaceFirst("^key '(.*)' is not present in map\\.?$", "no such key: $1");
  }

  /** A rule's fieldPath ({@code .a.b} or {@code ['a']}) as a field path suffix. */
  private static String fieldPath(String fieldPath) {
    StringBuilder path = new StringBuilder();
    Matcher step = Pattern.compile("\\.([^.\\[]+)|\\['([^']*)'\\]").matcher(fieldPath);
    while (step.find()) {
      path.append('.').append(step.group(1) != null ? step.group(1) : step.group(2));
    }
    return path.toString();
  }

  private static String describe(String path) {
    return path.isEmpty() ? "the object's root" : path;
  }

  /** The CEL value of {@code value}, typed by its schema as Kubernetes types it. */
  static Object toCel(StructuralSchema schema, JsonNode value, boolean root) {
    if (value.isNull()) {
      return NullValue.NULL_VALUE;
    }
    if (schema.intOrString()) {
      return value.isIntegralNumber() ? (Object) value.asLong() : value.asText();
    }
    switch (schema.type()) {
      case "object":
        Map<String, Object> object = new LinkedHashMap<>();
        if (root || schema.embeddedResource()) {
          for (String typeField : new String[] {"apiVersion", "kind"}) {
            if (value.path(typeField).isTextual()) {
              object.put(typeField, value.get(typeField).asText());
            }
          }
          Map<String, Object> metadata = new LinkedHashMap<>();
          for (String visible : new String[] {"name", "generateName"}) {
            if (value.path("metadata").path(visible).isTextual()) {
              metadata.put(visible, value.path("metadata").get(visible).asText());
            }
          }
          object.put("metadata", metadata);
        }
        if (schema.hasProperties()) {
          value.fields().forEachRemaining(field -> schema.property(field.getKey()).ifPresent(property ->
              escaped(field.getKey()).ifPresent(name -> object.put(name, toCel(property, field.getValue(), false)))));
        } else if (schema.additionalProperties().isPresent()) {
          StructuralSchema values = schema.additionalProperties().get();
          value.fields().forEachRemaining(field -> object.put(field.getKey(), toCel(values, field.getValue(),
              false)));
        }
        return object;
      case "array":
        List<Object> list = new ArrayList<>();
        StructuralSchema items = schema.items().orElse(StructuralSchema.ANYTHING);
        value.forEach(item -> list.add(toCel(items, item, false)));
        return list;
      case "string":
        return value.asText();
      case "integer":
        return value.asLong();
      case "number":
        return value.asDouble();
      case "boolean":
        return value.asBoolean();
      default:
        return untyped(value);
    }
  }

  /** A value under x-kubernetes-preserve-unknown-fields without a type: JSON as CEL sees it. */
  private static Object untyped(JsonNode value) {
    if (value.isNull()) {
      return NullValue.NULL_VALUE;
    }
    if (value.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      value.fields().forEachRemaining(f -> map.put(f.getKey(), untyped(f.getValue())));
      return map;
    }
    if (value.isArray()) {
      List<Object> list = new ArrayList<>();
      value.forEach(v -> list.add(untyped(v)));
      return list;
    }
    if (value.isIntegralNumber()) {
      return value.asLong();
    }
    if (value.isNumber()) {
      return value.asDouble();
    }
    return value.isBoolean() ? (Object) value.asBoolean() : value.asText();
  }

  /** Kubernetes' escaping of property names for CEL: reserved words and '.', '-', '/', '__' get spelled out. */
  static Optional<String> escaped(String name) {
    if (CEL_RESERVED.contains(name)) {
      return Optional.of("__" + name + "__");
    }
    if (IDENTIFIER.matcher(name).matches() && !name.contains("__")) {
      return Optional.of(name);
    }
    if (!ESCAPABLE.matcher(name).matches()) {
      return Optional.empty(); // not accessible from CEL
    }
    return Optional.of(name.replace("__", "__underscores__").replace(".", "__dot__").replace("-", "__dash__")
        .replace("/", "__slash__"));
  }
}
