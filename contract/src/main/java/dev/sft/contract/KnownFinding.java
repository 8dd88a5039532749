package dev.sft.contract;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A finding a user has acknowledged ({@code --known-findings FILE}, {@code spec.knownFindings}): a failing check
 * traced to a defect that is tracked elsewhere. A cell whose every failing check matches an entry is reported
 * {@link Verdict#Known} with the entry's reference, never {@link Verdict#Passed}.
 *
 * @param rule the failing check's rule, e.g. {@code loser.no-files-left} (required)
 * @param operation an operation id ({@code merge-dv}: both layouts) or a write operation id
 *     ({@code merge-dv-partitioned}); null for any
 * @param writer a {@link WriterName} id; null for any
 * @param message a regular expression that must be found in the check's detail; null for any
 * @param reference where the finding is tracked: an http or https URL (required)
 */
public record KnownFinding(String rule, String operation, String writer, String message, String reference) {
  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

  public KnownFinding {
    rule = trimmed(rule);
    operation = trimmed(operation);
    writer = trimmed(writer);
    message = message == null || message.isEmpty() ? null : message;
    reference = trimmed(reference);
    if (rule == null) {
      throw new IllegalArgumentException("rule is required (the failing check's rule, e.g. loser.no-files-left)");
    }
    if (reference == null || !(reference.startsWith("https://") || reference.startsWith("http://"))) {
      throw new IllegalArgumentException("reference is required and must be an http(s) URL where the finding is"
          + " tracked, got " + (reference == null ? "none" : "'" + reference + "'"));
    }
    if (operation != null) {
      WriteOperation.fromId(operation);
    }
    if (writer != null) {
      WriterName.fromId(writer);
    }
    if (message != null) {
      try {
        pattern(message);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("message is not a valid regular expression: "
            + e.getDescription() + " near index " + e.getIndex() + " of '" + message + "'");
      }
    }
  }

  /** Whether this entry acknowledges {@code check}, a failed check of {@code result} in a run of {@code writerId}. */
  public boolean matches(String writerId, ScenarioResult result, Check check) {
    return check.verdict() == Verdict.Failed
        && rule.equals(check.rule())
        && (operation == null || operation.equals(result.operation())
            || operation.equals(result.writeOperation().id()))
        && (writer == null || writer.equals(writerId))
        && (message == null || (check.detail() != null && pattern(message).matcher(check.detail()).find()));
  }

  /** Compiled once per expression: every failed check of every cell is matched against every entry. */
  private static Pattern pattern(String message) {
    return PATTERNS.computeIfAbsent(message, Pattern::compile);
  }

  /** One line for reports: what it matches and where it is tracked. */
  public String describe() {
    StringBuilder line = new StringBuilder(rule);
    if (operation != null) {
      line.append(" on ").append(operation);
    }
    if (writer != null) {
      line.append(" by ").append(writer);
    }
    if (message != null) {
      line.append(" matching /").append(message).append('/');
    }
    return line.append(" (").append(reference).append(')').toString();
  }

  private static String trimmed(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
