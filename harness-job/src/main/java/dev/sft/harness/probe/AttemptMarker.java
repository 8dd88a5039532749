package dev.sft.harness.probe;

import java.util.List;

/**
 * A marker an attempt publishes about itself: when it started, reached handoff, was released, aborted, or timed out.
 *
 * @param event the marker's kind
 * @param attempt who published it
 * @param files the attempt's data files at that moment, with their sizes (empty when not yet known)
 * @param timeMillis wall-clock time on the executor
 * @param detail free text (e.g. the kill reason seen by an aborted attempt)
 */
public record AttemptMarker(String event, AttemptIdentity attempt, List<FileState> files, long timeMillis, String detail) {

  /** A file path and its size in bytes when observed ({@code -1} if it did not exist). */
  public record FileState(String path, long bytes) {}

  public List<String> paths() {
    return files.stream().map(FileState::path).toList();
  }
}
