package dev.sft.contract;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A finding a user has acknowledged ({@code --known-findings FILE}, {@code spec.knownFindings}): a failing check
 * traced to a defect that is tracked elsewhere. A cell whose every failing check matches an entry is reported
 * {@link Verdict#Known} with the entry's reference, never {@link Verdict#Passed}.
 *
 * @param rule the failing check's rule, e.g. {@code loser.no-files-left} (required)
 * @param scenario a scenario id ({@code speculation-original-wins}) or a family ({@link ScenarioName#FAMILIES}:
 *     {@code speculation}, {@code executor-loss}); null for any
 * @param operation an operation id ({@code merge-dv}: both layouts) or a write operation id
 *     ({@code merge-dv-partitioned}); null for any
 * @param writer a {@link WriterName} id; null for any
 * @param cause {@link Cause} ids: the entry matches a check only when the check names causes and every one of them is
 *     here; empty for any. Required for the {@link #RULES_BY_CAUSE}. JSON takes one id or a list.
 * @param message a regular expression that must be found in the check's detail; null for any
 * @param reference where the finding is tracked: an http or https URL (required)
 */
public record KnownFinding(
    String rule,
    String scenario,
    String operation,
    String writer,
    @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    List<String> cause,
    String message,
    String reference) {
  /**
   * The rules whose failure means a different defect by cause (an orphan left by an interrupted abort and one no
   * attempt wrote fail the same rule): an entry of one must name the causes it acknowledges, so that it never covers a
   * cause it did not name. The names are the harness's ({@code AuditRules}, {@code LoserFilesJudge}); a harness test
   * holds them equal.
   */
  public static final Set<String> RULES_BY_CAUSE = Set.of("files.no-orphans", "files.orphans-known-rejected",
      "delete-files.accepted-not-superseded", "loser.no-files-left");
  /** The fields of an entry, as the file and {@code spec.knownFindings} spell them. */
  public static final List<String> FIELDS = List.of("rule", "scenario", "operation", "writer", "cause", "message",
      "reference");

  /** Six bytes: 48 bits keep the 50 entries a list may have apart. */
  private static final int KEY_BYTES = 6;
  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

  public KnownFinding {
    rule = trimmed(rule);
    scenario = trimmed(scenario);
    operation = trimmed(operation);
    writer = trimmed(writer);
    cause = cause == null ? List.of() : cause.stream().map(KnownFinding::trimmed).filter(c -> c != null).distinct()
        .sorted().toList();
    message = message == null || message.isEmpty() ? null : message;
    reference = trimmed(reference);
    if (rule == null) {
      throw new IllegalArgumentException("rule is required (the failing check's rule, e.g. loser.no-files-left)");
    }
    if (reference == null || !(reference.startsWith("https://") || reference.startsWith("http://"))) {
      throw new IllegalArgumentException("reference is required and must be an http(s) URL where the finding is"
          + " tracked, got " + (reference == null ? "none" : "'" + reference + "'"));
    }
    if (scenario != null) {
      ScenarioName.requireSelector(scenario);
    }
    if (operation != null) {
      WriteOperation.fromId(operation);
    }
    if (writer != null) {
      WriterName.fromId(writer);
    }
    for (String id : cause) {
      if (!Cause.ALL.contains(id)) {
        throw new IllegalArgumentException("unknown cause '" + id + "'; valid causes: "
            + String.join(", ", new TreeSet<>(Cause.ALL)));
      }
    }
    if (cause.isEmpty() && RULES_BY_CAUSE.contains(rule)) {
      throw new IllegalArgumentException("rule " + rule + " needs a cause: it fails for different defects by cause,"
          + " so an entry must name the ones it acknowledges, e.g. \"cause\": \"" + exampleCause(rule)
          + "\" (valid causes: " + String.join(", ", new TreeSet<>(Cause.ALL)) + ")");
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

  /**
   * The entry's name in a report's uses ({@link KnownFindingUse#key}), derived from every field, so that it names the
   * same entry wherever the entry stands in the list and a compact report can leave the text out: the first 12 hex
   * digits of the SHA-256 of the fields.
   */
  public String key() {
    String fields = String.join("\u0000", rule, String.valueOf(scenario), String.valueOf(operation),
        String.valueOf(writer), String.join(",", cause), String.valueOf(message), reference);
    try {
      byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
          .digest(fields.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest, 0, KEY_BYTES);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** An entry without scenario and cause. */
  public KnownFinding(String rule, String operation, String writer, String message, String reference) {
    this(rule, null, operation, writer, null, message, reference);
  }

  /** Whether this entry acknowledges {@code check}, a failed check of {@code result} in a run of {@code writerId}. */
  public boolean matches(String writerId, ScenarioResult result, Check check) {
    return matchesBesidesCause(writerId, result, check)
        && (cause.isEmpty() || (!check.causes().isEmpty() && cause.containsAll(check.causes())));
  }

  /** Whether this entry, which names causes, acknowledges {@code cause}, one of the causes of the failed check. */
  public boolean matchesCause(String writerId, ScenarioResult result, Check check, String cause) {
    return matchesBesidesCause(writerId, result, check) && this.cause.contains(cause);
  }

  /** The failed check's rule, the result's scenario, operation and writer, and the detail's pattern, all the entry's. */
  private boolean matchesBesidesCause(String writerId, ScenarioResult result, Check check) {
    return check.verdict() == Verdict.Failed
        && rule.equals(check.rule())
        && selects(writerId, result)
        && (message == null || (check.detail() != null && pattern(message).matcher(check.detail()).find()));
  }

  /**
   * Whether {@code result} is a repetition this entry could have matched: its scenario, operation and the run's
   * writer are the entry's, and it judged the entry's rule (Passed or Failed). A repetition left Unknown, or one
   * whose scenario never evaluates the rule, measured nothing the entry could acknowledge.
   */
  public boolean couldMatch(String writerId, ScenarioResult result) {
    return selects(writerId, result) && result.checks() != null && result.checks().stream()
        .anyMatch(c -> rule.equals(c.rule()) && (c.verdict() == Verdict.Passed || c.verdict() == Verdict.Failed));
  }

  private boolean selects(String writerId, ScenarioResult result) {
    return (scenario == null || selectsScenario(result.name()))
        && (operation == null || operation.equals(result.operation())
            || operation.equals(result.writeOperation().id()))
        && (writer == null || writer.equals(writerId));
  }

  private boolean selectsScenario(String scenarioId) {
    for (ScenarioName name : ScenarioName.values()) {
      if (name.id().equals(scenarioId)) {
        return name.selectedBy(scenario);
      }
    }
    return false;
  }

  /** Compiled once per expression: every failed check of every cell is matched against every entry. */
  private static Pattern pattern(String message) {
    return PATTERNS.computeIfAbsent(message, Pattern::compile);
  }

  /**
   * One line for reports: what it matches, what its causes are in words, and where it is tracked, e.g.
   * {@code files.orphans-known-rejected in executor-loss-shuffle-loss by iceberg, cause duplicate-result (a second
   * attempt of a partition committed; the driver dropped its result) (https://...)}.
   */
  public String describe() {
    StringBuilder line = new StringBuilder(rule);
    if (scenario != null) {
      line.append(" in ").append(scenario);
    }
    if (operation != null) {
      line.append(" on ").append(operation);
    }
    if (writer != null) {
      line.append(" by ").append(writer);
    }
    if (!cause.isEmpty()) {
      line.append(cause.size() == 1 ? ", cause " : ", causes ");
      line.append(String.join(", ", cause.stream().map(c -> c + " (" + Cause.words(c) + ")").toList()));
    }
    if (message != null) {
      line.append(" matching /").append(message).append('/');
    }
    return line.append(" (").append(reference).append(')').toString();
  }

  private static String exampleCause(String rule) {
    return switch (rule) {
      case "delete-files.accepted-not-superseded" -> Cause.MERGED_DELETION_VECTORS;
      case "files.orphans-known-rejected" -> Cause.DUPLICATE_RESULT;
      default -> Cause.LOSER_INTERRUPTED_ABORT;
    };
  }

  private static String trimmed(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
