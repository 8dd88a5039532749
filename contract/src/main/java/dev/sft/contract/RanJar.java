package dev.sft.contract;

import java.util.List;

/**
 * A jar that really ran, read from the jar itself, as the report names it: the module it belongs to, its version
 * and SHA-256, and which file each process loaded the probe class from.
 *
 * @param role what it is: {@code spark-core}, {@code iceberg-spark-runtime}, {@code comet}, or {@code under-test} for
 *     a --jar of another module
 * @param className the class whose code source was looked up
 * @param module the Maven coordinates ({@code groupId:artifactId}) or, without them, the artifact name
 * @param version from the jar's pom.properties, build properties or Implementation-Version; its file name otherwise
 * @param sha256 SHA-256 of the file the driver loaded {@code className} from
 * @param file that file on the driver
 * @param underTest true when the jar was given with {@code --jar}; then every process must have loaded exactly it
 * @param requestedSha256 the given jar's SHA-256 when {@code underTest}, else null
 * @param executors what each executor process loaded {@code className} from
 */
public record RanJar(
    String role,
    String className,
    String module,
    String version,
    String sha256,
    String file,
    boolean underTest,
    String requestedSha256,
    List<Sighting> executors) {

  public static final String UNDER_TEST = "under-test";

  /**
   * One executor process's view: {@code process} is {@code <executor-id>@<host>/<pid>}; {@code sha256} is empty for a
   * released jar (executors hash only jars under test).
   */
  public record Sighting(String process, String file, String sha256) {
    /** Whether this executor loaded the same file as the driver: by SHA-256 when it has one, else by path. */
    public boolean sameAs(RanJar driver) {
      return sha256 == null || sha256.isEmpty() ? file.equals(driver.file()) : sha256.equals(driver.sha256());
    }
  }

  public RanJar {
    executors = executors == null ? List.of() : List.copyOf(executors);
  }

  public RanJar withExecutors(List<Sighting> seen) {
    return new RanJar(role, className, module, version, sha256, file, underTest, requestedSha256, seen);
  }

  /** The executors that loaded another file than the one requested (only meaningful when {@code underTest}). */
  public List<Sighting> mismatches() {
    return executors.stream().filter(s -> !s.sha256().equals(requestedSha256)).toList();
  }
}
