package dev.sft.harness.cluster;

import dev.sft.harness.driver.Progress;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.evidence.Folders;
import dev.sft.harness.jars.JarIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Class-data sharing (AppCDS) for the JVMs of {@code sft local}: most of a cold start is loading and verifying the
 * same few thousand Spark and Iceberg classes, and a JVM that maps them from an archive skips that (the master's
 * start went from 2.1-2.7 s to 0.7-0.9 s; bench/RESULTS.md).
 *
 * <p>One archive per role (master, worker, driver, executor), in a folder keyed by the JVM and by every jar of the
 * SPARK_HOME (name, size, time), so a rebuilt jar never meets an old archive. A role without an archive trains: its
 * JVMs list the classes they load ({@code -XX:DumpLoadedClassList}), each to a file of its own, which costs them
 * nothing measurable. After the run, when every JVM has exited, sft dumps one archive per role from the longest list
 * ({@code -Xshare:dump}) and keeps it only once a JVM maps it with {@code -Xshare:on} and the role's class path:
 * a JVM given a truncated archive crashes. (Archives dumped by the JVMs themselves at exit, tried first, made the
 * first run 80 s slower, and the worker kills an executor still dumping after 10 s.)
 */
public final class ClassDataSharing {
  /** The JVMs that share an archive: one class path and one kind of work each. */
  public enum Role {
    MASTER, WORKER, DRIVER, EXECUTOR;

    String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final String TRAINING = "training";
  private static final String LIST = ".classes";
  /** Dumping the driver's 15,000-odd classes took about 20 s here. */
  private static final long DUMP_BOUND_SECONDS = 300;
  private static final Pattern EXECUTOR_CLASS_PATH = Pattern.compile("\"-cp\" \"([^\"]+)\"");

  private final Path dir;
  private final Path sparkHome;
  private final Set<Role> roles;

  private ClassDataSharing(Path dir, Path sparkHome, Set<Role> roles) {
    this.dir = dir;
    this.sparkHome = sparkHome;
    this.roles = roles;
  }

  /** No archives: the JVMs start as they would without sft's help (the ITs' clusters, a per-run SPARK_HOME). */
  public static ClassDataSharing off() {
    return new ClassDataSharing(null, null, Set.of());
  }

  /** Archives for every JVM of {@code sparkHome}, under {@code root}, in the folder of this JVM and these jars. */
  public static ClassDataSharing under(Path root, Path sparkHome) {
    return under(root, sparkHome, EnumSet.allOf(Role.class));
  }

  /**
   * Archives for the JVMs of {@code roles} that start from {@code sparkHome} (a compared build's drivers and
   * executors, on a cluster of another SPARK_HOME), under {@code root}.
   */
  public static ClassDataSharing under(Path root, Path sparkHome, Set<Role> roles) {
    try {
      Path dir = root.toAbsolutePath().normalize().resolve(key(sparkHome));
      if (!Files.isDirectory(dir)) {
        // Archives of earlier builds can never be used again (about 300 MiB each).
        try (Stream<Path> old = Files.list(root)) {
          old.filter(Files::isDirectory).forEach(Folders::deleteRecursively);
        } catch (IOException noneYet) {
          // First archives under this root.
        }
      }
      // Lists left by a run that was interrupted before it archived them are partial.
      Folders.deleteRecursively(dir.resolve(TRAINING));
      Files.createDirectories(dir.resolve(TRAINING));
      return new ClassDataSharing(dir, sparkHome, Set.copyOf(roles));
    } catch (IOException | UncheckedIOException e) {
      return off();
    }
  }

  public boolean enabled() {
    return dir != null;
  }

  public Optional<Path> folder() {
    return Optional.ofNullable(dir);
  }

  /** The roles this run starts JVMs of from these archives, archived or not. */
  public Set<Role> roles() {
    return roles;
  }

  /** The roles that start from an archive in this run. */
  public List<Role> archived() {
    return dir == null ? List.of()
        : Stream.of(Role.values()).filter(roles::contains).filter(r -> Files.isRegularFile(archive(r))).toList();
  }

  /**
   * The flags of one JVM of {@code role}: its archive, or a class list of its own. {@code name} tells the lists
   * apart; Spark replaces {@code {{APP_ID}}} and {@code {{EXECUTOR_ID}}} in executor flags.
   */
  public List<String> flags(Role role, String name) {
    if (dir == null) {
      return List.of();
    }
    if (Files.isRegularFile(archive(role))) {
      return List.of("-XX:SharedArchiveFile=" + archive(role));
    }
    return List.of("-XX:DumpLoadedClassList=" + dir.resolve(TRAINING).resolve(role.id() + "-" + name + LIST));
  }

