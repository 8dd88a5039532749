package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FlagDurationTest {
  @Test
  void aPlainNumberIsSeconds() {
    assertThat(FlagDuration.parse("180")).isEqualTo(Duration.ofSeconds(180));
    assertThat(FlagDuration.parse(" 0 ")).isZero();
  }

  @Test
  void kubectlUnitsAddUp() {
    assertThat(FlagDuration.parse("90s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(FlagDuration.parse("5m")).isEqualTo(Duration.ofMinutes(5));
    assertThat(FlagDuration.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(FlagDuration.parse("2H")).isEqualTo(Duration.ofHours(2));
    assertThat(FlagDuration.parse("1m500ms")).isEqualTo(Duration.ofMillis(60_500));
  }

  @Test
  void iso8601IsAcceptedAsWritten() {
    assertThat(FlagDuration.parse("PT5M")).isEqualTo(Duration.ofMinutes(5));
    assertThat(FlagDuration.parse("pt1h30m")).isEqualTo(Duration.ofMinutes(90));
  }

  @Test
  void anythingElseIsRefusedNamingTheForms() {
    for (String bad : new String[] {"soon", "", "5 m", "-5", "1.5h", "5d", "PT-5M", "P", "m5", "9999999999999s"}) {
      assertThatThrownBy(() -> FlagDuration.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("'" + bad + "' is not a duration (90s, 5m, 1h30m, PT5M or a number of seconds)");
    }
    assertThatThrownBy(() -> FlagDuration.parse(null)).isInstanceOf(IllegalArgumentException.class);
  }
}
