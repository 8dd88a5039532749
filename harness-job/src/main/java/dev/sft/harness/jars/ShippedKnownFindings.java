package dev.sft.harness.jars;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.contract.KnownFindings;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The known findings the harness ships for the Iceberg runtime it ships ({@code examples/known-findings.json}), and
 * the one place that decides whether a run of {@code sft local} uses them by default: only when the run loads exactly
 * the assembled SPARK_HOME's jars and its Iceberg runtime still has the SHA-256 the build recorded beside the list.
 * With {@code --jar}, another {@code --spark-home} or another Iceberg runtime the list says nothing about what runs, so
 * no default applies.
 */
public final class ShippedKnownFindings {
  /** Beside the jars of the assembled SPARK_HOME, written by the build ({@link #main}). */
  public static final String FILE = "sft-known-findings.json";
  /** Where the list comes from in a checkout, for the line that names it. */
  public static final String SOURCE = "examples/known-findings.json";
  private static final String ICEBERG_RUNTIME = "iceberg-spark-runtime";

  /**
   * What the build records: the Iceberg runtime jar it shipped, by name and SHA-256, and the findings for it.
   *
   * @param icebergRuntime the jar's file name in SPARK_HOME/jars
   * @param sha256 its SHA-256 when the build assembled it
   * @param knownFindings the entries, as {@link KnownFindings} reads them
   */
  public record Record(String icebergRuntime, String sha256, JsonNode knownFindings) {}

  /**
   * The decision for one run: the findings to use (none when the default does not apply) and one line that says so.
   */
  public record Decision(KnownFindings findings, String line) {}

  private ShippedKnownFindings() {}

  /**
   * The default of a run that named no known findings: the shipped list when {@code jars} are the shipped ones.
   *
   * @param jars the run's jars, as {@link JarSet#resolve} decided them
   * @param ownSparkHome the harness's own assembled SPARK_HOME, or null when unknown
   * @param digestRecord where a digest the build's record cannot give is recorded (the run's folder)
   */
  public static Decision forRun(JarSet jars, Path ownSparkHome, Path digestRecord) {
    String wayOut = "; --known-findings FILE to acknowledge findings of your own";
    if (ownSparkHome == null || !same(jars.sparkHome(), ownSparkHome)) {
      return none("the run's SPARK_HOME is not the one sft assembled, so its Iceberg runtime may be another" + wayOut);
    }
    if (!jars.sameAsSparkHome()) {
      return none("--jar replaces a shipped jar, so the shipped list says nothing of the build under test" + wayOut);
    }
    Path recordFile = ownSparkHome.resolve("jars").resolve(FILE);
    if (!Files.isRegularFile(recordFile)) {
      return none("this build shipped no list (" + recordFile + " is missing; rebuild the harness)" + wayOut);
    }
    Record record;
    try {
      record = Json.MAPPER.readValue(recordFile.toFile(), Record.class);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the shipped known findings " + recordFile + ": "
          + e.getMessage() + " (rebuild the harness, or pass --no-known-findings or --known-findings FILE)");
    }
    Path runtime = jars.files().stream().filter(f -> f.getFileName().toString().equals(record.icebergRuntime()))
        .findFirst().orElse(null);
    if (runtime == null) {
      return none("the run has no " + record.icebergRuntime() + ", the Iceberg runtime the list is for" + wayOut);
    }
    // The build's digest record hashes nothing while the jar's size and modification time are the build's.
    String sha256 = JarDigests.recordedIn(digestRecord).sha256(runtime);
    if (!sha256.equals(record.sha256())) {
      return none(record.icebergRuntime() + " is not the jar the list was shipped for (sha256 " + shortSha(sha256)
          + ", shipped " + shortSha(record.sha256()) + ")" + wayOut);
    }
    KnownFindings findings = KnownFindings.parse(record.knownFindings().toString(), recordFile.toString());
    return new Decision(findings, "known findings: the " + findings.entries().size() + " shipped for "
        + record.icebergRuntime() + " (sha256 " + shortSha(sha256) + "; " + SOURCE + "): its writer's known defects"
        + " count as Known, never Passed; --no-known-findings judges without them, --known-findings FILE replaces"
        + " them");
  }

  private static Decision none(String why) {
    return new Decision(KnownFindings.NONE, "known findings: none: " + why);
  }

  private static boolean same(Path a, Path b) {
    return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
  }

  private static String shortSha(String sha256) {
    return sha256.substring(0, Math.min(12, sha256.length())) + "…";
  }

  /**
   * The build's step: {@code ShippedKnownFindings JARS_DIR LIST} validates LIST and records it beside the jars with
   * the name and SHA-256 of the Iceberg runtime among them.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: ShippedKnownFindings JARS_DIR KNOWN_FINDINGS_JSON");
    }
    Path dir = Path.of(args[0]);
    Path list = Path.of(args[1]);
    String json = Files.readString(list);
    KnownFindings.parse(json, list.toString()); // a list that would be refused at run time fails the build
    Path runtime = icebergRuntime(dir);
    Markers.publish(dir.resolve(FILE), new Record(runtime.getFileName().toString(), JarIdentity.sha256(runtime),
        Json.MAPPER.readTree(json)));
  }

  private static Path icebergRuntime(Path dir) throws IOException {
    List<Path> holders;
    try (Stream<Path> files = Files.list(dir)) {
      holders = files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted()
          .filter(ShippedKnownFindings::holdsIcebergRuntime).toList();
    }
    if (holders.size() != 1) {
      throw new IllegalStateException("expected one Iceberg Spark runtime jar in " + dir + ", found " + holders);
    }
    return holders.get(0);
  }

  private static boolean holdsIcebergRuntime(Path jar) {
    try (JarFile file = new JarFile(jar.toFile())) {
      return LoadedJars.releasedModulesIn(file).containsKey(ICEBERG_RUNTIME);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jar, e);
    }
  }
}
