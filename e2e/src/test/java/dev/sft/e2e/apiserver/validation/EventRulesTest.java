package dev.sft.e2e.apiserver.validation;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.store.ResourceCatalog;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Events through core/v1 keep the legacy rules; through events.k8s.io/v1 the strict ones, series included. */
class EventRulesTest {

  private static final String V1 = "/apis/events.k8s.io/v1/namespaces/ns/events";
  private static final String CORE = "/api/v1/namespaces/ns/events";
  private final RequestValidation validation = new RequestValidation(new ResourceCatalog(List::of));

  @Test
  void aV1EventWithASeriesPassesAndItsRepeatUpdatesTheSeries() throws Exception {
    ObjectNode first = v1Event();
    validation.validate(V1, first, null);
    ObjectNode repeat = first.deepCopy();
    repeat.putObject("series").put("count", 2).put("lastObservedTime", "2026-12-06T10:01:00.000000Z");
    validation.validate(V1, repeat, first);
  }

  @Test
  void aSeriesCountsAtLeastTwoAndSaysWhenLastSeen() throws Exception {
    ObjectNode first = v1Event();
    ObjectNode repeat = first.deepCopy();
    repeat.putObject("series").put("count", 1);
    assertThatThrownBy(() -> validation.validate(V1, repeat, first))
        .hasMessageContaining("series.count: Invalid value: \"\": should be at least 2")
        .hasMessageContaining("series.lastObservedTime: Required value");
  }

  @Test
  void aV1EventNeedsItsTimeReporterAndNoCoreFields() throws Exception {
    ObjectNode event = v1Event();
    event.remove("eventTime");
    event.put("deprecatedCount", 3).put("type", "Error");
    assertThatThrownBy(() -> validation.validate(V1, event, null))
        .hasMessageContaining("eventTime: Required value")
        .hasMessageContaining("count: Invalid value: \"\": needs to be unset")
        .hasMessageContaining("type: Invalid value: \"\": has invalid value: Error");
    ObjectNode unreported = v1Event();
    unreported.remove("reportingController");
    unreported.remove("reportingInstance");
    unreported.put("note", "n".repeat(1025));
    assertThatThrownBy(() -> validation.validate(V1, unreported, null))
        .hasMessageContaining("reportingController: Required value")
        .hasMessageContaining("reportingInstance: Required value")
        .hasMessageContaining("message: Invalid value: \"\": can have at most 1024 characters");
  }

  @Test
  void anUpdateChangesOnlyTheSeries() throws Exception {
    ObjectNode first = v1Event();
    ObjectNode changed = first.deepCopy();
    changed.put("note", "something else");
    assertThatThrownBy(() -> validation.validate(V1, changed, first))
        .hasMessageContaining("message: Invalid value: \"\\\"something else\\\"\": field is immutable");
  }

  @Test
  void aCoreEventKeepsTheLegacyRules() throws Exception {
    ObjectNode event = (ObjectNode) Serialization.jsonMapper().readTree("""
        {"apiVersion":"v1","kind":"Event","metadata":{"name":"t.1","namespace":"ns"},
         "involvedObject":{"kind":"SchedulerFailureTest","name":"t","namespace":"ns"},
         "reason":"RunStarted","message":"m","type":"Normal","count":2,
         "firstTimestamp":"2026-12-06T10:00:00Z","lastTimestamp":"2026-12-06T10:01:00Z"}""");
    validation.validate(CORE, event, null);
    ((ObjectNode) event.get("involvedObject")).put("namespace", "other");
    assertThatThrownBy(() -> validation.validate(CORE, event, null))
        .hasMessageContaining("involvedObject.namespace: Invalid value: \"other\": does not match event.namespace");
  }

  private static ObjectNode v1Event() throws Exception {
    return (ObjectNode) Serialization.jsonMapper().readTree("""
        {"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"t.1","namespace":"ns"},
         "regarding":{"kind":"SchedulerFailureTest","name":"t","namespace":"ns"},
         "eventTime":"2026-12-06T10:00:00.000000Z","reportingController":"sft.dev/controller",
         "reportingInstance":"sft-controller-0","action":"Reconcile","reason":"RunStarted","note":"m",
         "type":"Normal"}""");
  }
}
