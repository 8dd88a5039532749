package dev.sft.harness.probe;

import dev.sft.harness.evidence.WriterFiles;
import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.ContentFile;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** Reads the data and delete files out of an Iceberg writer's commit message, as local paths. */
final class CommitMessageFiles {
  private CommitMessageFiles() {}

  /**
   * Every file an attempt's commit message hands off: data files, and for a merge-on-read row-level write also its
   * delete files (position delete files, or deletion vectors, several of which share one Puffin file, so each path
   * is listed once). Iceberg's {@code SparkWrite.TaskCommit} keeps its files behind a package-private
   * {@code files()} accessor, and {@code SparkPositionDeltaWrite.DeltaTaskCommit} behind {@code dataFiles()} and
   * {@code deleteFiles()}; reading them reflectively is the only way to see what the attempt handed off without
   * changing Iceberg. The delete files a delta commit replaces ({@code rewrittenDeleteFiles()}) were written by
   * earlier commits, not by this attempt, so they are not listed.
   */
  static List<String> of(WriterCommitMessage message) {
    Set<String> paths = new LinkedHashSet<>();
    try {
      if (hasAccessor(message, "files")) {
        addAll(paths, invoke(message, "files"));
      } else {
        addAll(paths, invoke(message, "dataFiles"));
        addAll(paths, invoke(message, "deleteFiles"));
      }
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException(
          "cannot read data and delete files from commit message " + message.getClass().getName()
              + "; is this the Iceberg Spark writer this harness was built for?", e);
    }
    return List.copyOf(paths);
  }

  private static boolean hasAccessor(Object message, String name) {
    try {
      message.getClass().getDeclaredMethod(name);
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static Object[] invoke(Object message, String name) throws ReflectiveOperationException {
    Method accessor = message.getClass().getDeclaredMethod(name);
    accessor.setAccessible(true);
    return (Object[]) accessor.invoke(message);
  }

  private static void addAll(Set<String> paths, Object[] files) {
    for (Object file : files) {
      paths.add(WriterFiles.localPath(((ContentFile<?>) file).location()));
    }
  }
}
