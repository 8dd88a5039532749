package dev.sft.harness.probe;

import java.lang.reflect.Method;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.ContentFile;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** Reads the data files out of a writer's commit message, and turns Iceberg locations into local paths. */
public final class WriterFiles {
  private WriterFiles() {}

  /**
   * Iceberg's {@code SparkWrite.TaskCommit} keeps its files behind a package-private {@code files()} accessor;
   * reading it reflectively is the only way to see what the attempt handed off without changing Iceberg.
   */
  public static List<String> files(WriterCommitMessage message) {
    try {
      Method accessor = message.getClass().getDeclaredMethod("files");
      accessor.setAccessible(true);
      Object[] files = (Object[]) accessor.invoke(message);
      List<String> paths = new ArrayList<>();
      for (Object file : files) {
        paths.add(localPath(((ContentFile<?>) file).location()));
      }
      return paths;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "cannot read data files from commit message " + message.getClass().getName()
              + "; is this the Iceberg Spark writer this harness was built for?", e);
    }
  }

  /** {@code file:/a/b} and {@code /a/b} both become {@code /a/b}. */
  public static String localPath(String location) {
    if (location.startsWith("file:")) {
      return Path.of(URI.create(location)).toString();
    }
    return location;
  }

  /**
   * Iceberg names data files {@code %05d-%d-...} from the partition ID and the task attempt ID (then the operation
   * ID and a counter), so this prefix attributes files to exactly one attempt.
   */
  public static String attemptPrefix(int partition, long taskAttemptId) {
    return String.format(java.util.Locale.ROOT, "%05d-%d-", partition, taskAttemptId);
  }

  /** The files under the data location that belong to {@code attempt}, by name prefix. */
  public static List<String> ownedBy(String dataLocation, AttemptIdentity attempt) {
    String prefix = attemptPrefix(attempt.partition(), attempt.taskAttemptId());
    List<String> owned = new ArrayList<>();
    Path dir = Path.of(dataLocation);
    if (!Files.isDirectory(dir)) {
      return owned;
    }
    try (var walk = Files.walk(dir)) {
      walk.filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().startsWith(prefix))
          .map(Path::toString)
          .sorted()
          .forEach(owned::add);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot inventory " + dir, e);
    }
    return owned;
  }

  public static List<AttemptMarker.FileState> states(List<String> paths) {
    List<AttemptMarker.FileState> states = new ArrayList<>();
    for (String path : paths) {
      Path file = Path.of(path);
      long bytes;
      try {
        bytes = Files.isRegularFile(file) ? Files.size(file) : -1;
      } catch (java.io.IOException e) {
        bytes = -1;
      }
      states.add(new AttemptMarker.FileState(path, bytes));
    }
    return states;
  }
}
