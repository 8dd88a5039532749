package dev.sft.contract.cli;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Runs the last command, as picocli's {@link CommandLine.RunLast}, once every argument was matched. Picocli keeps
 * arguments it could not match when {@code --help} or {@code --version} is among them and prints that help instead:
 * {@code sft judgee --help} would print sft's help and exit 0. Here an unknown command or option is a usage error
 * whatever else the line asks for.
 */
public final class HelpAfterArguments implements IExecutionStrategy {
  @Override
  public int execute(ParseResult parseResult) {
    for (ParseResult command = parseResult; command != null; command = command.subcommand()) {
      if (!command.unmatched().isEmpty()) {
        throw new UnmatchedArgumentException(command.commandSpec().commandLine(), command.unmatched());
      }
    }
    return new CommandLine.RunLast().execute(parseResult);
  }
}
