package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A write the API server refuses, with the Status body it answers: 422 {@code Invalid} with {@code details.causes}
 * for validation errors, 400 for strict decoding, 413 for an oversized request, 500 for what etcd refuses or what the
 * stand-in cannot evaluate.
 */
public final class RequestRefused extends RuntimeException {

  private final int code;
  private final String reason;
  private final ObjectNode details;

  private RequestRefused(int code, String reason, String message, ObjectNode details) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.details = details;
  }

  /**
   * 422 Invalid, worded as {@code errors.NewInvalid}: {@code Kind.group "name" is invalid: ERR} or {@code [ERR, ERR]}
   * (identical messages once, as Kubernetes' aggregate does).
   */
  public static RequestRefused invalid(String group, String kind, String name, List<FieldError> errors) {
    List<FieldError> distinct = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (FieldError error : errors) {
      if (seen.add(error.toString())) {
        distinct.add(error);
      }
    }
    String qualifiedKind = group.isEmpty() ? kind : kind + "." + group;
    String aggregate = distinct.size() == 1 ? distinct.get(0).toString()
        : "[" + String.join(", ", distinct.stream().map(FieldError::toString).toList()) + "]";
    ObjectNode details = Serialization.jsonMapper().createObjectNode();
    details.put("name", name);
    if (!group.isEmpty()) {
      details.put("group", group);
    }
    details.put("kind", kind);
    ArrayNode causes = details.putArray("causes");
    for (FieldError error : distinct) {
      causes.addObject().put("reason", error.type().reason()).put("message", error.body())
          .put("field", error.field());
    }
    return new RequestRefused(422, "Invalid", qualifiedKind + " \"" + name + "\" is invalid: " + aggregate, details);
  }

  public static RequestRefused badRequest(String message) {
    return new RequestRefused(400, "BadRequest", message, null);
  }

  public static RequestRefused tooLarge(String message) {
    return new RequestRefused(413, "RequestEntityTooLarge", message, null);
  }

  public static RequestRefused internal(String message) {
    return new RequestRefused(500, "InternalError", message, null);
  }

  public int code() {
    return code;
  }

  public String reason() {
    return reason;
  }

  /** The Status object Kubernetes answers with. */
  public String statusJson() {
    ObjectNode status = Serialization.jsonMapper().createObjectNode();
    status.put("kind", "Status");
    status.put("apiVersion", "v1");
    status.putObject("metadata");
    status.put("status", "Failure");
    status.put("message", getMessage());
    status.put("reason", reason);
    if (details != null) {
      status.set("details", details);
    }
    status.put("code", code);
    return status.toString();
  }
}
