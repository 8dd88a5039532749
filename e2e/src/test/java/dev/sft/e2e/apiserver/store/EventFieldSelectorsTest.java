package dev.sft.e2e.apiserver.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EventFieldSelectorsTest {
  static final String LIST = """
      {"apiVersion": "v1", "kind": "EventList", "metadata": {}, "items": [
        {"metadata": {"name": "a"}, "reason": "FailedCreate", "type": "Warning",
         "involvedObject": {"kind": "Job", "name": "t-r1-loss", "uid": "u1"}},
        {"metadata": {"name": "b"}, "reason": "SuccessfulCreate", "type": "Normal",
         "involvedObject": {"kind": "Job", "name": "t-r1-spec", "uid": "u2"}},
        {"metadata": {"name": "c"}, "reason": "FailedCreate", "type": "Warning",
         "involvedObject": {"kind": "StatefulSet", "name": "t-r1-loss", "uid": "u3"}}]}""";

  @Test
  void eventFieldsAreTakenOutOfTheMocksQueryAndAppliedToItsAnswer() {
    EventFieldSelectors.Split split = EventFieldSelectors.split("/api/v1/namespaces/ns/events?fieldSelector="
        + "involvedObject.kind%3DJob%2CinvolvedObject.name%3Dt-r1-loss%2Cmetadata.namespace%3Dns&limit=5");
    assertThat(split.path()).isEqualTo("/api/v1/namespaces/ns/events?fieldSelector=metadata.namespace%3Dns&limit=5");
    assertThat(EventFieldSelectors.filter(LIST, split.terms())).contains("\"a\"").doesNotContain("\"b\"", "\"c\"");
  }

  @Test
  void notEqualAndDoubleEqualsWorkAsTheApiServerReadsThem() {
    EventFieldSelectors.Split split =
        EventFieldSelectors.split("/api/v1/events?fieldSelector=reason%3D%3DFailedCreate%2Ctype!%3DNormal");
    assertThat(split.path()).isEqualTo("/api/v1/events");
    assertThat(EventFieldSelectors.filter(LIST, split.terms())).contains("\"a\"", "\"c\"").doesNotContain("\"b\"");
  }

  @Test
  void otherResourcesAndPlainListsPassUntouched() {
    assertThat(EventFieldSelectors.split("/api/v1/namespaces/ns/pods?fieldSelector=metadata.name%3Dp").terms())
        .isEmpty();
    assertThat(EventFieldSelectors.split("/api/v1/namespaces/ns/events").path())
        .isEqualTo("/api/v1/namespaces/ns/events");
  }
}
