package dev.sft.harness.kill;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The four arguments of the kill contract, validated: {@code HOST PID EXECUTOR_ID RUN_DIRECTORY}.
 *
 * @param host the executor's host as the scheduler sees it (hostname or IP address)
 * @param pid the executor process ID on that host
 * @param executorId Spark's executor ID (numeric on Standalone)
 * @param runDirectory where the evidence record and the kill log go
 */
public record KillRequest(String host, long pid, String executorId, Path runDirectory) {
  private static final Pattern HOSTNAME =
      Pattern.compile("^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$");
  private static final Pattern IPV6 = Pattern.compile("^[0-9A-Fa-f:.]+$");
  private static final Pattern EXECUTOR_ID = Pattern.compile("^[0-9]{1,9}$");

  /** Validates the raw arguments; throws {@link IllegalArgumentException} naming the bad one. */
  public static KillRequest parse(String host, String pid, String executorId, String runDirectory) {
    if (host == null || !(HOSTNAME.matcher(host).matches() || (host.contains(":") && IPV6.matcher(host).matches()))) {
      throw new IllegalArgumentException("HOST '" + host + "' is not a hostname or IP address");
    }
    long parsedPid;
    try {
      parsedPid = Long.parseLong(pid);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("PID '" + pid + "' is not a number");
    }
    if (parsedPid <= 1) {
      throw new IllegalArgumentException("PID " + parsedPid + " is refused: it must be greater than 1");
    }
    if (executorId == null || !EXECUTOR_ID.matcher(executorId).matches()) {
      throw new IllegalArgumentException("EXECUTOR_ID '" + executorId + "' is not a numeric Spark executor ID"
          + " (the driver and named processes are never targets)");
    }
    Path dir = Path.of(runDirectory == null ? "" : runDirectory).toAbsolutePath();
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("RUN_DIRECTORY " + dir + " does not exist or is not a folder");
    }
    return new KillRequest(host, parsedPid, executorId, dir);
  }
}
