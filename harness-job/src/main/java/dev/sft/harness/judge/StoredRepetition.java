package dev.sft.harness.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.contract.ScenarioResult;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stored repetition judged again by {@link RepetitionJudge}, reading only: a table whose folder was kept is audited
 * again, else the audit the run recorded ({@link EvidenceLayout#STORAGE_AUDIT}) is judged; the rows are judged from
 * the counts the run read with Spark. The result's message ends with where each came from.
 *
 * @param source one line on where the storage audit and the row counts came from
 */
public record StoredRepetition(ScenarioResult result, String source) {
  /** What the audit and the rows were judged from when neither could be had. */
  static final String NOTHING_TO_AUDIT = "no storage audit (the write did not get that far)";

  /** Judges {@code dir} again; an {@link IllegalArgumentException} names the folder and what it lacks. */
  public static StoredRepetition judge(Path dir) {
    RepetitionEvidence rep = RepetitionEvidence.read(dir);
    long durationMs = recordedDurationMs(dir);
    String[] auditSource = {NOTHING_TO_AUDIT};
    RepetitionJudge.Judged judged = RepetitionJudge.judge(rep, r -> {
      Path table = Path.of(r.drive().tableLocation());
      if (Files.isDirectory(table.resolve("metadata"))) {
        auditSource[0] = "the kept table " + table + " audited again";
        return RepetitionJudge.auditTable(r);
      }
      Path recorded = dir.resolve(EvidenceLayout.STORAGE_AUDIT);
      if (!Files.isRegularFile(recorded)) {
        auditSource[0] = "no storage audit: the table's folder " + table + " is gone and the run recorded no "
            + EvidenceLayout.STORAGE_AUDIT;
        throw new IllegalStateException(auditSource[0]);
      }
      auditSource[0] = "the storage audit the run recorded (" + EvidenceLayout.STORAGE_AUDIT + "; the table's folder "
          + table + " is gone)";
      return Markers.read(recorded, AuditResult.class);
    });
    String rows = rep.drive().rows() != null ? "; rows.* from the row counts the run read with Spark ("
        + EvidenceLayout.DRIVE + ")" : "";
    String source = "storage judged from " + auditSource[0] + rows;
    return new StoredRepetition(judged.result(rep, durationMs, "re-judged by sft judge: " + source), source);
  }

  /** The duration the run measured, from its {@link EvidenceLayout#RESULT}; 0 when the run wrote none. */
  private static long recordedDurationMs(Path dir) {
    Path file = dir.resolve(EvidenceLayout.RESULT);
    if (!Files.isRegularFile(file)) {
      return 0;
    }
    JsonNode duration;
    try {
      duration = Json.MAPPER.readTree(file.toFile()).get("durationMs");
    } catch (IOException e) {
      throw new IllegalArgumentException(dir + ": " + EvidenceLayout.RESULT + " cannot be read: " + e.getMessage());
    }
    if (duration == null || !duration.canConvertToLong()) {
      throw new IllegalArgumentException(dir + ": " + EvidenceLayout.RESULT + " is not a scenario result this build"
          + " reads (no durationMs)");
    }
    return duration.asLong();
  }
}
