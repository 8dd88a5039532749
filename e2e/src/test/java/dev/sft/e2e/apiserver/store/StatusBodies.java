package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;

/** Kubernetes {@code Status} objects for failed requests, with the reason clients branch on (NotFound, Conflict...). */
public final class StatusBodies {

  private StatusBodies() {
  }

  public static String json(int code, String reason, String message) {
    return node(code, reason, message, null).toString();
  }

  /** The Status object, with {@code details} (before {@code code}, where Kubernetes puts it) when not null. */
  public static ObjectNode node(int code, String reason, String message, ObjectNode details) {
    ObjectNode status = Serialization.jsonMapper().createObjectNode();
    status.put("kind", "Status");
    status.put("apiVersion", "v1");
    status.putObject("metadata");
    status.put("status", "Failure");
    status.put("message", message);
    status.put("reason", reason);
    if (details != null) {
      status.set("details", details);
    }
    status.put("code", code);
    return status;
  }

  /** The reason Kubernetes gives for an HTTP status, refined by the message where one code has two reasons. */
  public static String reasonFor(int code, String message) {
    return switch (code) {
      case 400 -> "BadRequest";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "NotFound";
      case 405 -> "MethodNotAllowed";
      case 409 -> message != null && message.contains("already exists") ? "AlreadyExists" : "Conflict";
      case 410 -> "Expired";
      case 413 -> "RequestEntityTooLarge";
      case 415 -> "UnsupportedMediaType";
      case 422 -> "Invalid";
      default -> "InternalError";
    };
  }

  /**
   * Turns the mock's error answers (an empty body, or a Status whose reason is always "Invalid") into the Status a
   * real API server sends; {@code what} names the object for the message when there is none.
   */
  public static String normalise(int code, String body, String what) {
    String message = null;
    if (body != null && !body.isBlank()) {
      try {
        JsonNode node = Serialization.jsonMapper().readTree(body);
        if ("Status".equals(node.path("kind").asText()) && node.has("details")
            && node.path("reason").asText().equals(reasonFor(code, node.path("message").asText()))) {
          return body; // already the API server's Status, with its causes (admission's 422); the mock's always say
          // "Invalid", whatever the code
        }
        if ("Status".equals(node.path("kind").asText())) {
          message = node.path("message").asText(null);
        }
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        message = body;
      }
    }
    if (message == null) {
      message = code == 404 ? what + " not found" : "request failed with HTTP " + code;
    }
    return json(code, reasonFor(code, message), message);
  }
}
