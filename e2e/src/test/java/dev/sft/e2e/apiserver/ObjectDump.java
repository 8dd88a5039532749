package dev.sft.e2e.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes every stored object as YAML, one file per object: DIR/NAMESPACE-or-_cluster/KIND-NAME.yaml. */
final class ObjectDump {

  private static final YAMLMapper YAML = new YAMLMapper();

  private ObjectDump() {
  }

  /** Returns how many objects were written. */
  static int write(List<String> objects, Path dir) throws IOException {
    int written = 0;
    for (String json : objects) {
      JsonNode object = Serialization.unmarshal(json, JsonNode.class);
      String namespace = object.path("metadata").path("namespace").asText("");
      Path folder = dir.resolve(namespace.isEmpty() ? "_cluster" : safe(namespace));
      Files.createDirectories(folder);
      String file = safe(object.path("kind").asText("Unknown")) + "-"
          + safe(object.path("metadata").path("name").asText("unnamed")) + ".yaml";
      Files.writeString(folder.resolve(file), YAML.writeValueAsString(object));
      written++;
    }
    return written;
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }
}
