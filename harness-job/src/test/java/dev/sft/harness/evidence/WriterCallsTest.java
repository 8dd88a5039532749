package dev.sft.harness.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WriterCallsTest {
  @Test
  void consecutiveWritesAreCountedAsOneEntryAndOtherCallsKeepTheirOrder() {
    WriterCalls.Log log = new WriterCalls.Log();
    for (int i = 0; i < 3; i++) {
      log.call(WriterCalls.WRITE);
    }
    log.call(WriterCalls.COMMIT);
    log.call(WriterCalls.ABORT);
    log.call(WriterCalls.WRITE);
    log.call(WriterCalls.CLOSE);
    assertThat(log.calls()).extracting(WriterCalls.Call::toString)
        .containsExactly("write x3", "commit", "abort", "write", "close");
  }
}
