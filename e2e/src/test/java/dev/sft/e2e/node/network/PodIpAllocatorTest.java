package dev.sft.e2e.node.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PodIpAllocatorTest {
  @Test
  void eachOwnerGetsItsOwnAddressAndKeepsIt() {
    PodIpAllocator ips = new PodIpAllocator("127.0.100.0/22");
    String a = ips.allocate("pod-a");
    String b = ips.allocate("pod-b");
    assertThat(a).isEqualTo("127.0.100.1");
    assertThat(b).isEqualTo("127.0.100.2");
    assertThat(ips.allocate("pod-a")).isEqualTo(a);
    assertThat(ips.inUse()).isEqualTo(2);
  }

  @Test
  void crossesOctetsAndSkipsNetworkAndBroadcast() {
    PodIpAllocator ips = new PodIpAllocator("127.0.100.0/22");
    String last = null;
    for (int i = 0; i < 1022; i++) {
      last = ips.allocate("pod-" + i);
    }
    assertThat(last).isEqualTo("127.0.103.254");
    assertThatThrownBy(() -> ips.allocate("one-too-many")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("127.0.100.0/22 is exhausted");
  }

  @Test
  void releasedAddressesAreReusedOnlyAfterTheRestOfTheRange() {
    PodIpAllocator ips = new PodIpAllocator("127.0.104.0/30");
    assertThat(ips.allocate("a")).isEqualTo("127.0.104.1");
    assertThat(ips.allocate("b")).isEqualTo("127.0.104.2");
    ips.release("a");
    assertThat(ips.allocate("c")).isEqualTo("127.0.104.1");
    ips.release("b");
    ips.release("c");
    assertThat(ips.allocate("d")).isEqualTo("127.0.104.2");
  }

  @Test
  void refusesRangesOutsideLoopbackAndMalformedOnes() {
    assertThatThrownBy(() -> new PodIpAllocator("10.0.0.0/24")).hasMessageContaining("not in 127.0.0.0/8");
    assertThatThrownBy(() -> new PodIpAllocator("127.0.100.1/24")).hasMessageContaining("host bits");
    assertThatThrownBy(() -> new PodIpAllocator("127.0.100.0")).hasMessageContaining("ADDRESS/PREFIX");
    assertThatThrownBy(() -> new PodIpAllocator("127.0.300.0/24")).hasMessageContaining("not an IPv4 address");
  }
}
