package dev.sft.e2e.node.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class VarExpansionTest {
  private static final Map<String, String> ENV = Map.of("POD_IP", "127.0.100.7", "EMPTY", "", "A", "x");

  private static String expand(String input) {
    return VarExpansion.expand(input, ENV::get);
  }

  @Test
  void definedVariablesAreReplaced() {
    assertThat(expand("--host=$(POD_IP)")).isEqualTo("--host=127.0.100.7");
    assertThat(expand("$(A)$(A)-$(EMPTY)-")).isEqualTo("xx--");
  }

  @Test
  void undefinedVariablesStayAsWritten() {
    assertThat(expand("$(NOPE) and $(POD_IP)")).isEqualTo("$(NOPE) and 127.0.100.7");
    assertThat(expand("$()")).isEqualTo("$()");
  }

  @Test
  void doubleDollarEscapes() {
    assertThat(expand("$$(POD_IP)")).isEqualTo("$(POD_IP)");
    assertThat(expand("$$$(A)")).isEqualTo("$x");
    assertThat(expand("cost: $$5")).isEqualTo("cost: $5");
  }

  @Test
  void otherDollarsAreKept() {
    assertThat(expand("$HOME ${A} $")).isEqualTo("$HOME ${A} $");
    assertThat(expand("a$")).isEqualTo("a$");
  }

  @Test
  void unterminatedReferenceIsKeptAndScanningGoesOn() {
    assertThat(expand("$(POD_IP")).isEqualTo("$(POD_IP");
    assertThat(expand("$(x $$")).isEqualTo("$(x $");
    // As in Kubernetes, a reference ends at the first ')': the name here is "x $(A", which is undefined.
    assertThat(expand("$(x $(A)")).isEqualTo("$(x $(A)");
  }

  @Test
  void nullAndPlainTextPassThrough() {
    assertThat(VarExpansion.expand(null, ENV::get)).isNull();
    assertThat(expand("plain")).isEqualTo("plain");
  }
}
