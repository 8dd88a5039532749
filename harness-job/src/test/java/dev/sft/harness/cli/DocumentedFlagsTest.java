package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The flag tables of the README and docs/ say exactly what {@code sft <command> --help} says: every option the
 * command shows in its help is a row, and no row names an option the command does not have.
 *
 * <p>A flag table is a markdown table right after a line {@code <!-- flags: sft local -->} (the command path, e.g.
 * {@code sft k8s status}); each row documents one option, and the backticked words of its first cell that start with
 * {@code -} are that option's names, all of them ({@code `-n NS`, `--namespace NS`}). A table row whose first cell
 * starts with a backticked option anywhere else is refused, so that no flag table escapes this check. Hidden options
 * and {@code --help} / {@code --version} are not documented in tables. A negatable flag is written {@code --[no-]keep}.
 *
 * <p>The second cell is the default, checked where the command has one: a flag's is {@code on} or {@code off}, a
 * required option's {@code required}, any other's starts with the value {@code --help} shows (backticks aside).
 */
class DocumentedFlagsTest {
  private static final Pattern MARKER = Pattern.compile("^<!-- flags: sft ([a-z0-9 -]+?) -->\\s*$");
  private static final Pattern BACKTICKED = Pattern.compile("`([^`]+)`");

  record Row(String file, int line, List<String> names, String defaultCell) {}

  record Table(String file, int line, List<String> command, List<Row> rows) {}

  @Test
  void everyFlagTableListsExactlyTheOptionsOfItsCommand() {
    List<Table> tables = tables();
    assertThat(tables).extracting(table -> String.join(" ", table.command()))
        .as("the README's and docs' flag tables").contains("local", "run");
    List<String> problems = new ArrayList<>();
    for (Table table : tables) {
      CommandSpec spec = command(table.command());
      if (spec == null) {
        problems.add(table.file() + ":" + table.line() + ": no command sft " + String.join(" ", table.command()));
        continue;
      }
      List<Set<String>> options = spec.options().stream()
          .filter(option -> !option.hidden() && !option.usageHelp() && !option.versionHelp())
          .map(option -> (Set<String>) new TreeSet<>(List.of(option.names())))
          .toList();
      List<Set<String>> documented = new ArrayList<>();
      for (Row row : table.rows()) {
        Set<String> names = new TreeSet<>(row.names());
        if (!options.contains(names)) {
          problems.add(row.file() + ":" + row.line() + ": sft " + String.join(" ", table.command())
              + " has no option named exactly " + names + describeNear(spec, names));
        } else if (documented.contains(names)) {
          problems.add(row.file() + ":" + row.line() + ": " + names + " is documented twice");
        } else {
          OptionSpec option = spec.findOption(names.iterator().next());
          String expected = documentedDefault(option);
          String cell = row.defaultCell().replace("`", "").trim();
          if (expected != null && !(cell.equals(expected) || cell.startsWith(expected + " "))) {
            problems.add(row.file() + ":" + row.line() + ": the default of " + names + " is " + expected
                + " (sft " + String.join(" ", table.command()) + " --help), the table says " + cell);
          }
        }
        documented.add(names);
      }
      for (Set<String> option : options) {
        if (!documented.contains(option)) {
          problems.add(table.file() + ":" + table.line() + ": the table of sft " + String.join(" ", table.command())
              + " lacks " + option + " (see sft " + String.join(" ", table.command()) + " --help)");
        }
      }
    }
    assertThat(problems).as("flag tables that differ from --help").isEmpty();
  }

  @Test
  void noTableDocumentsOptionsOutsideAFlagTable() {
    List<String> stray = new ArrayList<>();
    Set<String> marked = new LinkedHashSet<>();
    for (Table table : tables()) {
      table.rows().forEach(row -> marked.add(row.file() + ":" + row.line()));
    }
    for (Path file : documents()) {
      List<String> lines = read(file);
      for (int i = 0; i < lines.size(); i++) {
        String where = relative(file) + ":" + (i + 1);
        if (firstCellStartsWithAnOption(lines.get(i)) && !marked.contains(where)) {
          stray.add(where + ": " + lines.get(i));
        }
      }
    }
    assertThat(stray).as("table rows of options without a <!-- flags: sft COMMAND --> marker").isEmpty();
  }

  @Test
  void theDefaultOfAFlagIsOnOrOffAndOfAValueTheValue() {
    CommandSpec run = command(List.of("run"));
    assertThat(documentedDefault(run.findOption("--keep"))).isEqualTo("off");
    assertThat(documentedDefault(run.findOption("--ship-jars"))).isEqualTo("on");
    assertThat(documentedDefault(run.findOption("--timeout"))).isEqualTo("180s");
    assertThat(documentedDefault(run.findOption("--jar"))).as("no default to check").isNull();
    assertThat(documentedDefault(command(List.of("audit")).findOption("--table-location"))).isEqualTo("required");
    assertThat(documentedDefault(command(List.of("judge")).findOption("--strict"))).as("the run's own").isNull();
    assertThat(cells("| `--interrupt-on-cancel true\\|false` | `true` (yes) | x |").get(1))
        .isEqualTo(" `true` (yes) ");
  }

