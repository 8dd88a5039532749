package dev.sft.harness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver's re-check, before the kill, that the committed files are complete Parquet files. */
class CompleteParquetTest {
  @TempDir
  Path dir;

  private String write(String name, String content) throws Exception {
    Path file = dir.resolve(name);
    Files.write(file, content.getBytes(StandardCharsets.US_ASCII));
    return file.toString();
  }

  @Test
  void onlyFilesWithTheMagicAtBothEndsAreComplete() throws Exception {
    String complete = write("complete.parquet", "PAR1 row groups, footer, length PAR1");
    String noFooter = write("no-footer.parquet", "PAR1 row groups still being written");
    String tooShort = write("short.parquet", "PAR1PAR");
    String empty = write("empty.parquet", "");
    String absent = dir.resolve("absent.parquet").toString();
    assertThat(LossAfterHandoffScenario.notCompleteParquet(List.of(complete, noFooter, tooShort, empty, absent)))
        .containsExactly(noFooter, tooShort, empty, absent);
    assertThat(LossAfterHandoffScenario.notCompleteParquet(List.of(complete, write("min.parquet", "PAR1PAR1"))))
        .isEmpty();
  }

  /** Format v3 deletion vectors are Puffin files, complete with Puffin's own magic at both ends. */
  @Test
  void aPuffinFileIsCompleteWithPuffinsMagicAtBothEnds() throws Exception {
    String complete = write("00000-7-a-00001-deletes.puffin", "PFA1 blob, footer payload, size, flags PFA1");
    String noFooter = write("00001-8-a-00001-deletes.puffin", "PFA1 blob still being written");
    String parquetMagic = write("00002-9-a-00001-deletes.puffin", "PAR1 not a puffin PAR1");
    assertThat(LossAfterHandoffScenario.notCompleteParquet(List.of(complete, noFooter, parquetMagic)))
        .containsExactly(noFooter, parquetMagic);
  }
}
