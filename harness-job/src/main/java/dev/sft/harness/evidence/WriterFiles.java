package dev.sft.harness.evidence;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files attempts write, as the evidence names them: which attempt a file belongs to (by its name), each file's
 * state on disk, and Iceberg locations as local paths. What a commit message hands off is read on the Spark side
 * ({@code probe.CommitMessageFiles}).
 */
public final class WriterFiles {
  private WriterFiles() {}

  /** {@code file:/a/b} and {@code /a/b} both become {@code /a/b}. */
  public static String localPath(String location) {
    if (location.startsWith("file:")) {
      return Path.of(URI.create(location)).toString();
    }
    return location;
  }

  /**
   * Iceberg's JVM writer names data files {@code %05d-%d-...} from the partition ID and the task attempt ID (TID);
   * Comet's native writer pads the TID, {@code %05d-%05d-...}. Either prefix attributes a file to exactly one
   * attempt, and the two forms never collide for different TIDs.
   */
  public static List<String> attemptPrefixes(int partition, long taskAttemptId) {
    String jvm = String.format(java.util.Locale.ROOT, "%05d-%d-", partition, taskAttemptId);
    String nativeWriter = String.format(java.util.Locale.ROOT, "%05d-%05d-", partition, taskAttemptId);
    return jvm.equals(nativeWriter) ? List.of(jvm) : List.of(jvm, nativeWriter);
  }

  private static final java.util.regex.Pattern ATTEMPT_NAME = java.util.regex.Pattern.compile("^(\\d{5})-(\\d+)-.*");

  /**
   * The attempt that wrote every one of {@code files}, read from their names (partition and TID only: the rest of
   * the identity is not in a file name), or null when the files are empty or name different attempts.
   */
  public static AttemptIdentity attemptOf(List<String> files) {
    AttemptIdentity found = null;
    for (String file : files) {
      var m = ATTEMPT_NAME.matcher(Path.of(file).getFileName().toString());
      if (!m.matches()) {
        return null;
      }
      AttemptIdentity attempt = new AttemptIdentity(-1, -1, Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
          -1, null, null, -1);
      if (found != null && (found.partition() != attempt.partition()
          || found.taskAttemptId() != attempt.taskAttemptId())) {
        return null;
      }
      found = attempt;
    }
    return found;
  }

  public static boolean ownedBy(String fileName, int partition, long taskAttemptId) {
    return attemptPrefixes(partition, taskAttemptId).stream().anyMatch(fileName::startsWith);
  }

  /**
   * The files under the data location that belong to {@code attempt}, by name prefix. A file deleted while the folder
   * is being listed is not there: a writer's cleanup may still be deleting (Iceberg's abort leaves its deletes
   * running on a worker pool when its thread is interrupted).
   */
  public static List<String> ownedBy(String dataLocation, AttemptIdentity attempt) {
    List<String> owned = new ArrayList<>();
    Path dir = Path.of(dataLocation);
    if (!Files.isDirectory(dir)) {
      return owned;
    }
    try {
      Files.walkFileTree(dir, new OwnedFiles(attempt, owned));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot inventory " + dir, e);
    }
    owned.sort(null);
    return owned;
  }

  /** Collects an attempt's regular files; an entry that vanished between listing and reading is skipped. */
  static final class OwnedFiles extends java.nio.file.SimpleFileVisitor<Path> {
    private final AttemptIdentity attempt;
    private final List<String> owned;

    OwnedFiles(AttemptIdentity attempt, List<String> owned) {
      this.attempt = attempt;
      this.owned = owned;
    }

    @Override
    public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attributes) {
      if (attributes.isRegularFile()
          && ownedBy(file.getFileName().toString(), attempt.partition(), attempt.taskAttemptId())) {
        owned.add(file.toString());
      }
      return java.nio.file.FileVisitResult.CONTINUE;
    }

    @Override
    public java.nio.file.FileVisitResult visitFileFailed(Path file, java.io.IOException e) throws java.io.IOException {
      if (e instanceof java.nio.file.NoSuchFileException) {
        return java.nio.file.FileVisitResult.CONTINUE;
      }
      throw e;
    }
  }

  /** Each path's size now; a path whose state cannot be read is {@code UNREADABLE}, never counted as deleted. */
  public static List<AttemptMarker.FileState> states(List<String> paths) {
    List<AttemptMarker.FileState> states = new ArrayList<>();
    for (String path : paths) {
      states.add(new AttemptMarker.FileState(path, sizeOf(Path.of(path))));
    }
    return states;
  }

  static long sizeOf(Path file) {
    try {
      var attributes = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
      return attributes.isRegularFile() ? attributes.size() : AttemptMarker.FileState.UNREADABLE;
    } catch (java.nio.file.NoSuchFileException e) {
      return AttemptMarker.FileState.ABSENT;
    } catch (java.io.IOException | SecurityException e) {
      return AttemptMarker.FileState.UNREADABLE;
    }
  }
}