  @Test
  void theParserReadsNamesAndAliasesFromTheFirstCellOnly() {
    assertThat(names("| `-n NS`, `--namespace NS` | the namespace, `--not-this` |"))
        .containsExactly("-n", "--namespace");
    assertThat(names("| `--kill-timeout SECONDS` (env `SFT_KILL_TIMEOUT_SECONDS`) | 30 | bound |"))
        .containsExactly("--kill-timeout");
    assertThat(names("| `--interrupt-on-cancel true\\|false` | true | x |")).containsExactly("--interrupt-on-cancel");
    assertThat(names("| `--[no-]keep` | off | x |")).containsExactly("--keep");
    assertThat(firstCellStartsWithAnOption("| `--keep` | off | x |")).isTrue();
    assertThat(firstCellStartsWithAnOption("| `sft k8s status NAME` | prints | `--out` |")).isFalse();
  }

  private static CommandSpec command(List<String> path) {
    CommandLine cli = new CommandLine(new SftCli());
    for (String name : path) {
      cli = cli.getSubcommands().get(name);
      if (cli == null) {
        return null;
      }
    }
    return cli.getCommandSpec();
  }

  /** What the Default cell must say of {@code option}, or null when the command has no default to check it against. */
  static String documentedDefault(OptionSpec option) {
    if (option.required()) {
      return "required";
    }
    String value = option.defaultValue(); // the annotation's, with ${env:...} resolved
    if (option.type() == boolean.class) {
      return Boolean.parseBoolean(value) ? "on" : "off";
    }
    return value == null || value.isEmpty() ? null : value;
  }

  private static String describeNear(CommandSpec spec, Set<String> names) {
    for (OptionSpec option : spec.options()) {
      for (String name : option.names()) {
        if (names.contains(name)) {
          return " (its option is " + new TreeSet<>(List.of(option.names())) + (option.hidden() ? ", hidden" : "")
              + ")";
        }
      }
    }
    return "";
  }

  /** Every marked table of the README and docs/*.md. */
  static List<Table> tables() {
    List<Table> tables = new ArrayList<>();
    for (Path file : documents()) {
      List<String> lines = read(file);
      for (int i = 0; i < lines.size(); i++) {
        Matcher marker = MARKER.matcher(lines.get(i));
        if (!marker.matches()) {
          continue;
        }
        int at = i + 1;
        while (at < lines.size() && lines.get(at).isBlank()) {
          at++;
        }
        List<Row> rows = new ArrayList<>();
        // Header and separator first, then one row per option until the table ends.
        for (int row = at + 2; row < lines.size() && lines.get(row).startsWith("|"); row++) {
          List<String> cells = cells(lines.get(row));
          rows.add(new Row(relative(file), row + 1, names(lines.get(row)), cells.size() > 1 ? cells.get(1) : ""));
        }
        assertThat(at + 1 < lines.size() && lines.get(at).startsWith("|") && lines.get(at + 1).startsWith("|---"))
            .as(relative(file) + ":" + (i + 1) + ": a flag marker must be followed by a markdown table").isTrue();
        tables.add(new Table(relative(file), i + 1, List.of(marker.group(1).trim().split(" +")), rows));
      }
    }
    return tables;
  }

  /** The option names of a row: the backticked words of its first cell that start with {@code -}. */
  static List<String> names(String row) {
    List<String> names = new ArrayList<>();
    Matcher spans = BACKTICKED.matcher(firstCell(row));
    while (spans.find()) {
      String word = spans.group(1).trim().split("\\s+")[0].replace("--[no-]", "--");
      if (word.startsWith("-")) {
        names.add(word);
      }
    }
    return names;
  }

  static boolean firstCellStartsWithAnOption(String line) {
    return line.startsWith("|") && firstCell(line).trim().startsWith("`-");
  }

  private static String firstCell(String row) {
    List<String> cells = cells(row);
    return cells.isEmpty() ? "" : cells.get(0);
  }

  /** The cells of a table row; {@code \|} inside one is an escaped pipe, not a cell's end. */
  static List<String> cells(String row) {
    List<String> cells = new ArrayList<>();
    String body = row.substring(1);
    int start = 0;
    for (int i = 0; i < body.length(); i++) {
      if (body.charAt(i) == '\\') {
        i++;
      } else if (body.charAt(i) == '|') {
        cells.add(body.substring(start, i));
        start = i + 1;
      }
    }
    if (start < body.length()) {
      cells.add(body.substring(start));
    }
    return cells;
  }

  /** README.md and every docs/*.md of the checkout. */
  static List<Path> documents() {
    Path root = root();
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
      docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))
          && Files.isDirectory(dir.resolve("harness-job"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no sft checkout above " + Path.of("").toAbsolutePath());
  }

  private static String relative(Path file) {
    return root().relativize(file).toString();
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
