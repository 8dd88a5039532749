package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwriteV2;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.junit.jupiter.api.Test;

class ProbedWriteBuilderTest {
  private static final ProbeSpec SPEC = new ProbeSpec("/e", "/t/data", List.of(), 0, List.of(), 1_000);

  /** A writer's builder that can overwrite both ways, as Iceberg's can; it records the steps Spark took. */
  static final class Overwritable implements SupportsDynamicOverwrite, SupportsOverwriteV2 {
    final List<String> steps = new ArrayList<>();

    @Override
    public WriteBuilder overwriteDynamicPartitions() {
      steps.add("dynamic");
      return this;
    }

    @Override
    public WriteBuilder overwrite(Predicate[] predicates) {
      steps.add("expression");
      return this;
    }

    @Override
    public Write build() {
      steps.add("build");
      return new Write() {};
    }
  }

  @Test
  void anOverwritableBuilderStaysOverwritableAndEveryStepReachesTheWriter() {
    Overwritable writer = new Overwritable();
    WriteBuilder probed = ProbedWriteBuilder.of(writer, SPEC);
    assertThat(probed).isInstanceOf(SupportsDynamicOverwrite.class).isInstanceOf(SupportsOverwriteV2.class);
    Write write = ((SupportsDynamicOverwrite) probed).overwriteDynamicPartitions().build();
    assertThat(writer.steps).containsExactly("dynamic", "build");
    assertThat(write).isInstanceOf(ProbedWrite.class);
    ((SupportsOverwriteV2) probed).overwrite(new Predicate[0]);
    assertThat(writer.steps).endsWith("expression");
  }

  @Test
  void anAppendOnlyBuilderClaimsNoOverwrite() {
    WriteBuilder probed = ProbedWriteBuilder.of(new WriteBuilder() {
      @Override
      public Write build() {
        return new Write() {};
      }
    }, SPEC);
    assertThat(probed).isNotInstanceOf(SupportsDynamicOverwrite.class).isNotInstanceOf(SupportsOverwriteV2.class);
    assertThat(probed.build()).isInstanceOf(ProbedWrite.class);
  }

  @Test
  void aBuilderWithOnlyOneOverwriteKindIsRefusedRatherThanGuessed() {
    assertThatThrownBy(() -> ProbedWriteBuilder.of(new SupportsDynamicOverwrite() {
      @Override
      public WriteBuilder overwriteDynamicPartitions() {
        return this;
      }
    }, SPEC)).isInstanceOf(IllegalStateException.class).hasMessageContaining("dynamic overwrite only");
  }
}
