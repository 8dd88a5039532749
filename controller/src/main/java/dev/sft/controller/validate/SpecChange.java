package dev.sft.controller.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.api.SchedulerFailureTestSpec;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;

/**
 * Whether a new generation changes what a run does or only when runs happen. Turning {@code suspend} on, moving the
 * schedule or changing the history limits must not start a run of its own.
 */
public final class SpecChange {
  /** The spec fields that say when to run and what the status keeps, not what a run does. */
  public static final List<String> SCHEDULING_FIELDS = List.of("schedule", "timeZone", "suspend", "concurrencyPolicy",
      "startingDeadlineSeconds", "history");

  private SpecChange() {}

  /**
   * @param runSpecJson the spec the last run executed ({@code status.runSpec})
   * @return true when {@code current} differs from it in {@link #SCHEDULING_FIELDS} only (field order ignored)
   */
  public static boolean onlyScheduling(KubernetesSerialization serialization, String runSpecJson,
      SchedulerFailureTestSpec current) {
    if (runSpecJson == null || current == null) {
      return false;
    }
    JsonNode ran = withoutScheduling(serialization.unmarshal(runSpecJson, JsonNode.class));
    JsonNode now = withoutScheduling(serialization.convertValue(current, JsonNode.class));
    return ran.equals(now);
  }

  private static JsonNode withoutScheduling(JsonNode spec) {
    if (spec instanceof ObjectNode object) {
      ObjectNode copy = object.deepCopy();
      copy.remove(SCHEDULING_FIELDS);
      return copy;
    }
    return spec;
  }
}
