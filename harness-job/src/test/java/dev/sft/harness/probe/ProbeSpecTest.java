package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeSpecTest {
  @Test
  void theHoldBeforeResultTravelsThroughTheWriteOption() {
    ProbeSpec spec = new ProbeSpec("/s", "/s/data", List.of(), 0, List.of(), 1000, List.of(0));
    ProbeSpec read = ProbeSpec.fromOption(spec.toOption());
    assertThat(read).isEqualTo(spec);
    assertThat(read.holdsBeforeResult(0)).isTrue();
    assertThat(read.holdsBeforeResult(1)).isFalse();
  }

  @Test
  void aSpecWithoutTheFieldHoldsNothingBeforeItsResult() {
    ProbeSpec read = ProbeSpec.fromOption("{\"scenarioDir\":\"/s\",\"dataLocation\":\"/s/data\","
        + "\"holdAfterHandoff\":[0],\"pauseAfterRows\":0,\"holdBeforeInput\":[],\"timeoutMillis\":1000}");
    assertThat(read.holdBeforeResult()).isEmpty();
    assertThat(read.holdsBeforeResult(0)).isFalse();
    assertThat(new ProbeSpec("/s", "/s/data", List.of(0), 0, List.of(), 1000).holdBeforeResult()).isEmpty();
  }
}
