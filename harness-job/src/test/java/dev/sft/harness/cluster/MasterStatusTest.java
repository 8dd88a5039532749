package dev.sft.harness.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MasterStatusTest {
  @Test
  void countsOnlyAliveWorkersBecauseRestartedOnesLingerAsDead() {
    var workers = MasterStatus.parse("""
        {"url":"spark://127.0.0.1:7077","workers":[
          {"id":"worker-1","host":"127.0.0.2","port":1,"state":"ALIVE","cores":2},
          {"id":"worker-0","host":"127.0.0.2","port":2,"state":"DEAD","cores":2},
          {"id":"worker-2","host":"127.0.0.3","port":3,"state":"ALIVE","cores":2}],
         "aliveworkers":2,"status":"ALIVE"}
        """);
    assertThat(workers).hasSize(3);
    assertThat(MasterStatus.alive(workers)).isEqualTo(2);
  }

  @Test
  void readsTheMastersOwnStateBecauseWorkersRegisteringWhileItIsInStandbyAreRetriedOnlySecondsLater() {
    assertThat(MasterStatus.parseState("{\"url\":\"spark://127.0.0.1:7077\",\"workers\":[],\"status\":\"STANDBY\"}"))
        .isEqualTo("STANDBY");
    assertThat(MasterStatus.parseState("{\"workers\":[],\"status\":\"ALIVE\"}")).isEqualTo("ALIVE");
  }
}