  /**
   * Dumps and keeps one archive per role that has none, from the longest class list (it saw the most classes), then
   * deletes the lists. Called once every JVM of the run has exited; {@code clusterDir} holds the executors' logs,
   * whose first line is the command their worker started them with. Each dump is reported, as it takes seconds.
   *
   * @return the roles archived now
   */
  public List<Role> keepTrained(Path clusterDir) {
    if (dir == null) {
      return List.of();
    }
    Path training = dir.resolve(TRAINING);
    // Two dumps at a time, one a core: the four one after the other took 97 s here.
    ExecutorService dumps = Executors.newFixedThreadPool(2);
    try {
      List<Future<Optional<Role>>> results = new ArrayList<>();
      for (Role role : Role.values()) {
        if (roles.contains(role) && !Files.isRegularFile(archive(role))) {
          results.add(dumps.submit(() -> keep(role, training, clusterDir)));
        }
      }
      List<Role> kept = new ArrayList<>();
      for (Future<Optional<Role>> result : results) {
        result.get().ifPresent(kept::add);
      }
      return kept;
    } catch (ExecutionException e) {
      throw new IllegalStateException("class data: archiving failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    } finally {
      dumps.shutdownNow();
      Folders.deleteRecursively(training);
    }
  }

  /**
   * Deletes this run's class lists unarchived.
   *
   * @return whether there were any
   */
  public boolean discardTrained() {
    if (dir == null) {
      return false;
    }
    Path training = dir.resolve(TRAINING);
    boolean any;
    try (Stream<Path> lists = Files.list(training)) {
      any = lists.findAny().isPresent();
    } catch (IOException e) {
      any = false;
    }
    Folders.deleteRecursively(training);
    return any;
  }

  /** Dumps the role's archive from its longest class list that names a known class path, and keeps it if it maps. */
  private Optional<Role> keep(Role role, Path training, Path clusterDir) {
    for (Path list : candidates(training, role)) {
      Optional<String> classPath = classPath(role, list, clusterDir);
      if (classPath.isEmpty()) {
        continue;
      }
      Progress.say("class data: archiving the " + role.id() + "'s classes (" + lines(list) + " listed)");
      Path dumped = training.resolve(role.id() + ".jsa");
      List<String> flags = roleFlags(role);
      if (run(jvm(flags, List.of("-Xshare:dump", "-XX:SharedClassListFile=" + list,
              "-XX:SharedArchiveFile=" + dumped), classPath.get()))
          && maps(dumped, flags, classPath.get())) {
        try {
          Files.move(dumped, archive(role), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
          return Optional.of(role);
        } catch (IOException e) {
          // Another run kept one first, or the folder is read-only: this run simply archived nothing.
        }
      }
      Progress.say("class data: no " + role.id() + " archive from " + list + " (the dump failed or did not map);"
          + " its JVMs start without one, and the next run lists their classes again");
      return Optional.empty();
    }
    return Optional.empty();
  }

  /** Whether a JVM with these flags maps the archive; a truncated or mismatched one makes it exit non-zero. */
  static boolean maps(Path archive, List<String> flags, String classPath) {
    return run(jvm(flags, List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive), classPath, "-version"));
  }

  private Path archive(Role role) {
    return dir.resolve(role.id() + ".jsa");
  }

  private static List<Path> candidates(Path training, Role role) {
    try (Stream<Path> files = Files.list(training)) {
      return files.filter(f -> f.getFileName().toString().startsWith(role.id() + "-")
              && f.getFileName().toString().endsWith(LIST))
          .sorted(Comparator.comparingLong(ClassDataSharing::size).reversed()).toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  /**
   * The class path the archive was made with. Spark's worker builds the executors' own; each executor's log starts
   * with that command, and the training file's name (its application and executor IDs) is in it.
   */
  private Optional<String> classPath(Role role, Path candidate, Path clusterDir) {
    if (role != Role.EXECUTOR) {
      return Optional.of(JvmProcess.classPath(sparkHome));
    }
    String flag = "-XX:DumpLoadedClassList=" + candidate;
    try (Stream<Path> logs = Files.find(clusterDir, 6, (p, a) -> p.getFileName().toString().equals("stderr"))) {
      for (Path log : logs.toList()) {
        String command = firstLine(log);
        Matcher cp = EXECUTOR_CLASS_PATH.matcher(command);
        if (command.contains(flag) && cp.find()) {
          return Optional.of(cp.group(1));
        }
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  /** The flags that shape what a JVM of the role maps: the harness's start-up flags, and Spark's module flags. */
  private List<String> roleFlags(Role role) {
    List<String> flags = new ArrayList<>(SparkSettings.FAST_START_JVM_FLAGS);
    if (role == Role.DRIVER || role == Role.EXECUTOR) {
      flags.addAll(JavaModuleFlags.read(sparkHome));
    }
    return flags;
  }

  private static List<String> jvm(List<String> flags, List<String> sharing, String classPath, String... main) {
    List<String> command = new ArrayList<>(List.of(JvmProcess.javaExecutable()));
    command.addAll(flags);
    command.addAll(sharing);
    command.addAll(List.of("-cp", classPath));
    command.addAll(List.of(main));
    return command;
  }

  private static boolean run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (!process.waitFor(DUMP_BOUND_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return false;
      }
      return process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static long lines(Path file) {
    try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return lines.filter(l -> !l.startsWith("#") && !l.startsWith("@")).count();
    } catch (IOException | UncheckedIOException e) {
      return 0;
    }
  }

  private static String key(Path sparkHome) throws IOException {
    StringBuilder identity = new StringBuilder(System.getProperty("java.home"))
        .append('\n').append(System.getProperty("java.vm.version")).append('\n');
    try (Stream<Path> jars = Files.list(sparkHome.resolve("jars"))) {
      for (Path jar : jars.sorted().toList()) {
        identity.append(jar.getFileName()).append(' ').append(Files.size(jar)).append(' ')
            .append(Files.getLastModifiedTime(jar).toMillis()).append('\n');
      }
    }
    return JarIdentity.folderKey(identity.toString());
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  private static String firstLine(Path file) throws IOException {
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return lines.findFirst().orElse("");
    } catch (java.io.UncheckedIOException e) {
      return "";
    }
  }
}
