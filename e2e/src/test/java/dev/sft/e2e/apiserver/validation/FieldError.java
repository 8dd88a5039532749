package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One field-level validation error, printed as Kubernetes' {@code field.Error} prints it ({@code spec.repeat: Invalid
 * value: 0: ...}); its {@link Type#reason} is the {@code details.causes[].reason} of the 422 Status.
 *
 * @param field the field path ({@code spec.scenarios[0]}); {@code <nil>} for the object itself, as Kubernetes prints
 *     a root path
 * @param badValue the value shown after the type, or null to show none (Kubernetes omits it for some types)
 */
public record FieldError(Type type, String field, JsonNode badValue, String detail) {

  public static final String ROOT = "<nil>";

  /** Kubernetes' {@code field.ErrorType}: the cause reason and the words that start the message body. */
  public enum Type {
    REQUIRED("FieldValueRequired", "Required value", false),
    INVALID("FieldValueInvalid", "Invalid value", true),
    TYPE_INVALID("FieldValueTypeInvalid", "Invalid value", true),
    NOT_SUPPORTED("FieldValueNotSupported", "Unsupported value", true),
    DUPLICATE("FieldValueDuplicate", "Duplicate value", true),
    NOT_FOUND("FieldValueNotFound", "Not found", true),
    TOO_LONG("FieldValueTooLong", "Too long", false),
    TOO_MANY("FieldValueTooMany", "Too many", true),
    FORBIDDEN("FieldValueForbidden", "Forbidden", false),
    INTERNAL("InternalError", "Internal error", false);

    final String reason;
    final String words;
    final boolean showsValue;

    Type(String reason, String words, boolean showsValue) {
      this.reason = reason;
      this.words = words;
      this.showsValue = showsValue;
    }

    public String reason() {
      return reason;
    }
  }

  public static FieldError required(String field, String detail) {
    return new FieldError(Type.REQUIRED, field, null, detail);
  }

  public static FieldError invalid(String field, JsonNode value, String detail) {
    return new FieldError(Type.INVALID, field, value, detail);
  }

  public static FieldError invalid(String field, String value, String detail) {
    return invalid(field, TextNode.valueOf(value), detail);
  }

  public static FieldError typeInvalid(String field, JsonNode value, String detail) {
    return new FieldError(Type.TYPE_INVALID, field, value, detail);
  }

  /** {@code Unsupported value: "x": supported values: "a", "b"}. */
  public static FieldError notSupported(String field, JsonNode value, List<String> supported) {
    String detail = supported.isEmpty() ? "" : "supported values: "
        + supported.stream().map(s -> TextNode.valueOf(s).toString()).collect(Collectors.joining(", "));
    return new FieldError(Type.NOT_SUPPORTED, field, value, detail);
  }

  public static FieldError tooLong(String field, long maxBytes) {
    return new FieldError(Type.TOO_LONG, field, null, "may not be more than " + maxBytes + " bytes");
  }

  public static FieldError tooMany(String field, long actual, long max) {
    return new FieldError(Type.TOO_MANY, field, com.fasterxml.jackson.databind.node.LongNode.valueOf(actual),
        "must have at most " + max + " items");
  }

  public static FieldError forbidden(String field, String detail) {
    return new FieldError(Type.FORBIDDEN, field, null, detail);
  }

  public static FieldError duplicate(String field, JsonNode value) {
    return new FieldError(Type.DUPLICATE, field, value, "");
  }

  /** {@code Not found: "x"}, with the detail Kubernetes adds to some (e.g. which names would be found). */
  public static FieldError notFound(String field, JsonNode value, String detail) {
    return new FieldError(Type.NOT_FOUND, field, value, detail);
  }

  /** A value Go prints with %#v (a map of list-map keys), kept as Go spells it. */
  record GoSyntax(String text) {
  }

  static FieldError duplicate(String field, GoSyntax value) {
    return new FieldError(Type.DUPLICATE, field, new com.fasterxml.jackson.databind.node.POJONode(value), "");
  }

  /** The message without the field: {@code Invalid value: 0: spec.repeat in body should be ...}. */
  public String body() {
    StringBuilder body = new StringBuilder(type.words);
    if (type.showsValue && badValue != null) {
      // Go prints numbers and booleans bare, strings quoted (%q), nil as null; JSON text is the same for these
      body.append(": ").append(badValue instanceof com.fasterxml.jackson.databind.node.POJONode pojo
          && pojo.getPojo() instanceof GoSyntax go ? go.text() : badValue.isMissingNode() ? "null"
          : badValue.toString());
    }
    if (detail != null && !detail.isEmpty()) {
      body.append(": ").append(detail);
    }
    return body.toString();
  }

  @Override
  public String toString() {
    return field + ": " + body();
  }
}
