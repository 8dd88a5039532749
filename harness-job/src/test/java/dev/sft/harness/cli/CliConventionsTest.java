package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.sft.contract.DriverRun;
import dev.sft.contract.RunExitCode;
import dev.sft.harness.evidence.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The conventions of issue 39 on the real commands: time flags take durations, booleans are {@code --[no-]} flags
 * that still take the old {@code true|false}, placeholders name the value, and {@code -o json|yaml} is the one word
 * for machine-readable output.
 */
class CliConventionsTest {
  /** Every option of every command but {@code sft k8s}'s (a client of its own), with its command's name. */
  private static List<String> describe(java.util.function.Predicate<OptionSpec> offending) {
    List<String> found = new ArrayList<>();
    List<CommandLine> commands = new ArrayList<>(List.of(SftCli.commandLine()));
    for (int i = 0; i < commands.size(); i++) {
      commands.addAll(commands.get(i).getSubcommands().values());
    }
    commands.forEach(command -> {
      String name = command.getCommandSpec().qualifiedName(" ");
      if (name.startsWith("sft k8s")) {
        return;
      }
      command.getCommandSpec().options().stream()
          .filter(option -> !option.usageHelp() && !option.versionHelp() && !option.hidden())
          .filter(offending)
          .forEach(option -> found.add(name + " " + option.longestName() + " " + option.paramLabel()));
    });
    return found;
  }

  private static DriverRun run(String... args) {
    CommandLine cli = SftCli.commandLine();
    List<String> all = new ArrayList<>(List.of("run", "--master", "spark://h:7077", "--shared-root", "/s"));
    all.addAll(List.of(args));
    cli.parseArgs(all.toArray(String[]::new));
    return ((RunCommand) cli.getSubcommands().get("run").getCommand()).driverRun();
  }

  @Test
  void everyTimeFlagTakesADuration() {
    assertThat(describe(option -> option.longestName().matches(".*(timeout|deadline|-time|poll)")
        && option.type() != Duration.class)).isEmpty();

    DriverRun durations = run("--timeout", "5m", "--kill-timeout", "PT45S", "--deadline", "1h30m");
    assertThat(durations.timeoutSeconds()).isEqualTo(300);
    assertThat(durations.killTimeoutSeconds()).isEqualTo(45);
    assertThat(durations.deadlineSeconds()).isEqualTo(5400);
    DriverRun seconds = run("--timeout", "240", "--kill-timeout", "90s");
    assertThat(seconds.timeoutSeconds()).as("a plain number is seconds").isEqualTo(240);
    assertThat(seconds.killTimeoutSeconds()).isEqualTo(90);
  }

  @Test
  void aValueThatIsNoDurationIsAOneLineUsageError() {
    String error = UsageErrorsTest.run("local", "--timeout", "soon").usageError("sft local");
    assertThat(error).isEqualTo("sft local: error: Invalid value for option '--timeout': 'soon' is not a duration"
        + " (90s, 5m, 1h30m, PT5M or a number of seconds)");
    assertThat(UsageErrorsTest.run("kill", "--exit-timeout", "5x", "h", "1", "1", "/tmp").usageError("sft kill"))
        .contains("'--exit-timeout'");
    CliArgumentsTest.Outcome fraction = CliArgumentsTest.run("local", "--timeout", "1500ms");
    assertThat(fraction.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(fraction.err().strip()).isEqualTo("sft local: error: --timeout counts whole seconds, got 1500ms");
    assertThat(CliArgumentsTest.run("local", "--timeout", "0").err()).contains("--timeout must be at least 1");
  }

  @Test
  void everyFlagIsNegatableAndTheOldTrueFalseSpellingStillWorks() {
    // --no-known-findings is itself the negative of a default, beside --known-findings FILE; --list-pins is an
    // action (list and exit), as --help is, not a setting.
    assertThat(describe(option -> (option.type() == boolean.class || option.type() == Boolean.class)
        && !option.negatable() && !option.longestName().equals("--no-known-findings")
        && !option.longestName().equals("--list-pins"))).isEmpty();

    assertThat(run().speculation()).isTrue();
    assertThat(run("--no-speculation", "--scenarios", "executor-loss-shuffle-loss").speculation()).isFalse();
    assertThat(run("--speculation", "false", "--scenarios", "executor-loss-shuffle-loss").speculation()).isFalse();
    assertThat(run("--speculation", "true").speculation()).isTrue();
    assertThat(run("--speculation").speculation()).isTrue();
    assertThat(run("--no-interrupt-on-cancel").interruptOnCancel()).isFalse();
    assertThat(run("--interrupt-on-cancel", "false").interruptOnCancel()).isFalse();
    assertThat(run("--strict").strict()).isTrue();
    assertThat(run("--no-strict").strict()).isFalse();
  }

  @Test
  void placeholdersNameTheValueNotAJavaField() {
    assertThat(describe(option -> option.arity().max() > 0 && option.paramLabel().matches(".*<[a-z]+[A-Z].*")))
        .isEmpty();
    String help = new CommandLine(new RunCommand()).getUsageMessage();
    assertThat(help).contains("--timeout=<duration>").contains("--[no-]keep").contains("--shared-root=<dir>")
        .doesNotContain("Seconds>").doesNotContain("<interruptOnCancel>");
  }

  @Test
  void comparePrintsTheSameResultAsJsonAndAsYaml(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("report.json");
    Files.writeString(report, "{\"runId\": \"a\", \"writer\": \"iceberg\", \"scenarios\": [{\"name\":"
        + " \"speculation-original-wins\", \"repetition\": 1, \"scheduler\": \"Passed\", \"storage\": \"Passed\"}],"
        + " \"stats\": [{\"name\": \"speculation-original-wins\", \"repetitions\": 1, \"passed\": 1}]}");
    String json = stdout("compare", report.toString(), report.toString(), "-o", "json");
    String yaml = stdout("compare", report.toString(), report.toString(), "--output", "yaml");
    JsonNode fromJson = Json.MAPPER.readTree(json);
    assertThat(fromJson.path("comparison").path("cells").get(0).path("cell").asText())
        .isEqualTo("speculation-original-wins/append");
    assertThat(new YAMLMapper().readTree(yaml)).isEqualTo(fromJson);
    assertThat(yaml).doesNotContain("{\"");

    assertThat(UsageErrorsTest.run("compare", report.toString(), report.toString(), "-o", "xml")
        .usageError("sft compare")).contains("expected one of [table, json, yaml]");
  }

  /** What the command prints on stdout (compare and audit print there directly, not through picocli's writer). */
  private static String stdout(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      SftCli.execute(args);
    } finally {
      System.setOut(old);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
