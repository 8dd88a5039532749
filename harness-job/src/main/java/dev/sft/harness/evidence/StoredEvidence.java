package dev.sft.harness.evidence;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A stored run's evidence as {@code sft judge} finds it: the run's folder and the repetition folders to judge, from
 * either a run's folder (every repetition in it) or one repetition's folder. The names are
 * {@link EvidenceLayout}'s; anything else is refused with an {@link IllegalArgumentException} naming the folder.
 *
 * @param repetitions the repetition folders, in the order of the scenarios, then operations, then repetitions
 */
public record StoredEvidence(Path runDir, List<Path> repetitions) {
  private static final Pattern REPETITION = Pattern.compile("(.+)-r([0-9]+)");

  public static StoredEvidence find(Path dir) {
    Path folder = dir.toAbsolutePath().normalize();
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException(dir + " is not a folder");
    }
    if (isRepetition(folder)) {
      WriteOperation operation = operationOf(folder);
      return new StoredEvidence(EvidenceLayout.runDirOf(folder, operation), List.of(folder));
    }
    List<Path> found = new ArrayList<>();
    for (Path child : children(folder)) {
      if (isRepetition(child)) {
        found.add(child);
      } else if (isOperation(child)) {
        children(child).stream().filter(StoredEvidence::isRepetition).forEach(found::add);
      }
    }
    if (found.isEmpty()) {
      throw new IllegalArgumentException(dir + " is not sft evidence: neither a repetition's folder (<scenario>-r<N>"
          + " with " + EvidenceLayout.DRIVE + " or " + EvidenceLayout.RESULT + ") nor a run's folder holding such"
          + " folders");
    }
    found.sort((a, b) -> order(a).compareTo(order(b)));
    return new StoredEvidence(folder, List.copyOf(found));
  }

  /** The run's id: its folder's name. */
  public String runId() {
    return runDir.getFileName().toString();
  }

  /**
   * The driver runs this run recorded ({@code driver-run.json} of each driver folder), for what they were asked: the
   * known findings and {@code --strict} their verdicts were given. Empty for a run that recorded none.
   */
  public List<DriverRun> recordedDriverRuns() {
    List<DriverRun> recorded = new java.util.ArrayList<>();
    for (Path file : driverRunFiles()) {
      try {
        recorded.add(Json.MAPPER.readValue(file.toFile(), DriverRun.class));
      } catch (IOException e) {
        throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage());
      }
    }
    return recorded;
  }

  /**
   * A field of the run's recorded {@link EvidenceLayout#DRIVER_RUN} (e.g. {@code writer}), from the first driver run
   * that has it; empty when no driver run recorded one.
   */
  public Optional<String> driverRunField(String field) {
    for (Path file : driverRunFiles()) {
      JsonNode value;
      try {
        value = Json.MAPPER.readTree(file.toFile()).get(field);
      } catch (IOException e) {
        throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage());
      }
      if (value != null && value.isTextual()) {
        return Optional.of(value.asText());
      }
    }
    return Optional.empty();
  }

  /** The {@link EvidenceLayout#DRIVER_RUN} files of the run's driver folders that exist, speculation's first. */
  private List<Path> driverRunFiles() {
    List<Path> files = new java.util.ArrayList<>();
    for (boolean speculation : new boolean[] {true, false}) {
      Path file = EvidenceLayout.driverDir(runDir, DriverRun.group(speculation)).resolve(EvidenceLayout.DRIVER_RUN);
      if (Files.isRegularFile(file)) {
        files.add(file);
      }
    }
    return files;
  }

  private static boolean isRepetition(Path folder) {
    Matcher name = REPETITION.matcher(folder.getFileName().toString());
    return Files.isDirectory(folder) && name.matches() && isScenario(name.group(1))
        && (Files.isRegularFile(folder.resolve(EvidenceLayout.DRIVE))
            || Files.isRegularFile(folder.resolve(EvidenceLayout.RESULT)));
  }

  private static boolean isScenario(String id) {
    return java.util.Arrays.stream(ScenarioName.values()).anyMatch(s -> s.id().equals(id));
  }

  private static boolean isOperation(Path folder) {
    try {
      return Files.isDirectory(folder) && !WriteOperation.fromId(folder.getFileName().toString()).equals(
          WriteOperation.DEFAULT);
    } catch (IllegalArgumentException notAnOperation) {
      return false;
    }
  }

  private static WriteOperation operationOf(Path repetition) {
    Path parent = repetition.getParent();
    return parent != null && isOperation(parent) ? WriteOperation.fromId(parent.getFileName().toString())
        : WriteOperation.DEFAULT;
  }

  /** Scenario, then operation, then repetition number. */
  private static String order(Path repetition) {
    Matcher name = REPETITION.matcher(repetition.getFileName().toString());
    name.matches();
    return String.format("%02d %s %09d", ScenarioName.fromId(name.group(1)).ordinal(),
        operationOf(repetition).id(), Integer.parseInt(name.group(2)));
  }

  private static List<Path> children(Path folder) {
    try (Stream<Path> list = Files.list(folder)) {
      return list.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder, e);
    }
  }
}
