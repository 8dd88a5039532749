package dev.sft.k8s.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.contract.RunExitCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The client jar as a whole: its class path holds none of the Spark build (the enforcer rule in k8s-cli/pom.xml keeps
 * it so; this test fails if a dependency slips past it), and its commands take sft's conventions under the name
 * {@code sft k8s}.
 */
class ClientJarTest {
  @ParameterizedTest
  @ValueSource(strings = {"org.apache.spark.SparkContext", "org.apache.iceberg.Table", "scala.Option",
      "org.apache.hadoop.conf.Configuration", "org.apache.comet.CometConf"})
  void noClassOfTheSparkBuildIsOnTheClassPath(String className) {
    assertThatThrownBy(() -> Class.forName(className, false, ClientJarTest.class.getClassLoader()))
        .isInstanceOf(ClassNotFoundException.class);
  }

  @Test
  void everyCommandPrintsTheClientsVersion() {
    for (String[] args : new String[][] {{"--version"}, {"status", "--version"}, {"wait", "--version"},
        {"fetch", "--version"}}) {
      StringWriter out = new StringWriter();
      CommandLine cli = K8sCli.commandLine();
      cli.setOut(new PrintWriter(out, true));
      assertThat(cli.execute(args)).isZero();
      assertThat(out.toString().strip()).as(String.join(" ", args)).matches("sft k8s \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }
  }

  @Test
  void anUnknownCommandIsAUsageErrorNamedAsTheUserTypedIt() {
    StringWriter err = new StringWriter();
    CommandLine cli = K8sCli.commandLine();
    cli.setErr(new PrintWriter(err, true));
    assertThat(cli.execute("stat", "--help")).isEqualTo(RunExitCode.USAGE.code());
    assertThat(err.toString().lines().toList()).hasSize(2)
        .satisfiesExactly(
            line -> assertThat(line).startsWith("sft k8s: error: ").contains("'stat'"),
            line -> assertThat(line).isEqualTo("Try 'sft k8s --help' for more information."));
  }
}
