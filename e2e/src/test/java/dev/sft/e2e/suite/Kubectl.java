package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The real kubectl, against the cluster under test (the stand-in or a real one): the suite does what a user does, and
 * reads what a user reads.
 */
public final class Kubectl {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration BOUND = Duration.ofSeconds(60);

  private final Path binary;
  private final Path kubeconfig;

  public Kubectl(Path binary, Path kubeconfig) {
    this.binary = binary;
    this.kubeconfig = kubeconfig;
  }

  public Path kubeconfig() {
    return kubeconfig;
  }

  public Command.Result run(String... args) {
    return run(BOUND, null, args);
  }

  public Command.Result run(Duration bound, String stdin, String... args) {
    List<String> command = new ArrayList<>(List.of(binary.toString(), "--kubeconfig", kubeconfig.toString()));
    command.addAll(List.of(args));
    return Command.run(bound, stdin, command);
  }

  /** Starts a long-running kubectl (e.g. {@code proxy}), stderr into stdout; the caller reads and ends it. */
  public Process start(String... args) {
    List<String> command = new ArrayList<>(List.of(binary.toString(), "--kubeconfig", kubeconfig.toString()));
    command.addAll(List.of(args));
    try {
      return new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (java.io.IOException e) {
      throw new AssertionError("cannot start " + command + ": " + e, e);
    }
  }

  /** {@code kubectl apply -f -} of the given YAML; fails with kubectl's own words. */
  public String apply(String namespace, String yaml) {
    return namespace == null
        ? run(BOUND, yaml, "apply", "-f", "-").orFail()
        : run(BOUND, yaml, "apply", "-n", namespace, "-f", "-").orFail();
  }

  /** {@code kubectl get ... -o json}, parsed. */
  public JsonNode getJson(String namespace, String... what) {
    List<String> args = new ArrayList<>(List.of("get", "-n", namespace));
    args.addAll(List.of(what));
    args.addAll(List.of("-o", "json"));
    return parse(run(args.toArray(String[]::new)).orFail());
  }

  /** The object, or null when kubectl says it is not found. */
  public JsonNode find(String namespace, String kind, String name) {
    Command.Result result = run("get", "-n", namespace, kind, name, "-o", "json", "--ignore-not-found");
    String out = result.orFail();
    return out.isBlank() ? null : parse(out);
  }

  public List<JsonNode> list(String namespace, String kind, String selector) {
    JsonNode list = selector == null ? getJson(namespace, kind) : getJson(namespace, kind, "-l", selector);
    List<JsonNode> items = new ArrayList<>();
    list.path("items").forEach(items::add);
    return items;
  }

  static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new AssertionError("kubectl printed no JSON: " + Await.abbreviate(json), e);
    }
  }
}
