package dev.sft.e2e.controllers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;

/**
 * The hash of a pod template that names a revision, as Kubernetes' controller-revision-hash and pod-template-hash
 * labels: FNV-1a (32 bit) over a canonical rendering of the template (keys sorted, so label order does not matter),
 * written in the alphabet Kubernetes uses for generated names (no vowels, so no words).
 */
final class RevisionHash {
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private static final ObjectMapper CANONICAL = JsonMapper.builder()
      .configure(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY, true)
      .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
      .build();

  private RevisionHash() {}

  static String of(PodTemplateSpec template) {
    try {
      // Through a tree first: the model's own field order and map implementations then play no part.
      Object tree = CANONICAL.readValue(CANONICAL.writeValueAsString(template), Object.class);
      return encode(fnv1a(CANONICAL.writeValueAsString(tree)));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot render the pod template", e);
    }
  }

  static int fnv1a(String text) {
    int hash = 0x811c9dc5;
    for (byte b : text.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= 0x01000193;
    }
    return hash;
  }

  /** The unsigned decimal digits of the hash, each mapped into the alphabet, as Kubernetes' SafeEncodeString. */
  static String encode(int hash) {
    String digits = Integer.toUnsignedString(hash);
    StringBuilder out = new StringBuilder(digits.length());
    for (char c : digits.toCharArray()) {
      out.append(ALPHABET.charAt(c % ALPHABET.length()));
    }
    return out.toString();
  }
}
