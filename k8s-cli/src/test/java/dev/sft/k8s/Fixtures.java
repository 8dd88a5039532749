package dev.sft.k8s;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.api.SchedulerFailureTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Test resources as a cluster would return them: {@code src/test/resources/k8s/*.json}. */
final class Fixtures {
  static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {}

  /** A fresh, editable copy of the fixture. */
  static ObjectNode resource(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/k8s/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource /k8s/" + name);
      }
      return (ObjectNode) JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The failed run of {@code failed-run.json}: generation 3, three cells, its run spec naming claim and image. */
  static ObjectNode failedRun() {
    return resource("failed-run.json");
  }

  /** The resource as the CLI reads it: JSON as the API server sends it, turned into the typed model as the CLI's client does. */
  static TestView view(ObjectNode resource) {
    return new TestView(KubeClients.SERIALIZATION.convertValue(resource, SchedulerFailureTest.class));
  }

  static ObjectNode status(ObjectNode resource) {
    return (ObjectNode) resource.get("status");
  }

  /** Sets a condition's status, reason and observed generation, adding it when absent. */
  static void condition(ObjectNode resource, String type, String status, String reason, long generation) {
    var conditions = status(resource).withArray("conditions");
    ObjectNode found = null;
    for (var c : conditions) {
      if (type.equals(c.path("type").asText())) {
        found = (ObjectNode) c;
      }
    }
    if (found == null) {
      found = conditions.addObject().put("type", type);
    }
    found.put("status", status).put("reason", reason).put("observedGeneration", generation);
  }
}
