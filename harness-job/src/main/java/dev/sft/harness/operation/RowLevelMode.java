package dev.sft.harness.operation;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a row-level command writes its change, as Iceberg table properties: copy-on-write rewrites the data files it
 * touches; merge-on-read writes delete files beside them, format v2 position delete files or format v3 deletion
 * vectors (Puffin files).
 */
enum RowLevelMode {
  COPY_ON_WRITE("copy-on-write", 2),
  MERGE_ON_READ("merge-on-read", 2),
  DELETION_VECTORS("merge-on-read", 3);

  /**
   * One writer task per data file, each rewriting exactly that file (measured in docs/contributing/probe.md "Row-level writes
   * under the probe"): no write distribution for the commands, and one scan split per file.
   */
  static final long OPEN_FILE_COST = 128L * 1024 * 1024;

  private final String mode;
  private final int formatVersion;

  RowLevelMode(String mode, int formatVersion) {
    this.mode = mode;
    this.formatVersion = formatVersion;
  }

  boolean mergeOnRead() {
    return this != COPY_ON_WRITE;
  }

  int formatVersion() {
    return formatVersion;
  }

  /** The table properties that select this mode for DELETE, UPDATE and MERGE, and one writer task per file. */
  Map<String, String> tableProperties() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("format-version", String.valueOf(formatVersion));
    for (String command : new String[] {"delete", "update", "merge"}) {
      p.put("write." + command + ".mode", mode);
      p.put("write." + command + ".distribution-mode", "none");
    }
    p.put("read.split.open-file-cost", String.valueOf(OPEN_FILE_COST));
    return p;
  }

  /** For progress lines and reasons, e.g. {@code merge-on-read (format v3)}. */
  String describe() {
    return mode + " (format v" + formatVersion + ")";
  }
}
