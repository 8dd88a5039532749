package dev.sft.e2e.controllers;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RevisionHashTest {
  private static PodTemplateSpec template(Map<String, String> labels, String image) {
    return new PodTemplateSpecBuilder().withNewMetadata().withLabels(labels).endMetadata()
        .withNewSpec().addNewContainer().withName("spark").withImage(image).withArgs("--port", "7077").endContainer()
        .endSpec().build();
  }

  @Test
  void sameTemplateSameHashWhateverTheLabelOrder() {
    Map<String, String> ab = new LinkedHashMap<>();
    ab.put("a", "1");
    ab.put("b", "2");
    Map<String, String> ba = new LinkedHashMap<>();
    ba.put("b", "2");
    ba.put("a", "1");
    assertThat(RevisionHash.of(template(ab, "img:1"))).isEqualTo(RevisionHash.of(template(ba, "img:1")));
  }

  @Test
  void anyChangeGivesAnotherHash() {
    Map<String, String> labels = Map.of("a", "1");
    String base = RevisionHash.of(template(labels, "img:1"));
    assertThat(RevisionHash.of(template(labels, "img:2"))).isNotEqualTo(base);
    assertThat(RevisionHash.of(template(Map.of("a", "2"), "img:1"))).isNotEqualTo(base);
  }

  @Test
  void hashIsSafeForNamesAndLabels() {
    String hash = RevisionHash.of(template(Map.of("a", "1"), "img:1"));
    assertThat(hash).matches("[bcdfghjklmnpqrstvwxz2456789]{1,10}");
  }

  @Test
  void fnvAndEncodingMatchTheirDefinitions() {
    // FNV-1a 32 of "" is the offset basis; of "a" is 0xe40c292c (published test vectors).
    assertThat(RevisionHash.fnv1a("")).isEqualTo(0x811c9dc5);
    assertThat(RevisionHash.fnv1a("a")).isEqualTo(0xe40c292c);
    // Each decimal digit maps to ALPHABET[char % 27]: '0' (48) → 21 → '4', '1' (49) → 22 → '5'.
    assertThat(RevisionHash.encode(0)).isEqualTo("4");
    assertThat(RevisionHash.encode(10)).isEqualTo("54");
  }
}
