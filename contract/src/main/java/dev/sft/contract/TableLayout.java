package dev.sft.contract;

/**
 * How the table under test is partitioned. {@link #UNPARTITIONED} is the reference suite's; {@link #PARTITIONED}
 * makes one writer task write into several partitions (so several files in several folders) and lets a dynamic
 * overwrite keep the partitions it does not touch.
 */
public enum TableLayout {
  UNPARTITIONED("unpartitioned"),
  /**
   * {@code PARTITIONED BY (truncate(1000000, id), bucket(2, id))}: the fixture's four ID ranges are four range
   * partitions, each split into two buckets, so each writer task writes two partitions.
   */
  PARTITIONED("partitioned");

  /** What a {@link WriteOperation} id ends in for this layout ({@code overwrite-partitioned}); empty for none. */
  private final String id;

  TableLayout(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }

  public static TableLayout fromId(String id) {
    for (TableLayout layout : values()) {
      if (layout.id.equals(id)) {
        return layout;
      }
    }
    throw new IllegalArgumentException("unknown table layout '" + id + "'; valid layouts: unpartitioned, partitioned");
  }
}
