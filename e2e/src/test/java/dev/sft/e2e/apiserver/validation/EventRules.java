package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Kubernetes' Event validation (pkg/apis/core/validation/events.go), per the API version of the request. Every Event
 * passes the legacy rules: its namespace matches the involved object's, and an Event with an {@code eventTime} names
 * its reporting controller and instance, action and reason (at most 128 characters each), with a note of at most 1024.
 * Through events.k8s.io/v1 the strict rules apply as well: {@code eventTime} is required, {@code type} is Normal or
 * Warning, the core/v1 fields ({@code deprecatedFirstTimestamp}, {@code deprecatedLastTimestamp},
 * {@code deprecatedCount}, {@code deprecatedSource}) stay unset, a {@code series} has a count of at least 2 and a
 * {@code lastObservedTime}; an update may change only the series (and the metadata). A repeat of an Event is recorded
 * in its series, not as a new object. Paths are the internal type's, as Kubernetes reports them ({@code message} for
 * v1's {@code note}, {@code involvedObject} for {@code regarding}).
 */
public final class EventRules {

  static final int REPORTING_INSTANCE_LIMIT = 128;
  static final int ACTION_LIMIT = 128;
  static final int REASON_LIMIT = 128;
  static final int NOTE_LIMIT = 1024;

  private EventRules() {
  }

  /** Every broken rule of an Event written through {@code group} ({@code ""} or events.k8s.io); old is null on create. */
  public static List<FieldError> validate(String group, JsonNode event, JsonNode old) {
    boolean strict = group.equals("events.k8s.io");
    Fields fields = strict ? Fields.V1 : Fields.CORE;
    List<FieldError> errors = new ArrayList<>(legacy(event, fields, strict));
    if (!strict) {
      return errors;
    }
    if (old == null) {
      series(event, errors);
      if (event.path("eventTime").asText("").isEmpty()) {
        errors.add(FieldError.required("eventTime", ""));
      }
      String type = event.path("type").asText("");
      if (!type.equals("Normal") && !type.equals("Warning")) {
        errors.add(FieldError.invalid("type", "", "has invalid value: " + type));
      }
      unset(event, "deprecatedFirstTimestamp", "firstTimestamp", errors);
      unset(event, "deprecatedLastTimestamp", "lastTimestamp", errors);
      if (event.path("deprecatedCount").asLong(0) != 0) {
        errors.add(FieldError.invalid("count", "", "needs to be unset"));
      }
      JsonNode source = event.path("deprecatedSource");
      if (!source.path("component").asText("").isEmpty() || !source.path("host").asText("").isEmpty()) {
        errors.add(FieldError.invalid("source", "", "needs to be unset"));
      }
      return errors;
    }
    if (!Objects.equals(event.get("series"), old.get("series"))) {
      series(event, errors);
    }
    String[][] immutable = {{"regarding", "involvedObject"}, {"reason", "reason"}, {"note", "message"},
        {"deprecatedSource", "source"}, {"deprecatedFirstTimestamp", "firstTimestamp"},
        {"deprecatedLastTimestamp", "lastTimestamp"}, {"deprecatedCount", "count"}, {"type", "type"},
        {"action", "action"}, {"related", "related"}, {"reportingController", "reportingController"},
        {"reportingInstance", "reportingInstance"}, {"eventTime", "eventTime"}};
    for (String[] field : immutable) {
      if (!Objects.equals(event.get(field[0]), old.get(field[0]))) {
        errors.add(FieldError.invalid(field[1], TextNode.valueOf(event.path(field[0]).toString()),
            "field is immutable"));
      }
    }
    return errors;
  }

  /** The wire names of the fields the two versions name differently. */
  private enum Fields {
    CORE("involvedObject", "message", "reportingComponent"),
    V1("regarding", "note", "reportingController");

    final String regarding;
    final String note;
    final String reportingController;

    Fields(String regarding, String note, String reportingController) {
      this.regarding = regarding;
      this.note = note;
      this.reportingController = reportingController;
    }
  }

  private static List<FieldError> legacy(JsonNode event, Fields fields, boolean strict) {
    List<FieldError> errors = new ArrayList<>();
    String namespace = event.path("metadata").path("namespace").asText("");
    String regardingNamespace = event.path(fields.regarding).path("namespace").asText("");
    if (event.path("eventTime").asText("").isEmpty()) {
      boolean agrees = regardingNamespace.isEmpty()
          ? namespace.isEmpty() || namespace.equals("default") : namespace.equals(regardingNamespace);
      if (!agrees) {
        errors.add(FieldError.invalid("involvedObject.namespace", regardingNamespace, "does not match event.namespace"));
      }
      return errors;
    }
    if (regardingNamespace.isEmpty() && !namespace.equals("default") && !namespace.equals("kube-system")) {
      errors.add(FieldError.invalid("involvedObject.namespace", regardingNamespace, "does not match event.namespace"));
    }
    // core/v1 names the field reportingComponent; the internal type and events.k8s.io/v1 reportingController
    String controllerPath = strict ? "reportingController" : "reportingComponent";
    String controller = event.path(fields.reportingController).asText("");
    if (controller.isEmpty()) {
      errors.add(FieldError.required(controllerPath, ""));
    } else {
      ObjectMetaRules.qualifiedNameProblems(controller)
          .forEach(p -> errors.add(FieldError.invalid(controllerPath, controller, p)));
    }
    limited(event, "reportingInstance", "reportingInstance", REPORTING_INSTANCE_LIMIT, true, errors);
    limited(event, "action", "action", ACTION_LIMIT, true, errors);
    limited(event, "reason", "reason", REASON_LIMIT, true, errors);
    limited(event, fields.note, "message", NOTE_LIMIT, false, errors);
    return errors;
  }

  private static void limited(JsonNode event, String field, String path, int limit, boolean required,
      List<FieldError> errors) {
    String value = event.path(field).asText("");
    if (required && value.isEmpty()) {
      errors.add(FieldError.required(path, ""));
    }
    if (value.length() > limit) {
      errors.add(FieldError.invalid(path, "", "can have at most " + limit + " characters"));
    }
  }

  private static void series(JsonNode event, List<FieldError> errors) {
    JsonNode series = event.path("series");
    if (!series.isObject()) {
      return;
    }
    if (series.path("count").asLong(0) < 2) {
      errors.add(FieldError.invalid("series.count", "", "should be at least 2"));
    }
    if (series.path("lastObservedTime").asText("").isEmpty()) {
      errors.add(FieldError.required("series.lastObservedTime", ""));
    }
  }

  private static void unset(JsonNode event, String field, String path, List<FieldError> errors) {
    if (!event.path(field).asText("").isEmpty()) {
      errors.add(FieldError.invalid(path, "", "needs to be unset"));
    }
  }
}
