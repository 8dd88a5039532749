package dev.sft.contract.cli;

import dev.sft.contract.RunExitCode;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a usage error as the error and where to look, not the whole usage: {@code sft <command>: error: <message>}
 * and {@code Try 'sft <command> --help' for more information.} on stderr, exit 2 ({@link RunExitCode#USAGE}, which
 * is also {@code AuditExitCode.UNUSABLE_INPUT} and {@code KillExitCode.BAD_ARGUMENTS}).
 */
public final class UsageErrors implements IParameterExceptionHandler {
  @Override
  public int handleParseException(ParameterException error, String[] args) {
    CommandLine failed = error.getCommandLine();
    PrintWriter err = failed.getErr();
    String command = failed.getCommandSpec().qualifiedName(" ");
    err.println(command + ": error: " + message(error));
    err.println("Try '" + command + " --help' for more information.");
    err.flush();
    return RunExitCode.USAGE.code();
  }

  /** The message on one line, with picocli's suggestions for a mistyped command or option, if any. */
  private static String message(ParameterException error) {
    String message = String.join(" ", error.getMessage().strip().split("\\s*\\R\\s*"));
    if (error instanceof UnmatchedArgumentException unmatched) {
      List<String> suggestions = unmatched.getSuggestions();
      if (!suggestions.isEmpty()) {
        message += " (did you mean " + String.join(" or ", suggestions) + "?)";
      }
    }
    return message;
  }
}
