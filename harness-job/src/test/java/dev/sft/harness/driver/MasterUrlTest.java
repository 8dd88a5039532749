package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class MasterUrlTest {
  @Test
  void rejectsLocalMastersWithTheReason() {
    for (String local : new String[] {"local", "local[4]", "local-cluster[2,1,1024]"}) {
      assertThatThrownBy(() -> MasterUrl.parse(local))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cannot show scheduler failures");
    }
  }

  @Test
  void rejectsWhatIsNotAStandaloneUrl() {
    assertThatThrownBy(() -> MasterUrl.parse("yarn")).hasMessageContaining("expected spark://host:port");
    assertThatThrownBy(() -> MasterUrl.parse("spark://host")).hasMessageContaining("is not host:port");
    assertThatThrownBy(() -> MasterUrl.parse("spark://host:99999")).hasMessageContaining("out of range");
    assertThatThrownBy(() -> MasterUrl.parse(" ")).hasMessageContaining("no Spark master given");
  }

  @Test
  void acceptsSingleAndHighAvailabilityMasters() {
    assertThat(MasterUrl.parse("spark://127.0.0.1:7077")).hasSize(1);
    assertThat(MasterUrl.parse("spark://m1:7077,m2:7077")).hasSize(2);
  }

  @Test
  void anUnreachableMasterIsAClearErrorNotAMinuteOfRetries() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      port = socket.getLocalPort();
    }
    int closed = port;
    assertThatThrownBy(() -> MasterUrl.requireReachable("spark://127.0.0.1:" + closed, 1000))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot reach the Spark master at 127.0.0.1:" + closed);
  }
}
