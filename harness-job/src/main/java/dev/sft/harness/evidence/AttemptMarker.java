package dev.sft.harness.evidence;

import java.util.List;

/**
 * A marker an attempt publishes about itself: when it started, reached handoff, was released, aborted, timed out, or
 * completed.
 *
 * @param event the marker's kind
 * @param attempt who published it
 * @param files the attempt's data files at that moment, with their sizes (empty when not yet known)
 * @param timeMillis wall-clock time on the executor
 * @param detail free text (e.g. the kill reason seen by an aborted attempt)
 * @param rowsSupplied for a pause marker: the input rows supplied to the writer before the pause; otherwise null
 * @param abort for the abort marker of a JVM writer: the thread's interrupt status around {@code abort()} and the
 *     executor log's position; otherwise null
 * @param executorLog the executor's own log file ({@code stderr} in its Standalone worker folder), or null when it
 *     has none: where to read why the executor ended, should it exit on its own
 */
public record AttemptMarker(String event, AttemptIdentity attempt, List<FileState> files, long timeMillis,
    String detail, Long rowsSupplied, AbortObservation abort, String executorLog) {

  public AttemptMarker(String event, AttemptIdentity attempt, List<FileState> files, long timeMillis, String detail,
      Long rowsSupplied, AbortObservation abort) {
    this(event, attempt, files, timeMillis, detail, rowsSupplied, abort, null);
  }

  public AttemptMarker(
      String event, AttemptIdentity attempt, List<FileState> files, long timeMillis, String detail, Long rowsSupplied) {
    this(event, attempt, files, timeMillis, detail, rowsSupplied, null);
  }

  public AttemptMarker(String event, AttemptIdentity attempt, List<FileState> files, long timeMillis, String detail) {
    this(event, attempt, files, timeMillis, detail, null);
  }

  /**
   * A file path and its size in bytes when observed: {@link #ABSENT} if it did not exist, {@link #UNREADABLE} if its
   * state could not be read (which is neither present nor deleted).
   */
  public record FileState(String path, long bytes) {
    public static final long ABSENT = -1;
    public static final long UNREADABLE = -2;

    public boolean present() {
      return bytes >= 0;
    }

    public boolean unreadable() {
      return bytes == UNREADABLE;
    }
  }

  public List<String> paths() {
    return files.stream().map(FileState::path).toList();
  }
}
