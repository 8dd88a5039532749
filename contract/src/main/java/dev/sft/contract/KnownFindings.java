package dev.sft.contract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The known findings of a run, in the order the user listed them, and the one place that decides which results they
 * acknowledge. The file form ({@code --known-findings FILE}) and the inline form
 * ({@link DriverRun#KNOWN_FINDINGS_JSON_OPTION}) are the same JSON: an array of {@link KnownFinding} objects, no two
 * alike (a use names its entry by {@link KnownFinding#key}).
 */
public final class KnownFindings {
  public static final KnownFindings NONE = new KnownFindings(List.of());
  /** More entries than anyone maintains by hand; bounds the inline option and the termination message. */
  public static final int MAX_ENTRIES = 50;
  private static final ObjectMapper STRICT = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final List<KnownFinding> entries;

  private KnownFindings(List<KnownFinding> entries) {
    this.entries = List.copyOf(entries);
  }

  /** Also how a {@link DriverRun} written as JSON (the driver run's evidence) reads its known findings back. */
  @com.fasterxml.jackson.annotation.JsonCreator(mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
  public static KnownFindings of(List<KnownFinding> entries) {
    if (entries == null || entries.isEmpty()) {
      return NONE;
    }
    if (entries.size() > MAX_ENTRIES) {
      throw new IllegalArgumentException("at most " + MAX_ENTRIES + " known findings, got " + entries.size());
    }
    List<String> keys = entries.stream().map(KnownFinding::key).toList();
    for (int i = 0; i < keys.size(); i++) {
      int first = keys.indexOf(keys.get(i));
      if (first != i) {
        throw new IllegalArgumentException("known finding " + (i + 1) + " repeats known finding " + (first + 1));
      }
    }
    return new KnownFindings(entries);
  }

  /**
   * Parses the JSON form; every error names {@code source} and the entry.
   *
   * @throws IllegalArgumentException when the text is not an array of valid entries
   */
  public static KnownFindings parse(String json, String source) {
    JsonNode array;
    try {
      array = STRICT.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(source + ": not JSON: " + e.getOriginalMessage());
    }
    if (array == null || !array.isArray()) {
      throw new IllegalArgumentException(source + ": expected a JSON array of known findings, each {\"rule\": ...,"
          + " \"reference\": \"https://...\"} with optional \"scenario\", \"operation\", \"writer\", \"cause\""
          + " (required for " + String.join(", ", new java.util.TreeSet<>(KnownFinding.RULES_BY_CAUSE)) + ") and"
          + " \"message\"");
    }
    List<KnownFinding> parsed = new ArrayList<>();
    for (int i = 0; i < array.size(); i++) {
      try {
        parsed.add(STRICT.treeToValue(array.get(i), KnownFinding.class));
      } catch (UnrecognizedPropertyException e) {
        throw new IllegalArgumentException(source + ": entry " + (i + 1) + ": unknown field '" + e.getPropertyName()
            + "'; known: " + String.join(", ", KnownFinding.FIELDS));
      } catch (JsonProcessingException e) {
        Throwable cause = e.getCause() instanceof IllegalArgumentException ? e.getCause() : e;
        String why = cause instanceof JsonProcessingException j ? j.getOriginalMessage() : cause.getMessage();
        throw new IllegalArgumentException(source + ": entry " + (i + 1) + ": " + why);
      }
    }
    try {
      return of(parsed);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(source + ": " + e.getMessage());
    }
  }

  public String toJson() {
    try {
      return ReportJson.compactMapper().writeValueAsString(entries);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize known findings", e);
    }
  }

  @com.fasterxml.jackson.annotation.JsonValue
  public List<KnownFinding> entries() {
    return entries;
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /**
   * The result with each Failed side made {@link Verdict#Known}, when every failed check of the cell matches an
   * entry; otherwise the result as it is. An Unknown side stays Unknown, and a Failed side without a failed check of
   * its own (nothing to match) stays Failed.
   */
  public ScenarioResult classify(String writerId, ScenarioResult result) {
    List<Check> failed = result.checks() == null ? List.of()
        : result.checks().stream().filter(c -> c.verdict() == Verdict.Failed).toList();
    if (failed.isEmpty()) {
      return result;
    }
    Set<String> references = new LinkedHashSet<>();
    for (Check check : failed) {
      List<KnownFinding> acknowledging = acknowledging(writerId, result, check);
      if (acknowledging.isEmpty()) {
        return result;
      }
      acknowledging.forEach(e -> references.add(e.reference()));
    }
    Verdict scheduler = known(result.scheduler(), failed, Check.SCHEDULER);
    Verdict storage = known(result.storage(), failed, Check.STORAGE);
    if (scheduler == Verdict.Failed || storage == Verdict.Failed) {
      return result;
    }
    return result.withKnown(scheduler, storage, List.copyOf(references));
  }

  /**
   * Each entry, how many failed checks of {@code results} it matched, and in how many of them it could have
   * ({@link KnownFinding#couldMatch}).
   */
  public List<KnownFindingUse> uses(String writerId, List<ScenarioResult> results) {
    List<KnownFindingUse> uses = new ArrayList<>();
    for (KnownFinding entry : entries) {
      int matches = 0;
      int couldHaveMatched = 0;
      for (ScenarioResult result : results) {
        for (Check check : result.checks() == null ? List.<Check>of() : result.checks()) {
          matches += check.verdict() == Verdict.Failed && acknowledging(writerId, result, check).contains(entry) ? 1 : 0;
        }
        couldHaveMatched += entry.couldMatch(writerId, result) ? 1 : 0;
      }
      uses.add(new KnownFindingUse(entry.key(), entry, matches, couldHaveMatched));
    }
    return uses;
  }

  /**
   * The entries that acknowledge a failed check: one that matches it whole, else, for a check of several causes, one
   * per cause (a shuffle loss's orphans may be a dropped duplicate's and a killed duplicate's, each its own known
   * defect); empty when any cause has none, so a cause no entry names is never acknowledged.
   */
  private List<KnownFinding> acknowledging(String writerId, ScenarioResult result, Check check) {
    for (KnownFinding entry : entries) {
      if (entry.matches(writerId, result, check)) {
        return List.of(entry);
      }
    }
    if (check.causes().size() < 2) {
      return List.of();
    }
    List<KnownFinding> perCause = new ArrayList<>();
    for (String cause : check.causes()) {
      KnownFinding entry = entries.stream().filter(e -> e.matchesCause(writerId, result, check, cause)).findFirst()
          .orElse(null);
      if (entry == null) {
        return List.of();
      }
      if (!perCause.contains(entry)) {
        perCause.add(entry);
      }
    }
    return perCause;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KnownFindings that && entries.equals(that.entries);
  }

  @Override
  public int hashCode() {
    return entries.hashCode();
  }

  @Override
  public String toString() {
    return toJson();
  }

  private static Verdict known(Verdict side, List<Check> failed, String sideName) {
    if (side != Verdict.Failed) {
      return side;
    }
    return failed.stream().anyMatch(c -> sideName.equals(c.side())) ? Verdict.Known : Verdict.Failed;
  }
}
