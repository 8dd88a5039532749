package dev.sft.harness.kill;

import dev.sft.contract.KillExitCode;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The kill contract, transport-independent: validate, run the target-side script (identity check, SIGKILL,
 * bounded wait for exit), then record the evidence and a kill-log line in RUN_DIRECTORY.
 */
public final class Killer {
  public static final String RECORDS = "kills";
  public static final String KILL_LOG = "kill.log";

  private final KillTransport transport;
  private final Duration exitBound;

  public Killer(KillTransport transport, Duration exitBound) {
    this.transport = transport;
    this.exitBound = exitBound;
  }

  public KillRecord kill(KillRequest request) {
    transport.validate(request);
    long requestedAt = System.currentTimeMillis();
    List<String> args = List.of(String.valueOf(request.pid()), request.executorId(), request.host(),
        String.valueOf(exitBound.toMillis()));
    KillExitCode code;
    Map<String, String> out = Map.of();
    String reason;
    String pod = null;
    String container = null;
    try {
      // The transport bound covers connecting plus the script's own exit wait.
      KillTransport.Execution execution =
          transport.execute(request, KillScript.text(), args, exitBound.plusSeconds(30));
      pod = execution.pod();
      container = execution.container();
      out = KillScript.parseOutput(execution.stdout());
      boolean scriptAnswered = out.containsKey("result");
      // The script's own result word is authoritative; some transports do not carry its exit code faithfully.
      code = scriptAnswered
          ? KillExitCode.fromResult(out.get("result")).orElse(KillExitCode.fromCode(execution.exitCode()))
          : KillExitCode.TRANSPORT_FAILURE;
      reason = out.getOrDefault("reason", scriptAnswered ? null
          : transport.name() + " exited with " + execution.exitCode() + " without an answer from the target: "
              + execution.stderr().strip());
    } catch (KillTransport.TransportException e) {
      code = KillExitCode.TRANSPORT_FAILURE;
      reason = e.getMessage();
    }
    KillRecord record = new KillRecord(transport.name(), request.host(), pod, container, request.pid(),
        request.executorId(), out.get("cmdline"), code.result(), code.code(), reason,
        number(out.get("kill_time_ms")), number(out.get("exit_observed_ms")), out.get("exit_state"),
        requestedAt, System.currentTimeMillis());
    recordEvidence(request.runDirectory(), record);
    return record;
  }

  static void recordEvidence(Path runDirectory, KillRecord record) {
    Markers.publish(runDirectory.resolve(RECORDS).resolve(
        "kill-" + record.requestedAtMs() + "-" + record.host() + "-" + record.pid() + ".json"), record);
    String line = Instant.ofEpochMilli(record.finishedAtMs()) + " transport=" + record.transport()
        + " host=" + record.host() + (record.pod() == null ? "" : " pod=" + record.pod())
        + " pid=" + record.pid() + " executor=" + record.executorId() + " result=" + record.result()
        + " exit=" + record.exitCode() + (record.reason() == null ? "" : " reason=" + record.reason()) + "\n";
    try {
      // One short O_APPEND write per kill keeps lines whole even with concurrent callers.
      Files.writeString(runDirectory.resolve(KILL_LOG), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot append to the kill log in " + runDirectory, e);
    }
  }

  private static Long number(String value) {
    try {
      return value == null ? null : Long.parseLong(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
