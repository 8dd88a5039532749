package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RunExitCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A usage error prints the error and one pointer to the help, never the whole usage, and exits 2. */
class UsageErrorsTest {
  record Outcome(int exit, String out, String err) {
    /** Asserts the two lines of a usage error of {@code command} and returns the error line. */
    String usageError(String command) {
      assertThat(exit).as(err).isEqualTo(RunExitCode.USAGE.code());
      assertThat(out).isEmpty();
      assertThat(err.lines().toList()).as(err).hasSize(2);
      assertThat(err.lines().toList().get(1)).isEqualTo("Try '" + command + " --help' for more information.");
      String error = err.lines().findFirst().orElseThrow();
      assertThat(error).startsWith(command + ": error: ");
      return error;
    }
  }

  static Outcome run(String... args) {
    CommandLine cli = SftCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    return new Outcome(exit, out.toString(), err.toString());
  }

  @Test
  void anUnknownOptionNamesIt() {
    assertThat(run("local", "--timout", "30m").usageError("sft local")).contains("'--timout'");
  }

  @Test
  void aMalformedValueNamesTheOptionAndTheValue() {
    assertThat(run("local", "--timeout", "soon").usageError("sft local")).contains("--timeout").contains("soon");
  }

  @Test
  void aMissingParameterNamesIt() {
    assertThat(run("compare", "baseline.json").usageError("sft compare")).contains("CANDIDATE");
    assertThat(run("k8s", "wait").usageError("sft k8s wait")).contains("NAME");
  }

  @Test
  void anUnknownCommandIsAnErrorEvenWithHelpOrVersion() {
    assertThat(run("judgee").usageError("sft")).contains("'judgee'").contains("did you mean judge");
    assertThat(run("judgee", "--help").usageError("sft")).contains("'judgee'");
    assertThat(run("judgee", "--version").usageError("sft")).contains("'judgee'");
    assertThat(run("k8s", "stat", "--help").usageError("sft k8s")).contains("'stat'");
  }

  @Test
  void anUnknownOptionBesideHelpIsAnError() {
    assertThat(run("audit", "--help", "--jsn").usageError("sft audit")).contains("'--jsn'");
  }

  @Test
  void noCommandIsAnError() {
    assertThat(run().usageError("sft")).contains("choose a command");
    assertThat(run("k8s").usageError("sft k8s")).contains("choose a command");
  }
}
