package dev.sft.harness.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Writes the fixture's source files on the driver with Parquet's own writer: one file per range, {@code id BIGINT}
 * and {@code payload STRING} ({@code row-<id>}), as Spark reads them. Four Spark jobs did the same in about 4 s of
 * each run, most of it warming Spark's file writer on every executor, which no scenario uses (Iceberg writes through
 * its own Parquet writer).
 */
final class SourceFiles {
  private static final String FILE_NAME = "part-00000.snappy.parquet";

  private static final MessageType SCHEMA = Types.buildMessage()
      .required(PrimitiveTypeName.INT64).named("id")
      .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("payload")
      .named("spark_schema");

  private SourceFiles() {}

  /** Range k of {@code dirs} gets IDs [k * stride, k * stride + rowsPerFile); the whole write bounded by timeout. */
  static void write(Configuration hadoop, List<String> dirs, long stride, int rowsPerFile, Duration timeout) {
    CompletableFuture<Void> writes = CompletableFuture.runAsync(() -> {
      for (int k = 0; k < dirs.size(); k++) {
        writeFile(hadoop, dirs.get(k), k * stride, rowsPerFile);
      }
    });
    try {
      writes.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      writes.cancel(true);
      throw new IllegalStateException("fixture: writing the source files under " + dirs + " did not finish within "
          + timeout.toSeconds() + " s; is the shared storage responding?", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("fixture: writing the source files did not succeed: " + e.getCause().getMessage(),
          e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing the source files", e);
    }
  }

  private static void writeFile(Configuration hadoop, String dir, long firstId, int rows) {
    Path file = new Path(dir, FILE_NAME);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(HadoopOutputFile.fromPath(file, hadoop))
        .withConf(hadoop)
        .withType(SCHEMA)
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build()) {
      for (long id = firstId; id < firstId + rows; id++) {
        writer.write(groups.newGroup().append("id", id).append("payload", "row-" + id));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write source file " + file + ": " + e.getMessage(), e);
    }
  }
}
