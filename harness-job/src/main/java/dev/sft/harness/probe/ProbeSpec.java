package dev.sft.harness.probe;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.sft.contract.Pin;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Json;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the probe does inside one monitored write. The driver passes it as a write option for an append, as the
 * job's local property for a row-level command ({@link ProbedCommand}: Spark hands DML no write options), and
 * captures it in the input gate's closure; Spark ships it inside the task closures, so executors never depend on a
 * driver-side singleton.
 *
 * @param scenarioDir the scenario's evidence folder on the shared volume; markers and gates live under it
 * @param dataLocation the table's data folder, where attempt-owned files are inventoried by their name prefix
 * @param holdAfterHandoff partitions whose attempts wait, after handoff, until the driver releases them
 * @param pauseAfterRows initial attempts (stage attempt 0, attempt 0) pause after being supplied this many input
 *     rows ({@link PausingInput}); 0: never
 * @param holdBeforeInput partitions whose initial attempts wait before their input iterator is built
 * @param timeoutMillis bound of every gate wait
 * @param holdBeforeResult partitions whose initial attempts, once their writer has committed and produced its
 *     commit message, wait before the task's result goes to the driver (executor loss after handoff); a spec written
 *     without it holds nothing
 * @param pins the pinned interleavings whose holds this write keeps ({@link dev.sft.contract.Pin}); none for a
 *     natural repetition
 */
public record ProbeSpec(
    String scenarioDir,
    String dataLocation,
    List<Integer> holdAfterHandoff,
    int pauseAfterRows,
    List<Integer> holdBeforeInput,
    long timeoutMillis,
    List<Integer> holdBeforeResult,
    List<Pin> pins)
    implements Serializable {

  @JsonCreator
  public ProbeSpec {
    holdBeforeResult = holdBeforeResult == null ? List.of() : List.copyOf(holdBeforeResult);
    pins = pins == null ? List.of() : List.copyOf(pins);
  }

  /** A spec with no pin. */
  public ProbeSpec(String scenarioDir, String dataLocation, List<Integer> holdAfterHandoff, int pauseAfterRows,
      List<Integer> holdBeforeInput, long timeoutMillis, List<Integer> holdBeforeResult) {
    this(scenarioDir, dataLocation, holdAfterHandoff, pauseAfterRows, holdBeforeInput, timeoutMillis,
        holdBeforeResult, List.of());
  }

  /** A spec that holds no attempt before its result. */
  public ProbeSpec(String scenarioDir, String dataLocation, List<Integer> holdAfterHandoff, int pauseAfterRows,
      List<Integer> holdBeforeInput, long timeoutMillis) {
    this(scenarioDir, dataLocation, holdAfterHandoff, pauseAfterRows, holdBeforeInput, timeoutMillis, List.of());
  }
  /**
   * The Spark write option that carries the spec to Iceberg's JVM writer for an append, and the job's local property
   * that carries it to a row-level command's probed table and to Comet's native writer (a write option would make
   * Comet fall back to the JVM writer).
   */
  public static final String OPTION = "sft.probe";

  public String toOption() {
    return Json.compact(this);
  }

  public static Optional<ProbeSpec> fromOptions(Map<String, String> options) {
    String encoded = options.get(OPTION);
    return encoded == null ? Optional.empty() : Optional.of(fromOption(encoded));
  }

  public static ProbeSpec fromOption(String encoded) {
    return Json.parse(encoded, ProbeSpec.class);
  }

  /** The same spec, keeping the holds of {@code pinned} too. */
  public ProbeSpec withPins(List<Pin> pinned) {
    return new ProbeSpec(scenarioDir, dataLocation, holdAfterHandoff, pauseAfterRows, holdBeforeInput, timeoutMillis,
        holdBeforeResult, pinned);
  }

  public boolean pins(Pin pin) {
    return pins.contains(pin);
  }

  public boolean holdsAfterHandoff(int partition) {
    return holdAfterHandoff.contains(partition);
  }

  public boolean holdsBeforeResult(int partition) {
    return holdBeforeResult.contains(partition);
  }

  public GatePaths paths() {
    return new GatePaths(Path.of(scenarioDir));
  }
}
