package dev.sft.k8s;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;

/**
 * A resource printed as {@code kubectl get -o json} and {@code -o yaml} print one, through the client's own
 * serialization ({@link KubeClients#SERIALIZATION}), so what is printed is what the client read.
 */
public final class ResourceOutput {
  private static final ObjectMapper INDENTER = new ObjectMapper();

  private ResourceOutput() {}

  /** Indented JSON, ending in a newline. */
  public static String json(HasMetadata resource) {
    try {
      return INDENTER.readTree(KubeClients.SERIALIZATION.asJson(resource)).toPrettyString() + System.lineSeparator();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the client's own JSON did not parse", e);
    }
  }

  /** A YAML document ({@code ---} first, as fabric8 writes it). */
  public static String yaml(HasMetadata resource) {
    return KubeClients.SERIALIZATION.asYaml(resource);
  }
}
