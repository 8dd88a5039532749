package dev.sft.k8s.cli;

import dev.sft.contract.cli.CliConventions;
import picocli.CommandLine;

/**
 * The entry point of the client jar ({@code java -jar sft-k8s.jar status NAME}, what {@code ./sft k8s} and
 * {@code kubectl sft} run): {@code sft k8s} alone, on a JRE, without the Spark build.
 */
public final class K8sCli {
  /** The name its help and errors give it: the command the user typed, whichever way it was started. */
  static final String NAME = "sft k8s";

  private K8sCli() {}

  public static CommandLine commandLine() {
    return CliConventions.apply(new CommandLine(new K8sCommand()).setCommandName(NAME), new K8sVersion());
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }
}
