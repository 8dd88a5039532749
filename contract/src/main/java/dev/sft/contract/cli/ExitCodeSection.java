package dev.sft.contract.cli;

import dev.sft.contract.AuditExitCode;
import dev.sft.contract.KillExitCode;
import dev.sft.contract.ReplayExitCode;
import dev.sft.contract.RunExitCode;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The "Exit codes:" section of a command's help: the numbers come from the contract's enums ({@link RunExitCode},
 * {@link AuditExitCode}, {@link KillExitCode}, {@link ReplayExitCode}), their one definition; each command says what a code means for it.
 * {@code failureCode} is the code an unexpected error exits with, one of the listed codes of that command's own enum:
 * 4 means "internal failure" to {@code sft run} but "no such process" to {@code sft kill}.
 */
public record ExitCodeSection(Map<String, String> codes, int failureCode) {
  public static final String HEADING = "%nExit codes:%n";

  /** The codes of {@code sft local} and {@code sft run}: every {@link RunExitCode}. */
  public static final Map<RunExitCode, String> DRIVER_RUN = complete(RunExitCode.class, Map.of(
      RunExitCode.PASSED, "every selected scenario passed both verdicts (or, without --strict, failed only by known"
          + " findings)",
      RunExitCode.SCENARIO_NOT_PASSED, "a scenario's scheduler or storage verdict is Failed or Unknown (or Known,"
          + " with --strict), or a known finding is stale (--fail-on-stale); with --compare, a regression or a cell"
          + " inconclusive about an invariant finding",
      RunExitCode.USAGE, "bad arguments; nothing was started",
      RunExitCode.PREFLIGHT_FAILED, "preflight failed (shared filesystem, executors on two hosts)",
      RunExitCode.INFRASTRUCTURE, "infrastructure failure (unreachable master, cluster start, internal error)"));

  /** The codes of a command that only chooses another: {@code sft} and {@code sft k8s}. */
  public static final Map<RunExitCode, String> COMMAND_GROUP = Map.of(
      RunExitCode.USAGE, "no command, or an unknown one; each command's --help lists its own exit codes");

  /** What an unexpected error means to a command that does not say it otherwise. */
  static final String INTERNAL_FAILURE = "an internal failure (one line says what; SFT_DEBUG=1 adds the stack trace)";

  /**
   * A section of {@link RunExitCode}s: the command gives only the codes in {@code meanings}, and an unexpected error
   * is {@link RunExitCode#INFRASTRUCTURE}, listed with {@link #INTERNAL_FAILURE} unless the command describes it.
   */
  public static ExitCodeSection run(Map<RunExitCode, String> meanings) {
    Map<RunExitCode, String> all = new EnumMap<>(RunExitCode.class);
    all.putAll(meanings);
    all.putIfAbsent(RunExitCode.INFRASTRUCTURE, INTERNAL_FAILURE);
    return of(all, RunExitCode::code, RunExitCode.INFRASTRUCTURE);
  }

  public static ExitCodeSection audit(Map<AuditExitCode, String> meanings) {
    return of(complete(AuditExitCode.class, meanings), AuditExitCode::code, AuditExitCode.INTERNAL_FAILURE);
  }

  public static ExitCodeSection replay(Map<ReplayExitCode, String> meanings) {
    return of(complete(ReplayExitCode.class, meanings), ReplayExitCode::code, ReplayExitCode.INTERNAL_FAILURE);
  }

  /**
   * An unexpected error in a kill is {@link KillExitCode#TRANSPORT_FAILURE}: the signal was not delivered, and the
   * caller must not read it as {@link KillExitCode#NO_SUCH_PROCESS} (the executor gone) or a refusal.
   */
  public static ExitCodeSection kill(Map<KillExitCode, String> meanings) {
    return of(complete(KillExitCode.class, meanings), KillExitCode::code, KillExitCode.TRANSPORT_FAILURE);
  }

  private static <E extends Enum<E>> ExitCodeSection of(Map<E, String> meanings, ToIntFunction<E> code, E failure) {
    Map<String, String> codes = new LinkedHashMap<>();
    meanings.entrySet().stream()
        .sorted(Comparator.comparingInt(entry -> code.applyAsInt(entry.getKey())))
        .forEach(entry -> codes.put(Integer.toString(code.applyAsInt(entry.getKey())), entry.getValue()));
    return new ExitCodeSection(codes, code.applyAsInt(failure));
  }

  /** {@code meanings} if it describes every code of {@code type}: a code added to the contract must be documented. */
  private static <E extends Enum<E>> Map<E, String> complete(Class<E> type, Map<E, String> meanings) {
    Map<E, String> all = new EnumMap<>(type);
    all.putAll(meanings);
    for (E value : type.getEnumConstants()) {
      if (!all.containsKey(value)) {
        throw new IllegalStateException("no meaning for exit code " + type.getSimpleName() + "." + value);
      }
    }
    return all;
  }

  /** Puts this section into a command's help. */
  public void applyTo(UsageMessageSpec usage) {
    usage.exitCodeListHeading(HEADING).exitCodeList(codes);
  }

  /** A command whose help lists its exit codes. */
  public interface Documented {
    ExitCodeSection exitCodes();
  }
}
