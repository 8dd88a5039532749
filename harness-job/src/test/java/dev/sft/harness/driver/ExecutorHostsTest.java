package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The pre-scenario check: executors must still be registered on two distinct hosts. */
class ExecutorHostsTest {
  @Test
  void executorsOnTwoHostsCanHostAScenario() {
    assertThat(ExecutorHosts.shortfall(List.of("127.0.0.2:40001", "127.0.0.3:40002", "127.0.0.2:40003")))
        .isEmpty();
  }

  @Test
  void executorsLeftOnOneHostOrNoneFailTheScenarioSayingWhatIsRegistered() {
    assertThat(ExecutorHosts.shortfall(List.of("127.0.0.2:40001", "127.0.0.2:40003"))).hasValueSatisfying(why ->
        assertThat(why).contains("1 host(s) [127.0.0.2]").contains("127.0.0.2:40003").contains("at least 2"));
    assertThat(ExecutorHosts.shortfall(List.of())).hasValueSatisfying(why -> assertThat(why).contains("0 host(s)"));
  }

  @Test
  void twoPortsOfOneHostAreOneHost() {
    assertThat(ExecutorHosts.hosts(List.of("10.0.0.1:1", "10.0.0.1:2"))).containsExactly("10.0.0.1");
  }
}
