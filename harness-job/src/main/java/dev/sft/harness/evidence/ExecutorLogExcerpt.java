package dev.sft.harness.evidence;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One line quoting an executor's own log for a check's detail: the lines it logged about deletes and interrupts from
 * where its log stood when a writer's abort began (the log's account of an abort that left files), or its last lines
 * (its account of why it exited). Read on the driver after the write came to rest; the log sits in the worker's
 * folder, which the driver can read on one machine but not, say, across Kubernetes pods.
 */
public final class ExecutorLogExcerpt {
  /**
   * What a writer logs when its cleanup gives up (Iceberg: "Failed to bulk delete", "Interrupted while waiting for
   * tasks to finish", an InterruptedException); stack frames are left out.
   */
  private static final Pattern RELEVANT =
      Pattern.compile("(?i)fail\\w* to (bulk )?delet|interrupted while|InterruptedException|ClosedByInterrupt");
  private static final Pattern STACK_FRAME = Pattern.compile("^\\s+at |^\\s*\\.\\.\\. \\d+ more");
  static final int MAX_BYTES = 256 * 1024;
  static final int MAX_LINES = 3;
  static final int MAX_LINE_CHARS = 300;
  /** The end of the log a tail reads: enough for a JVM's fatal error banner, bounded for a large log. */
  static final int TAIL_BYTES = 16 * 1024;
  static final int TAIL_LINES = 4;
  static final int TAIL_LINE_CHARS = 120;

  private ExecutorLogExcerpt() {}

  /** What the excerpt says when the probe found no executor log. */
  public static final String NO_LOG =
      "no executor log was found beside the executor (not started by a Standalone worker?)";

  /**
   * One line: where the log is and what it says from {@code offset} on, or why it could not be read.
   *
   * @param log the executor's log file as the probe found it, or null when it found none
   */
  public static String of(String log, long offset) {
    if (log == null) {
      return NO_LOG;
    }
    List<String> lines;
    try {
      lines = relevantLines(log, offset);
    } catch (IOException e) {
      return "executor log " + log + " is not readable from the driver (" + e.getMessage() + "); read it on the worker";
    }
    return "executor log " + log + " from byte " + offset + ": "
        + (lines.isEmpty() ? "no line about failed deletes or interrupts" : String.join(" | ", lines));
  }

  /**
   * One line: where the log is and its last few lines (stack frames left out, each shortened), or why it could not be
   * read.
   *
   * @param log the executor's log file as a marker of one of its attempts recorded it, or null when none did
   */
  public static String tail(String log) {
    if (log == null) {
      return "no log of this executor on record (no attempt the probe saw ran in it, or a Standalone worker did not"
          + " start it)";
    }
    List<String> lines;
    try {
      lines = lastLines(log);
    } catch (IOException e) {
      return "executor log " + log + " is not readable from the driver (" + e.getMessage() + "); read it on the worker";
    }
    return "executor log " + log + ", last lines: " + (lines.isEmpty() ? "none" : String.join(" | ", lines));
  }

  static List<String> lastLines(String log) throws IOException {
    byte[] bytes;
    try (RandomAccessFile file = new RandomAccessFile(log, "r")) {
      long start = Math.max(0, file.length() - TAIL_BYTES);
      bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
    }
    List<String> kept = new ArrayList<>();
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
      String trimmed = line.strip();
      if (!trimmed.isEmpty() && !STACK_FRAME.matcher(line).find()) {
        kept.add(trimmed.length() > TAIL_LINE_CHARS ? trimmed.substring(0, TAIL_LINE_CHARS) + "…" : trimmed);
      }
    }
    return List.copyOf(kept.subList(Math.max(0, kept.size() - TAIL_LINES), kept.size()));
  }

  static List<String> relevantLines(String log, long offset) throws IOException {
    byte[] bytes;
    try (RandomAccessFile file = new RandomAccessFile(log, "r")) {
      long start = Math.min(offset, file.length());
      bytes = new byte[(int) Math.min(MAX_BYTES, file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
    }
    List<String> lines = new ArrayList<>();
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
      if (lines.size() < MAX_LINES && RELEVANT.matcher(line).find() && !STACK_FRAME.matcher(line).find()) {
        String trimmed = line.strip();
        lines.add(trimmed.length() > MAX_LINE_CHARS ? trimmed.substring(0, MAX_LINE_CHARS) + "…" : trimmed);
      }
    }
    return lines;
  }
}
